import DataMapper
import DataMapperTestSupport

/// Random documents that follow the XML convention, so that writing then reading them
/// must give them back: a one-key root; keys that are XML names; attributes holding
/// strings; `#text` only beside other entries; arrays of at least two strings or
/// dictionaries; non-empty strings without leading or trailing whitespace (reading
/// trims text).
struct ConventionValues {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    private static let nameStarts = Array("abcxyzABCXYZ_éß日本")
    private static let nameRest = Array("abz09-._") + ["·"]
    private static let textPieces = ["a", "Z", "7", " ", "<", ">", "&", "\"", "'", "é", "日本", "😀", "\t", "\n", "\r", "]]>", "&amp;", "--"]

    mutating func document() -> SupportedType {
        var root = OrderedMap()
        root[name()] = Int.random(in: 0..<4, using: &generator) == 0 ? .string(text()) : dictionary(depth: 3)
        return .dictionary(root)
    }

    mutating func name() -> String {
        var result = String(Self.nameStarts.randomElement(using: &generator) ?? "a")
        for _ in 0..<Int.random(in: 0...5, using: &generator) {
            result.append(Self.nameRest.randomElement(using: &generator) ?? "a")
        }
        if Bool.random(using: &generator), Int.random(in: 0..<4, using: &generator) == 0 { result = "ns:" + result }
        return result
    }

    mutating func text() -> String {
        var result = ""
        for _ in 0..<Int.random(in: 1...8, using: &generator) {
            result += Self.textPieces.randomElement(using: &generator) ?? "a"
        }
        let trimmed = result.drop { $0.isWhitespace || $0 == "\r\n" }
        let text = String(trimmed.reversed().drop { $0.isWhitespace || $0 == "\r\n" }.reversed())
        return text.isEmpty ? "x" : text
    }

    mutating func dictionary(depth: Int) -> SupportedType {
        var map = OrderedMap()
        for _ in 0..<Int.random(in: 0...2, using: &generator) {
            map["@" + name()] = .string(Bool.random(using: &generator) ? "" : " " + text() + " ")
        }
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let key = name()
            switch Int.random(in: 0..<5, using: &generator) {
            case 0 where depth > 0:
                map[key] = dictionary(depth: depth - 1)
            case 1:
                let count = Int.random(in: 2...4, using: &generator)
                let nested = depth > 0 && Bool.random(using: &generator)
                map[key] = .array((0..<count).map { _ in nested ? dictionary(depth: depth - 1) : .string(text()) })
            default:
                map[key] = .string(text())
            }
        }
        if Int.random(in: 0..<3, using: &generator) == 0 { map["#text"] = .string(text()) }
        return .dictionary(map)
    }
}
