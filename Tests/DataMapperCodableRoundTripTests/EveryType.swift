import DataMapper
import DataMapperTestSupport
import Foundation

/// A model that holds every kind of `Codable` value the issue lists, for the
/// cross-format property tests: nested structs, a class hierarchy coded through
/// `superEncoder`, enums with raw and associated values, optionals at every depth,
/// empty, one-element and nested arrays, `[Int: T]` and `[String: T]`, Foundation's
/// special types, big numbers and every integer width at its limits.
struct EveryType: Codable, Equatable {
    enum Colour: String, Codable, CaseIterable { case red, green, blue }
    enum Rank: Int, Codable, CaseIterable { case low = -1, zero = 0, high = 9 }

    enum Event: Codable, Equatable {
        case started(at: Date, by: String?)
        case moved(Int, Int)
        case tagged(labels: [String])
        case nested(Leaf)
        case stopped
    }

    struct Leaf: Codable, Equatable {
        var label: String
        var weight: Double?
        var note: String?
    }

    struct Branch: Codable, Equatable {
        var name: String
        var leaf: Leaf?
        var leaves: [Leaf]
        var child: Twig?
    }

    struct Twig: Codable, Equatable {
        var depth: Int?
        var tags: [String]?
    }

    struct Integers: Codable, Equatable {
        var int: Int, int8: Int8, int16: Int16, int32: Int32, int64: Int64
        var uint: UInt, uint8: UInt8, uint16: UInt16, uint32: UInt32, uint64: UInt64
        var int128: Int128, uint128: UInt128
    }

    var text: String
    var empty: String
    var spaced: String
    var flag: Bool
    var double: Double
    var float: Float
    var integers: Integers
    var decimal: Decimal
    var decimals: [Decimal]
    var date: Date
    var data: Data
    var url: URL
    var uuid: UUID
    var colour: Colour
    var rank: Rank
    var event: Event
    var events: [Event]
    var branch: Branch
    var optionalBranch: Branch?
    var emptyList: [Int]
    var oneElement: [String]
    var nested: [[Int]]
    var byName: [String: Leaf]
    var byNumber: [Int: String]
    var maybe: Int?
    var maybeList: [Int]?
    var animal: Dog
}

/// A base class whose subclass codes it through `superEncoder()` and `superDecoder()`.
class Animal: Codable, Equatable {
    var name: String
    var legs: Int

    init(name: String, legs: Int) {
        self.name = name
        self.legs = legs
    }

    static func == (left: Animal, right: Animal) -> Bool {
        type(of: left) == type(of: right) && left.isEqual(to: right)
    }

    func isEqual(to other: Animal) -> Bool { name == other.name && legs == other.legs }
}

final class Dog: Animal {
    var breed: String?
    var tricks: [String]

    private enum CodingKeys: String, CodingKey { case breed, tricks }

    init(name: String, legs: Int, breed: String?, tricks: [String]) {
        self.breed = breed
        self.tricks = tricks
        super.init(name: name, legs: legs)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decodeIfPresent(String.self, forKey: .breed)
        tricks = try container.decode([String].self, forKey: .tricks)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(breed, forKey: .breed)
        try container.encode(tricks, forKey: .tricks)
        try super.encode(to: container.superEncoder())
    }

    override func isEqual(to other: Animal) -> Bool {
        guard let dog = other as? Dog else { return false }
        return super.isEqual(to: other) && breed == dog.breed && tricks == dog.tricks
    }
}

/// Random values of every type in ``EveryType``, replayable by seed.
struct EveryTypeGenerator {
    var random: SplitMix64
    /// The fewest elements an optional array has when it is present. XML writes an
    /// empty array as no element at all, which an optional reads back as nil, so for
    /// XML a present optional array holds at least one element.
    let optionalArrayMinimum: Int

    init(seed: UInt64, emptyOptionalArrays: Bool = true) {
        random = SplitMix64(seed: seed)
        optionalArrayMinimum = emptyOptionalArrays ? 0 : 1
    }

    mutating func chance() -> Bool { Bool.random(using: &random) }

    mutating func count(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    /// Limits half the time, any value otherwise.
    mutating func integer<T: FixedWidthInteger>(_ type: T.Type) -> T {
        switch count(0...3) {
        case 0: return T.min
        case 1: return T.max
        default: return T.random(in: T.min...T.max, using: &random)
        }
    }

    /// Text of the kinds formats find hard: empty, padded with spaces or newlines,
    /// words a format reads as something else (`true`, `null`, `1.10`), markup, accents
    /// and emoji. No control characters but tab and newline, which no XML can hold.
    mutating func text() -> String {
        let whole = ["", " ", "\n", "  padded  ", "\nlines\nand more\n", "true", "no", "null", "~", "1.10", "0x1F",
                     "- dash", "key: value", "#hash", "[1]", "{}", "'", "\"", "&amp;", "<b>", "]]>", "NaN", "-.inf"]
        if count(0...2) == 0 { return whole.randomElement(using: &random) ?? "" }
        let pieces = ["a", "Z", "0", " ", "\n", "\t", "<", "&", "\"", "'", "\\", "/", ":", "#", "é", "中文", "🙂", "\u{2028}"]
        return (0..<count(1...12)).map { _ in pieces.randomElement(using: &random) ?? "a" }.joined()
    }

    /// A finite double of any magnitude.
    mutating func double() -> Double {
        switch count(0...4) {
        case 0: return [0, -0.0, 0.1, 1e16, -1e-5, .greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNormalMagnitude]
            .randomElement(using: &random) ?? 0
        case 1: return Double.random(in: -1e6...1e6, using: &random)
        default:
            var number: Double
            repeat { number = Double(bitPattern: random.next()) } while !number.isFinite
            return number
        }
    }

    mutating func float() -> Float {
        var number: Float
        repeat { number = Float(bitPattern: UInt32(truncatingIfNeeded: random.next())) } while !number.isFinite
        return count(0...3) == 0 ? [Float.greatestFiniteMagnitude, -.leastNonzeroMagnitude, 0.1].randomElement(using: &random) ?? 0 : number
    }

    /// A decimal of up to 38 digits with any exponent Foundation allows.
    mutating func decimal() -> Decimal {
        let digits = count(1...38)
        let significand = (0..<digits).map { _ in String(count(0...9)) }.joined()
        let exponent = count(0...3) == 0 ? count(-128...90) : count(-20...20)
        let decimal = Decimal(sign: chance() ? .minus : .plus, exponent: exponent,
                              significand: Decimal(string: significand, locale: nil) ?? 1)
        return decimal.isNaN ? 1 : decimal
    }

    /// Whole microseconds within ±10¹¹ seconds of 1970.
    mutating func date() -> Date {
        let microseconds = Int64.random(in: -100_000_000_000_000_000...100_000_000_000_000_000, using: &random)
        return Date(timeIntervalSince1970: Double(microseconds) / 1_000_000)
    }

    mutating func leaf() -> EveryType.Leaf {
        EveryType.Leaf(label: text(), weight: chance() ? double() : nil, note: chance() ? text() : nil)
    }

    mutating func branch() -> EveryType.Branch {
        EveryType.Branch(
            name: text(), leaf: chance() ? leaf() : nil, leaves: (0..<count(0...2)).map { _ in leaf() },
            child: chance() ? EveryType.Twig(depth: chance() ? count(-5...5) : nil, tags: chance() ? (0..<count(optionalArrayMinimum...2)).map { _ in text() } : nil) : nil
        )
    }

    mutating func event() -> EveryType.Event {
        switch count(0...4) {
        case 0: return .started(at: date(), by: chance() ? text() : nil)
        case 1: return .moved(integer(Int.self), count(-3...3))
        case 2: return .tagged(labels: (0..<count(0...3)).map { _ in text() })
        case 3: return .nested(leaf())
        default: return .stopped
        }
    }

    mutating func integers() -> EveryType.Integers {
        EveryType.Integers(
            int: integer(Int.self), int8: integer(Int8.self), int16: integer(Int16.self), int32: integer(Int32.self),
            int64: integer(Int64.self), uint: integer(UInt.self), uint8: integer(UInt8.self), uint16: integer(UInt16.self),
            uint32: integer(UInt32.self), uint64: integer(UInt64.self), int128: integer(Int128.self), uint128: integer(UInt128.self)
        )
    }

    mutating func value() -> EveryType {
        var byName: [String: EveryType.Leaf] = [:]
        for _ in 0..<count(0...3) { byName["k" + String(count(0...999))] = leaf() }
        var byNumber: [Int: String] = [:]
        for _ in 0..<count(0...3) { byNumber[integer(Int.self)] = text() }
        return EveryType(
            text: text(), empty: "", spaced: " \(text()) \n", flag: chance(), double: double(), float: float(),
            integers: integers(), decimal: decimal(), decimals: (0..<count(0...3)).map { _ in decimal() },
            date: date(), data: Data((0..<count(0...16)).map { _ in UInt8.random(in: 0...255, using: &random) }),
            url: URL(string: "https://example.com/\(count(0...99))/a%20b?q=\(count(0...9))#frag") ?? URL(fileURLWithPath: "/"),
            uuid: UUID(uuid: (UInt8.random(in: 0...255, using: &random), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                              UInt8.random(in: 0...255, using: &random))),
            colour: EveryType.Colour.allCases.randomElement(using: &random) ?? .red,
            rank: EveryType.Rank.allCases.randomElement(using: &random) ?? .zero,
            event: event(), events: (0..<count(0...3)).map { _ in event() },
            branch: branch(), optionalBranch: chance() ? branch() : nil,
            emptyList: [], oneElement: [text()],
            nested: (0..<count(0...3)).map { _ in (0..<count(0...2)).map { _ in count(-9...9) } },
            byName: byName, byNumber: byNumber,
            maybe: chance() ? integer(Int.self) : nil, maybeList: chance() ? (0..<count(optionalArrayMinimum...2)).map { _ in count(0...9) } : nil,
            animal: Dog(name: text(), legs: count(0...4), breed: chance() ? text() : nil, tricks: (0..<count(0...2)).map { _ in text() })
        )
    }
}
