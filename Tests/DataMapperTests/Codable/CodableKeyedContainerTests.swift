import DataMapper
import Foundation
import Testing

/// A tree whose nodes share one key type: each node's container is still in use
/// while its children ask for containers of the same type.
private struct TreeNode: Decodable, Equatable {
    var name: String
    var children: [TreeNode]
}

/// Reads a field after decoding a nested value of its own type, from the same container.
private struct Chain: Decodable, Equatable {
    var head: Int
    /// The next link, if any (an array, as a struct cannot hold itself).
    var next: [Chain]
    var tail: Int

    enum CodingKeys: String, CodingKey { case head, next, tail }

    init(head: Int, next: [Chain], tail: Int) {
        self.head = head
        self.next = next
        self.tail = tail
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        head = try container.decode(Int.self, forKey: .head)
        next = try container.decodeIfPresent(Chain.self, forKey: .next).map { [$0] } ?? []
        tail = try container.decode(Int.self, forKey: .tail)
    }
}

private struct Item: Decodable {
    var id: Int
    let container: KeyedDecodingContainer<CodingKeys>

    enum CodingKeys: String, CodingKey { case id }

    init(from decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
    }
}

/// Holds containers of two key types over one dictionary at once, reading from
/// each after a nested value that asks for containers of both types.
private struct TwoKeyTypes: Decodable, Equatable {
    var first: Int
    var second: Int
    var nested: [TwoKeyTypes]

    enum FirstKeys: String, CodingKey { case first, nested }
    enum SecondKeys: String, CodingKey { case second }

    init(first: Int, second: Int, nested: [TwoKeyTypes]) {
        self.first = first
        self.second = second
        self.nested = nested
    }

    init(from decoder: any Decoder) throws {
        let firstKeys = try decoder.container(keyedBy: FirstKeys.self)
        let secondKeys = try decoder.container(keyedBy: SecondKeys.self)
        nested = try firstKeys.decodeIfPresent([TwoKeyTypes].self, forKey: .nested) ?? []
        second = try secondKeys.decode(Int.self, forKey: .second)
        first = try firstKeys.decode(Int.self, forKey: .first)
    }
}

/// Arrays nested in arrays, of types the decoder reads itself and of models.
private struct NestedArrays: Decodable, Equatable {
    var grid: [[Int]]
    var words: [[String]]
    var links: [URL]
    var raw: [SupportedType]
    var trees: [[TreeNode]]
}

@Suite("Keyed containers, one per value asked for")
struct CodableKeyedContainerTests {
    @Test("nested values of one key type each read their own dictionary")
    func recursiveModels() throws {
        let value: SupportedType = [
            "name": "root",
            "children": [
                ["name": "a", "children": [["name": "a1", "children": []], ["name": "a2", "children": []]]],
                ["name": "b", "children": []],
            ],
        ]
        let tree = try SupportedTypeDecoder().decode(TreeNode.self, from: value)
        let leaf = { (name: String) in TreeNode(name: name, children: []) }
        #expect(tree == TreeNode(name: "root", children: [
            TreeNode(name: "a", children: [leaf("a1"), leaf("a2")]),
            leaf("b"),
        ]))
    }

    @Test("a container still reads its own dictionary after a nested value of its type")
    func readAfterNested() throws {
        let value: SupportedType = ["head": 1, "next": ["head": 2, "next": ["head": 3, "tail": 30], "tail": 20], "tail": 10]
        let chain = try SupportedTypeDecoder().decode(Chain.self, from: value)
        let last = Chain(head: 3, next: [], tail: 30)
        #expect(chain == Chain(head: 1, next: [Chain(head: 2, next: [last], tail: 20)], tail: 10))
    }

    @Test("a container a model keeps still reads its own dictionary after later values")
    func containersKeptByModels() throws {
        let value: SupportedType = [["id": 1], ["id": 2], ["id": 3]]
        let items = try SupportedTypeDecoder().decode([Item].self, from: value)
        #expect(items.map(\.id) == [1, 2, 3])
        #expect(try items.map { try $0.container.decode(Int.self, forKey: .id) } == [1, 2, 3])
    }

    @Test("containers of two key types held at once each read their own dictionary")
    func twoKeyTypes() throws {
        let value: SupportedType = [
            "first": 1, "second": 2,
            "nested": [["first": 3, "second": 4], ["first": 5, "second": 6, "nested": [["first": 7, "second": 8]]]],
        ]
        let decoded = try SupportedTypeDecoder().decode(TwoKeyTypes.self, from: value)
        let inner = TwoKeyTypes(first: 7, second: 8, nested: [])
        #expect(decoded == TwoKeyTypes(first: 1, second: 2, nested: [
            TwoKeyTypes(first: 3, second: 4, nested: []),
            TwoKeyTypes(first: 5, second: 6, nested: [inner]),
        ]))
    }

    @Test("arrays of arrays come back as the types asked for")
    func nestedArrays() throws {
        let value: SupportedType = [
            "grid": [[1, 2], [], [3]],
            "words": [["a"], ["b", "c"]],
            "links": ["https://example.com/a", "https://example.com/b"],
            "raw": [1, "two", [3]],
            "trees": [[["name": "x", "children": []]], []],
        ]
        let decoded = try SupportedTypeDecoder().decode(NestedArrays.self, from: value)
        #expect(decoded == NestedArrays(
            grid: [[1, 2], [], [3]],
            words: [["a"], ["b", "c"]],
            links: [URL(string: "https://example.com/a")!, URL(string: "https://example.com/b")!],
            raw: [1, "two", [3]],
            trees: [[TreeNode(name: "x", children: [])], []]
        ))
    }

    @Test("errors name the dictionary of the value being read, not a previous one")
    func errorsAfterReuse() throws {
        let value: SupportedType = ["children": [["name": "a", "children": []], ["children": []]], "name": "root"]
        #expect {
            _ = try SupportedTypeDecoder().decode(TreeNode.self, from: value)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
            return key.stringValue == "name" && context.codingPath.map(\.stringValue) == ["children", "Index 1"]
        }
    }
}
