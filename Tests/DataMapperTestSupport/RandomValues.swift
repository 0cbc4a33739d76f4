import DataMapper
import Foundation

/// A small, seeded random number generator, so a failing random test can be replayed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator that always yields the same sequence for the same seed.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Builds random ``SupportedType`` trees for round-trip tests.
///
/// Each format can carry a different subset of kinds, so the caller says which
/// leaves to produce. Strings mix ASCII, escapes-worthy characters, CJK and emoji.
public struct RandomValues {
    /// The leaf kinds a format can hold.
    public struct Leaves: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let null = Leaves(rawValue: 1 << 0)
        public static let bool = Leaves(rawValue: 1 << 1)
        public static let int = Leaves(rawValue: 1 << 2)
        public static let uint = Leaves(rawValue: 1 << 3)
        public static let double = Leaves(rawValue: 1 << 4)
        public static let string = Leaves(rawValue: 1 << 5)
        public static let binary = Leaves(rawValue: 1 << 6)
        public static let bigNumber = Leaves(rawValue: 1 << 7)
        public static let ext = Leaves(rawValue: 1 << 8)
        public static let timestamp = Leaves(rawValue: 1 << 9)
        /// What JSON holds without loss.
        public static let json: Leaves = [.null, .bool, .int, .uint, .double, .string, .bigNumber]
    }

    private var generator: SplitMix64
    private let leaves: [Leaves]

    /// A generator of values with the given leaves, replayable by `seed`.
    public init(seed: UInt64, leaves: Leaves) {
        generator = SplitMix64(seed: seed)
        self.leaves = [.null, .bool, .int, .uint, .double, .string, .binary, .bigNumber, .ext, .timestamp]
            .filter { leaves.contains($0) }
    }

    /// A random tree at most `depth` containers deep.
    public mutating func value(depth: Int = 4) -> SupportedType {
        if depth > 0, Int.random(in: 0..<3, using: &generator) == 0 {
            let count = Int.random(in: 0...5, using: &generator)
            if Bool.random(using: &generator) {
                return .array((0..<count).map { _ in value(depth: depth - 1) })
            }
            var map = OrderedMap()
            for _ in 0..<count { map[string(maxLength: 8)] = value(depth: depth - 1) }
            return .dictionary(map)
        }
        return leaf()
    }

    private mutating func leaf() -> SupportedType {
        guard let kind = leaves.randomElement(using: &generator) else { return .null }
        switch kind {
        case .bool: return .bool(Bool.random(using: &generator))
        case .int:
            let choices: [Int] = [0, -1, 1, .min, .max, Int.random(in: -1000...1000, using: &generator),
                                  Int(truncatingIfNeeded: generator.next())]
            return .int(choices.randomElement(using: &generator) ?? 0)
        case .uint: return .uint64(UInt64(Int.max) + 1 + UInt64.random(in: 0...UInt64(Int.max), using: &generator))
        case .double:
            let choices: [Double] = [0.5, -0.0, 1e-300, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 0.1,
                                     Double.random(in: -1e6...1e6, using: &generator),
                                     Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF)]
            return .double(choices.randomElement(using: &generator) ?? 0)
        case .string: return .string(string(maxLength: 20))
        case .binary: return .binary(Data((0..<Int.random(in: 0...12, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        case .bigNumber: return .bigNumber("1" + String(repeating: "0", count: Int.random(in: 20...40, using: &generator)))
        case .ext: return .ext(type: Int8.random(in: 0...127, using: &generator), data: Data([1, 2, 3]))
        case .timestamp: return .timestamp(seconds: Int64.random(in: -1_000_000...4_000_000_000, using: &generator), nanoseconds: UInt32.random(in: 0..<1_000_000_000, using: &generator))
        default: return .null
        }
    }

    /// A random string mixing plain text, characters that need escaping, CJK and emoji.
    public mutating func string(maxLength: Int) -> String {
        let pieces = ["a", "Z", "0", " ", "-", "_", ".", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{7F}", "é", "日本", "😀", "\u{2028}", "#", ":"]
        let length = Int.random(in: 0...maxLength, using: &generator)
        return (0..<length).map { _ in pieces.randomElement(using: &generator) ?? "a" }.joined()
    }
}
