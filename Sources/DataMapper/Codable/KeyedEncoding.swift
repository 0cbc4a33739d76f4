import DataMapperCore

/// The keyed container: appends entries to its state's keys and values.
struct KeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: EncodingState

    var codingPath: [any CodingKey] { state.codingPath }

    @inline(__always)
    private func put(_ value: SupportedType, _ key: Key) {
        state.append(state.documentKey(key), value)
    }

    mutating func encodeNil(forKey key: Key) { put(SupportedType(.null), key) }
    mutating func encode(_ value: Bool, forKey key: Key) { put(SupportedType(.bool(value)), key) }
    mutating func encode(_ value: String, forKey key: Key) { put(SupportedType(.string(value)), key) }
    mutating func encode(_ value: Double, forKey key: Key) { put(SupportedType(.double(value)), key) }
    mutating func encode(_ value: Float, forKey key: Key) { put(EncodingState.boxFloat(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) { put(SupportedType(.int(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) { put(EncodingState.boxInteger(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) { put(EncodingState.boxInteger(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) { put(EncodingState.boxInteger(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) { put(EncodingState.boxInteger(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) { put(EncodingState.boxInteger(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) { put(EncodingState.boxInteger(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) { put(EncodingState.boxInteger(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) { put(EncodingState.boxInteger(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) { put(EncodingState.boxInteger(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        put(try state.box(value, tail: .key(key)), key)
    }

    // Optionals: a nil is left out, as `JSONEncoder` does; the defaults would do the
    // same, these only spare the generic path.
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) {
        if let value { put(SupportedType(.string(value)), key) }
    }

    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) {
        if let value { put(SupportedType(.int(value)), key) }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) {
        if let value { put(SupportedType(.bool(value)), key) }
    }

    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) {
        if let value { put(SupportedType(.double(value)), key) }
    }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { put(try state.box(value, tail: .key(key)), key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = state.child(at: .key(key))
        state.appendPending(state.documentKey(key), child)
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = state.child(at: .key(key))
        state.appendPending(state.documentKey(key), child)
        return child.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = state.child(at: .key(AnyCodingKey.superKey))
        state.appendPending(AnyCodingKey.superKey.stringValue, child)
        return child
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = state.child(at: .key(key))
        state.appendPending(state.documentKey(key), child)
        return child
    }
}
