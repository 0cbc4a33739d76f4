/// The unkeyed container: appends elements to its state's ``ArrayBuilder``.
struct UnkeyedEncoding: UnkeyedEncodingContainer {
    let state: EncodingState
    let builder: ArrayBuilder

    var codingPath: [any CodingKey] { state.codingPath }
    var count: Int { builder.values.count }

    mutating func encodeNil() { builder.values.append(SupportedType(.null)) }
    mutating func encode(_ value: Bool) { builder.values.append(SupportedType(.bool(value))) }
    mutating func encode(_ value: String) { builder.values.append(SupportedType(.string(value))) }
    mutating func encode(_ value: Double) { builder.values.append(SupportedType(.double(value))) }
    mutating func encode(_ value: Float) { builder.values.append(EncodingState.boxFloat(value)) }
    mutating func encode(_ value: Int) { builder.values.append(SupportedType(.int(value))) }
    mutating func encode(_ value: Int8) { builder.values.append(EncodingState.boxInteger(value)) }
    mutating func encode(_ value: Int16) { builder.values.append(EncodingState.boxInteger(value)) }
    mutating func encode(_ value: Int32) { builder.values.append(EncodingState.boxInteger(value)) }
    mutating func encode(_ value: Int64) { builder.values.append(EncodingState.boxInteger(value)) }
    mutating func encode(_ value: UInt) { builder.values.append(EncodingState.boxInteger(value)) }
    mutating func encode(_ value: UInt8) { builder.values.append(EncodingState.boxInteger(value)) }
    mutating func encode(_ value: UInt16) { builder.values.append(EncodingState.boxInteger(value)) }
    mutating func encode(_ value: UInt32) { builder.values.append(EncodingState.boxInteger(value)) }
    mutating func encode(_ value: UInt64) { builder.values.append(EncodingState.boxInteger(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        builder.values.append(try state.box(value, tail: .index(builder.values.count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = state.child(at: .index(builder.values.count))
        builder.appendPending(child)
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = state.child(at: .index(builder.values.count))
        builder.appendPending(child)
        return child.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = state.child(at: .index(builder.values.count))
        builder.appendPending(child)
        return child
    }
}
