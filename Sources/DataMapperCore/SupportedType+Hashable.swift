extension SupportedType: Hashable {
    /// Compares kinds and payloads, ignoring ``position``.
    ///
    /// Integers compare by value whichever integer kind holds them (``Kind/int(_:)``,
    /// ``Kind/uint(_:)``, ``Kind/intOrDouble(_:)``); an integer never equals a
    /// ``Kind/double(_:)``, because the document said they are different types. NaN
    /// equals NaN, so values can be used as dictionary keys. Dictionaries compare
    /// without regard to key order.
    public static func == (lhs: SupportedType, rhs: SupportedType) -> Bool {
        switch (lhs.kind, rhs.kind) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.double(a), .double(b)): return a == b || (a.isNaN && b.isNaN)
        case let (.bigNumber(a), .bigNumber(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.binary(a), .binary(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.dictionary(a), .dictionary(b)): return a == b
        case let (.ext(t1, d1), .ext(t2, d2)): return t1 == t2 && d1 == d2
        case let (.timestamp(s1, n1), .timestamp(s2, n2)): return s1 == s2 && n1 == n2
        default:
            guard let a = lhs.exactInteger, let b = rhs.exactInteger else { return false }
            return a == b
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch kind {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(1); hasher.combine(value)
        case .int, .uint, .intOrDouble:
            hasher.combine(2)
            if let integer = exactInteger { hasher.combine(integer.negative); hasher.combine(integer.magnitude) }
        case .double(let value): hasher.combine(3); hasher.combine(value.isNaN ? .nan : value)
        case .bigNumber(let text): hasher.combine(4); hasher.combine(text)
        case .string(let value): hasher.combine(5); hasher.combine(value)
        case .binary(let value): hasher.combine(6); hasher.combine(value)
        case .array(let value): hasher.combine(7); hasher.combine(value)
        case .dictionary(let value): hasher.combine(8); hasher.combine(value)
        case .ext(let type, let data): hasher.combine(9); hasher.combine(type); hasher.combine(data)
        case .timestamp(let seconds, let nanoseconds): hasher.combine(10); hasher.combine(seconds); hasher.combine(nanoseconds)
        }
    }

    /// An integer of any integer kind as a sign and a magnitude, for comparing across kinds.
    var exactInteger: (negative: Bool, magnitude: UInt64)? {
        switch kind {
        case .int(let value), .intOrDouble(let value): return (value < 0, value.magnitude.toUInt64)
        case .uint(let value): return (false, value)
        default: return nil
        }
    }
}

extension UInt {
    var toUInt64: UInt64 { UInt64(self) }
}
