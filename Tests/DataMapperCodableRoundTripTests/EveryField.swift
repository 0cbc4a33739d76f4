import DataMapper
import DataMapperTestSupport
import Foundation

/// A model with a field of every kind the Codable bridge handles, for round trips.
struct EveryField: Codable, Equatable {
    enum Level: String, Codable, CaseIterable { case low, middle, high }

    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case labelled(String, Int)
        case empty
    }

    struct Child: Codable, Equatable {
        var name: String
        var score: Int?
    }

    var text: String
    var emptyText: String
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var double: Double
    var float: Float
    var flag: Bool
    var date: Date
    var bytes: Data
    var link: URL
    var price: Decimal
    var level: Level
    var shape: Shape
    var maybe: Int?
    var maybeText: String?
    var list: [Int]
    var children: [Child]
    var table: [String: Int]
    var child: Child
}

extension EveryField {
    /// A random instance drawn from `seed`; strings avoid what no XML document can
    /// hold (control characters, whitespace at either end) but mix markup characters,
    /// accents, CJK and emoji.
    static func random(seed: UInt64) -> EveryField {
        var generator = SplitMix64(seed: seed)
        func pick<T: FixedWidthInteger>(_ type: T.Type) -> T {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: return T.min
            case 1: return T.max
            default: return T.random(in: T.min...T.max, using: &generator)
            }
        }
        func text(_ maxLength: Int) -> String {
            let alphabet = Array("abcXYZ019 <>&\"'é中文🙂-_./:") 
            let length = Int.random(in: 1...maxLength, using: &generator)
            var result = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
            if result.first == " " { result = "x" + result }
            if result.last == " " { result += "y" }
            return result
        }
        func key() -> String {
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            return String((0..<Int.random(in: 1...8, using: &generator)).map { _ in
                letters[Int.random(in: 0..<letters.count, using: &generator)]
            })
        }
        func child() -> Child {
            Child(name: text(10), score: Bool.random(using: &generator) ? Int.random(in: -1000...1000, using: &generator) : nil)
        }
        let shapes: [Shape] = [
            .circle(radius: Double.random(in: -1e6...1e6, using: &generator)),
            .labelled(text(6), Int.random(in: -99...99, using: &generator)),
            .empty,
        ]
        let mantissa = Int64.random(in: -999_999_999_999_999...999_999_999_999_999, using: &generator)
        let price = Decimal(sign: mantissa < 0 ? .minus : .plus, exponent: -Int.random(in: 0...6, using: &generator),
                            significand: Decimal(mantissa.magnitude))
        var table: [String: Int] = [:]
        for _ in 0..<Int.random(in: 0...4, using: &generator) { table[key()] = Int.random(in: -5...5, using: &generator) }
        return EveryField(
            text: text(30), emptyText: "",
            int: pick(Int.self), int8: pick(Int8.self), int16: pick(Int16.self), int32: pick(Int32.self),
            int64: pick(Int64.self), uint: pick(UInt.self), uint8: pick(UInt8.self), uint16: pick(UInt16.self),
            uint32: pick(UInt32.self), uint64: pick(UInt64.self),
            double: Double.random(in: -1e12...1e12, using: &generator) * (Bool.random(using: &generator) ? 1 : 1e-9),
            float: Float.random(in: -1e6...1e6, using: &generator),
            flag: Bool.random(using: &generator),
            date: Date(timeIntervalSinceReferenceDate: Double.random(in: -1e9...1e9, using: &generator)),
            bytes: Data((0..<Int.random(in: 0...20, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }),
            link: URL(string: "https://example.com/\(key())?q=\(Int.random(in: 0...99, using: &generator))") ?? URL(fileURLWithPath: "/"),
            price: price,
            level: Level.allCases[Int.random(in: 0..<3, using: &generator)],
            shape: shapes[Int.random(in: 0..<3, using: &generator)],
            maybe: Bool.random(using: &generator) ? Int.random(in: -9...9, using: &generator) : nil,
            maybeText: Bool.random(using: &generator) ? text(5) : nil,
            list: (0..<Int.random(in: 0...3, using: &generator)).map { _ in Int.random(in: -100...100, using: &generator) },
            children: (0..<Int.random(in: 0...3, using: &generator)).map { _ in child() },
            table: table,
            child: child()
        )
    }
}
