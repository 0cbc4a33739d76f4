import DataMapperCore

/// `Int128` and `UInt128` in every container. The standard library's defaults for
/// these requirements refuse the value; here they are integers like any other,
/// written by ``EncodingState/boxWideInteger(_:)`` and read by the integer paths,
/// which also accept the digits written as a string.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension EncodingState {
    func encode(_ value: Int128) { storage = .value(boxWideInteger(value)) }
    func encode(_ value: UInt128) { storage = .value(boxWideInteger(value)) }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension KeyedEncoding {
    mutating func encode(_ value: Int128, forKey key: Key) { state.append(state.documentKey(key), state.boxWideInteger(value)) }
    mutating func encode(_ value: UInt128, forKey key: Key) { state.append(state.documentKey(key), state.boxWideInteger(value)) }

    mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) {
        if let value { encode(value, forKey: key) }
    }

    mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) {
        if let value { encode(value, forKey: key) }
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension UnkeyedEncoding {
    mutating func encode(_ value: Int128) { state.values.append(state.boxWideInteger(value)) }
    mutating func encode(_ value: UInt128) { state.values.append(state.boxWideInteger(value)) }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension DecodingState {
    func decode(_ type: Int128.Type) throws -> Int128 { try unboxInteger(value, as: type, parent: parentNode, tail: tail) }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try unboxInteger(value, as: type, parent: parentNode, tail: tail) }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension KeyedDecoding {
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(forKey: key) }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(forKey: key) }
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try integerIfPresent(forKey: key) }
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try integerIfPresent(forKey: key) }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension UnkeyedDecoding {
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer() }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer() }
}
