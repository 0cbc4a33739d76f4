import DataMapperCore

/// What a keyed container reads from, kept in one object.
///
/// The standard library's `KeyedDecodingContainer` copies the container it wraps for
/// every call; with these fields behind one reference a copy costs one retain, not five.
final class KeyedDecodingContext {
    let state: DecodingState
    let map: OrderedMap
    /// The container's path, or `nil` when it is the decoder's current value (whose
    /// node the decoder makes only when needed).
    let node: CodingPathNode?
    /// Where the dictionary is, for missing-key errors.
    let position: SourcePosition

    init(state: DecodingState, map: OrderedMap, node: CodingPathNode?, position: SourcePosition) {
        self.state = state
        self.map = map
        self.node = node
        self.position = position
    }
}

/// The keyed container over a dictionary: looks each key up in the ``OrderedMap``
/// (linear for small maps, hashed for large), never building an unordered copy.
struct KeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let context: KeyedDecodingContext

    init(state: DecodingState, map: OrderedMap, node: CodingPathNode?, position: SourcePosition) {
        context = KeyedDecodingContext(state: state, map: map, node: node, position: position)
    }

    var state: DecodingState { context.state }
    var map: OrderedMap { _read { yield context.map } }
    var node: CodingPathNode? { context.node }
    var position: SourcePosition { context.position }

    var codingPath: [any CodingKey] { node?.path ?? state.codingPath }

    /// The container's path, made now if it was not yet.
    var resolvedNode: CodingPathNode { node ?? state.node }

    var allKeys: [Key] { map.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { index(forKey: key.stringValue) != nil }

    /// The offset of `name`, or else of the attribute of that name when the document
    /// keeps attributes under a prefix (see ``TypeDrivenReading/attributeKeyPrefix``).
    @inline(__always)
    func index(forKey name: String) -> Int? {
        if let offset = map.index(forKey: name) { return offset }
        return attributeIndex(forKey: name)
    }

    @inline(never)
    func attributeIndex(forKey name: String) -> Int? {
        guard let prefix = state.options.attributePrefix else { return nil }
        return map.index(forKey: prefix + name)
    }

    /// The offset of `key`, trying first the place after the last key found: types
    /// usually read their keys in the order documents write them, so this spares
    /// most searches (and all hashing in large dictionaries).
    @inline(__always)
    func offset(of key: Key) -> Int? {
        let name = key.stringValue
        let hint = state.keyHint
        if map.hasKey(name, at: hint) {
            state.keyHint = hint + 1
            return hint
        }
        guard let offset = index(forKey: name) else { return nil }
        state.keyHint = offset + 1
        return offset
    }

    /// The value under `key`, or a `keyNotFound` error.
    @inline(__always)
    func entry(_ key: Key) throws -> SupportedType {
        guard let offset = offset(of: key) else {
            throw state.missingKey(key, in: resolvedNode, position: position)
        }
        return map.value(at: offset)
    }

    /// The value under `key` when present and not null.
    @inline(__always)
    func presentEntry(_ key: Key) -> SupportedType? {
        guard let offset = offset(of: key) else { return nil }
        let value = map.value(at: offset)
        if case .null = value.kind { return nil }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try entry(key).kind { return true }
        return false
    }

    // MARK: - Required values

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let value = try entry(key)
        if case .bool(let flag) = value.kind { return flag }
        return try state.unboxBool(value, parent: resolvedNode, tail: .key(key))
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let value = try entry(key)
        if case .string(let text) = value.kind { return text }
        return try state.unboxString(value, parent: resolvedNode, tail: .key(key))
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let value = try entry(key)
        if case .double(let number) = value.kind { return number }
        return try state.unboxDouble(value, parent: resolvedNode, tail: .key(key))
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try state.unboxFloat(entry(key), parent: resolvedNode, tail: .key(key))
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(forKey: key) }

    @inline(__always)
    func integer<T: FixedWidthInteger>(forKey key: Key) throws -> T {
        let value = try entry(key)
        if case .int(let integer) = value.kind, let result = T(exactly: integer) { return result }
        return try state.unboxIntegerSlowly(value, as: T.self, parent: resolvedNode, tail: .key(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let offset = offset(of: key) else { return try missing(T.self, forKey: key) }
        return try state.unbox(map.value(at: offset), as: T.self, parent: resolvedNode, tail: .key(key))
    }

    /// A missing key: an error, except where the document leaves out empty arrays (and,
    /// laid out ``TypeDrivenReading/ArrayLayout/singleOrAbsent``, empty dictionaries).
    @inline(never)
    func missing<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if state.options.arrays != .native, let empty = state.emptyContainer(as: T.self, parent: resolvedNode, key: key) {
            return empty
        }
        throw state.missingKey(key, in: resolvedNode, position: position)
    }

    // MARK: - Optional values

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let value = presentEntry(key) else { return nil }
        if case .bool(let flag) = value.kind { return flag }
        return try state.unboxBool(value, parent: resolvedNode, tail: .key(key))
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let offset = offset(of: key) else { return nil }
        let value = map.value(at: offset)
        if case .string(let text) = value.kind { return text }
        if case .null = value.kind { return state.options.emptyForNull ? "" : nil }
        return try state.unboxString(value, parent: resolvedNode, tail: .key(key))
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let value = presentEntry(key) else { return nil }
        if case .double(let number) = value.kind { return number }
        return try state.unboxDouble(value, parent: resolvedNode, tail: .key(key))
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        guard let value = presentEntry(key) else { return nil }
        return try state.unboxFloat(value, parent: resolvedNode, tail: .key(key))
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(forKey: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(forKey: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(forKey: key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(forKey: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(forKey: key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(forKey: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(forKey: key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(forKey: key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(forKey: key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(forKey: key) }

    @inline(__always)
    func integerIfPresent<T: FixedWidthInteger>(forKey key: Key) throws -> T? {
        guard let value = presentEntry(key) else { return nil }
        if case .int(let integer) = value.kind, let result = T(exactly: integer) { return result }
        return try state.unboxIntegerSlowly(value, as: T.self, parent: resolvedNode, tail: .key(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let offset = offset(of: key) else { return nil }
        let value = map.value(at: offset)
        if case .null = value.kind {
            // An empty value where one may stand for an empty string, array or object.
            return state.options.emptyForNull ? state.emptyValue(as: T.self, parent: resolvedNode, key: key) : nil
        }
        return try state.unbox(value, as: T.self, parent: resolvedNode, tail: .key(key))
    }

    // MARK: - Nesting

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let value = try entry(key)
        return KeyedDecodingContainer(try state.keyedContainer(for: value, node: resolvedNode.appending(.key(key)), keyedBy: type))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try state.unkeyedContainer(for: entry(key), node: resolvedNode.appending(.key(key)))
    }

    func superDecoder() throws -> any Decoder {
        let value = rawEntry(named: AnyCodingKey.superKey.stringValue) ?? .null
        return state.superDecoder(for: value, node: resolvedNode.appending(.key(AnyCodingKey.superKey)))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        let value = rawEntry(named: key.stringValue) ?? .null
        return state.superDecoder(for: value, node: resolvedNode.appending(.key(key)))
    }

    private func rawEntry(named name: String) -> SupportedType? {
        guard let offset = index(forKey: name) else { return nil }
        return map.value(at: offset)
    }
}
