import DataMapperCore

/// The unkeyed container: appends elements to its state's values.
struct UnkeyedEncoding: UnkeyedEncodingContainer {
    let state: EncodingState

    var codingPath: [any CodingKey] { state.codingPath }
    var count: Int { state.values.count }

    mutating func encodeNil() { state.values.append(SupportedType(.null)) }
    mutating func encode(_ value: Bool) { state.values.append(SupportedType(.bool(value))) }
    mutating func encode(_ value: String) { state.values.append(SupportedType(.string(value))) }
    mutating func encode(_ value: Double) { state.values.append(SupportedType(.double(value))) }
    mutating func encode(_ value: Float) { state.values.append(EncodingState.boxFloat(value)) }
    mutating func encode(_ value: Int) { state.values.append(SupportedType(.int(value))) }
    mutating func encode(_ value: Int8) { state.values.append(EncodingState.boxInteger(value)) }
    mutating func encode(_ value: Int16) { state.values.append(EncodingState.boxInteger(value)) }
    mutating func encode(_ value: Int32) { state.values.append(EncodingState.boxInteger(value)) }
    mutating func encode(_ value: Int64) { state.values.append(EncodingState.boxInteger(value)) }
    mutating func encode(_ value: UInt) { state.values.append(EncodingState.boxInteger(value)) }
    mutating func encode(_ value: UInt8) { state.values.append(EncodingState.boxInteger(value)) }
    mutating func encode(_ value: UInt16) { state.values.append(EncodingState.boxInteger(value)) }
    mutating func encode(_ value: UInt32) { state.values.append(EncodingState.boxInteger(value)) }
    mutating func encode(_ value: UInt64) { state.values.append(EncodingState.boxInteger(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        state.values.append(try state.box(value, tail: .index(state.values.count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = state.child(at: .index(state.values.count))
        state.appendPending(nil, child)
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = state.child(at: .index(state.values.count))
        state.appendPending(nil, child)
        return child.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = state.child(at: .index(state.values.count))
        state.appendPending(nil, child)
        return child
    }
}
