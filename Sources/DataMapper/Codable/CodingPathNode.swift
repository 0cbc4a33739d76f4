import DataMapperCore

/// A coding path kept as a chain of parent links, so that going one level deeper
/// costs one small node and the `[CodingKey]` array is built only when someone asks
/// for it (an error, or a type reading `codingPath`).
indirect enum CodingPathNode {
    /// The top-level value.
    case root
    /// A dictionary key below `parent`.
    case key(any CodingKey, parent: CodingPathNode)
    /// An array index below `parent`.
    case index(Int, parent: CodingPathNode)

    /// The keys from the root to this node, outermost first.
    var path: [any CodingKey] {
        var reversed: [any CodingKey] = []
        var node = self
        while true {
            switch node {
            case .root:
                return reversed.reversed()
            case .key(let key, let parent):
                reversed.append(key)
                node = parent
            case .index(let index, let parent):
                reversed.append(IndexCodingKey(index))
                node = parent
            }
        }
    }

    /// The path of this node extended by `tail`.
    func path(with tail: PathTail) -> [any CodingKey] {
        switch tail {
        case .none: return path
        case .key(let key): return path + [key]
        case .index(let index): return path + [IndexCodingKey(index)]
        }
    }

    /// This node extended by `tail`.
    func appending(_ tail: PathTail) -> CodingPathNode {
        switch tail {
        case .none: return self
        case .key(let key): return .key(key, parent: self)
        case .index(let index): return .index(index, parent: self)
        }
    }
}

/// The last step to a value, kept apart from its container's node until it is
/// needed, so reading a scalar never allocates a path node.
enum PathTail {
    /// The value is the container's own value.
    case none
    /// The value is under a key of the container.
    case key(any CodingKey)
    /// The value is an element of the container.
    case index(Int)
}

/// The coding key of an array element, printed as `Index 3` as Foundation does.
struct IndexCodingKey: CodingKey {
    let intValue: Int?
    let stringValue: String

    init(_ index: Int) {
        intValue = index
        stringValue = "Index \(index)"
    }

    init?(stringValue: String) { return nil }

    init?(intValue: Int) { self.init(intValue) }
}

/// A coding key made at run time: the `super` key, converted keys, and the keys of
/// ``SupportedType``'s own coding.
struct AnyCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    /// The key `super`, used by `superDecoder()` and `superEncoder()`.
    static let superKey = AnyCodingKey(stringValue: "super")
}
