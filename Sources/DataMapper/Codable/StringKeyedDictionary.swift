import DataMapperCore

/// `[String: Value]` dictionaries, whose keys are data rather than coding keys: a key
/// strategy leaves them as they are, as `JSONEncoder` and `JSONDecoder` do.
///
/// The standard library encodes such a dictionary through a keyed container, where a
/// strategy would rewrite its keys; the encoder and decoder recognise it by this
/// protocol and write or read its entries themselves, only while a strategy is set.
protocol StringKeyedEncodableDictionary {
    /// The dictionary as a value, each entry boxed by `state` under its own key.
    func boxEntries(in state: EncodingState) throws -> SupportedType
}

protocol StringKeyedDecodableDictionary {
    /// The dictionary read from `map`, which lies at `node`.
    static func decodeEntries(_ map: OrderedMap, with state: DecodingState, at node: CodingPathNode) throws -> Self
}

extension Dictionary: StringKeyedEncodableDictionary where Key == String, Value: Encodable {
    func boxEntries(in state: EncodingState) throws -> SupportedType {
        var map = OrderedMap(minimumCapacity: count)
        for (key, value) in self {
            map[key] = try state.box(value, tail: .key(AnyCodingKey(stringValue: key)))
        }
        return SupportedType(.dictionary(map))
    }
}

extension Dictionary: StringKeyedDecodableDictionary where Key == String, Value: Decodable {
    static func decodeEntries(_ map: OrderedMap, with state: DecodingState, at node: CodingPathNode) throws -> Self {
        var result: [String: Value] = [:]
        result.reserveCapacity(map.count)
        for (key, value) in map {
            result[key] = try state.unbox(value, as: Value.self, parent: node, tail: .key(AnyCodingKey(stringValue: key)))
        }
        return result
    }
}
