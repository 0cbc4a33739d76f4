import Foundation

extension SupportedType {
    /// Whether this is the null value.
    public var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    /// The string, when this is a string.
    public var string: String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    /// The boolean, when this is a boolean.
    public var bool: Bool? {
        if case .bool(let value) = kind { return value }
        return nil
    }

    /// The integer, when this is an integer that fits `Int` (including ``intOrDouble(_:)``).
    ///
    /// A ``double(_:)`` gives `nil`, even when it has no fraction: the document said
    /// it is a floating-point number. A ``bigNumber(_:)`` gives its value only when the
    /// text is an integer that fits.
    public var int: Int? {
        switch kind {
        case .int(let value), .intOrDouble(let value): return value
        case .bigNumber(let text): return Int(text)
        default: return nil
        }
    }

    /// The integer as an exact `Int64`, under the same rules as ``int``.
    public var int64: Int64? { int.map(Int64.init) }

    /// The integer as an exact `UInt64`, for non-negative integers up to `UInt64.max`.
    public var uint64: UInt64? {
        switch kind {
        case .uint(let value): return value
        case .int(let value), .intOrDouble(let value): return value >= 0 ? UInt64(value) : nil
        case .bigNumber(let text): return UInt64(text)
        default: return nil
        }
    }

    /// The floating-point number, when this is a ``double(_:)`` or an ``intOrDouble(_:)``.
    ///
    /// A ``bigNumber(_:)`` is rounded to the nearest `Double` (documented rounding); one
    /// outside `Double`'s range gives `nil` rather than an infinity.
    public var double: Double? {
        switch kind {
        case .double(let value): return value
        case .intOrDouble(let value): return Double(value)
        case .bigNumber(let text):
            guard let value = Double(text), value.isFinite else { return nil }
            return value
        default: return nil
        }
    }

    /// Any number as the nearest `Double`: the one rule by which the mapping layer and the
    /// Codable bridge read `Double` fields. Integers of every kind are converted (beyond
    /// 2⁵³ they round), a big number is rounded; `nil` for a value that is not a number or
    /// a big number outside `Double`'s range.
    @inlinable
    package var nearestDouble: Double? {
        switch kind {
        case .double(let number): return number
        case .int(let integer), .intOrDouble(let integer): return Double(integer)
        case .uint(let integer): return Double(integer)
        case .bigNumber(let text):
            guard let number = Double(text), number.isFinite else { return nil }
            return number
        default: return nil
        }
    }

    /// The bytes, when this is binary.
    public var binary: Data? {
        if case .binary(let value) = kind { return value }
        return nil
    }

    /// The elements, when this is an array.
    public var array: [SupportedType]? {
        if case .array(let value) = kind { return value.elements }
        return nil
    }

    /// The entries in their order, when this is a dictionary.
    public var orderedMap: OrderedMap? {
        if case .dictionary(let value) = kind { return value }
        return nil
    }

    /// The entries as an unordered Swift dictionary, when this is a dictionary.
    ///
    /// Building the Swift dictionary costs time proportional to its size; to look up
    /// one key use the `value["key"]` subscript, and to keep order use ``orderedMap``.
    public var dictionary: [String: SupportedType]? {
        guard case .dictionary(let map) = kind else { return nil }
        var result: [String: SupportedType] = [:]
        result.reserveCapacity(map.count)
        for (key, value) in map { result[key] = value }
        return result
    }

    /// The number of elements of an array or entries of a dictionary, or `nil`.
    public var count: Int? {
        switch kind {
        case .array(let elements): return elements.count
        case .dictionary(let map): return map.count
        default: return nil
        }
    }

    /// Adds `value` under `key`, replacing a value already there (which keeps its place).
    ///
    /// When this value is not a dictionary it becomes a new dictionary holding only the
    /// pair; its position is kept.
    public mutating func addToDictionary(key: String, value: SupportedType) {
        guard case .dictionary(var map) = kind else {
            kind = .dictionary([key: value])
            return
        }
        kind = .null  // releases the second reference so the update does not copy
        map[key] = value
        kind = .dictionary(map)
    }

    /// The value under `key`, when this is a dictionary holding it.
    public subscript(key: String) -> SupportedType? {
        guard case .dictionary(let map) = kind else { return nil }
        return map[key]
    }

    /// The element at `index`, when this is an array that long.
    public subscript(index: Int) -> SupportedType? {
        guard case .array(let elements) = kind, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The value at the end of `path`, or `nil` when a step is missing.
    public subscript(path: DataPath) -> SupportedType? {
        var current = self
        for component in path.components {
            switch component {
            case .key(let key): guard let next = current[key] else { return nil }; current = next
            case .index(let index): guard let next = current[index] else { return nil }; current = next
            }
        }
        return current
    }

    /// A short name of the kind, for messages: `"a string"`, `"an integer"`, ...
    public var kindDescription: String { kind.phrase.description }
}

extension SupportedType.Kind {
    /// The kind with its article, as in messages: `"a string"`.
    @inlinable
    package var phrase: StaticString {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .uint, .intOrDouble: return "an integer"
        case .double: return "a floating-point number"
        case .bigNumber: return "a number"
        case .string: return "a string"
        case .binary: return "binary data"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        case .ext: return "an extension value"
        case .timestamp: return "a timestamp"
        }
    }

    /// Whether this is ``null``; an inlinable twin of ``SupportedType/isNull`` for the hot path.
    @inlinable
    package var isNullKind: Bool {
        if case .null = self { return true }
        return false
    }
}
