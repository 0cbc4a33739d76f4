import DataMapperCore

/// Key strategies: snake case to camel case and back, and custom conversions.
enum KeyConversion {
    /// `max_id_str` → `maxIdStr`: the first word kept, later words capitalized with
    /// the rest lower-cased; leading and trailing underscores are kept as they are.
    static func camelCase(fromSnakeCase key: String) -> String {
        guard key.utf8.contains(UInt8(ascii: "_")) else { return key }
        let scalars = Array(key.unicodeScalars)
        guard let firstLetter = scalars.firstIndex(where: { $0 != "_" }) else { return key }
        var lastLetter = scalars.count - 1
        while scalars[lastLetter] == "_" { lastLetter -= 1 }
        let words = String(String.UnicodeScalarView(scalars[firstLetter...lastLetter]))
            .split(separator: "_", omittingEmptySubsequences: true)
        guard let head = words.first else { return key }
        var result = String(String.UnicodeScalarView(scalars[..<firstLetter])) + head
        for word in words.dropFirst() {
            result += word.prefix(1).uppercased() + word.dropFirst().lowercased()
        }
        return result + String(String.UnicodeScalarView(scalars[(lastLetter + 1)...]))
    }

    /// `maxIdStr` → `max_id_str`, `myURLValue` → `my_url_value`: a word starts at an
    /// upper-case letter after a lower-case one or a digit, and at the last capital of
    /// a run of capitals followed by a lower-case letter; all words lower-cased.
    static func snakeCase(fromCamelCase key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        guard scalars.contains(where: { $0.properties.isUppercase }) else { return key }
        var result = String.UnicodeScalarView()
        for (offset, scalar) in scalars.enumerated() {
            if scalar.properties.isUppercase, offset > 0 {
                let previous = scalars[offset - 1]
                let nextIsLower = offset + 1 < scalars.count && scalars[offset + 1].properties.isLowercase
                let startsWord = previous.properties.isLowercase || previous.properties.numericType != nil
                    || (previous.properties.isUppercase && nextIsLower)
                if startsWord, previous != "_" { result.append("_") }
            }
            result.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
        }
        return String(result)
    }
}

extension DecodingState {
    /// `map` with each key converted by the key strategy, in the same order; when two
    /// keys convert to the same name, the later value wins.
    func convertedKeys(of map: OrderedMap, at node: CodingPathNode) -> OrderedMap {
        var converted = OrderedMap(minimumCapacity: map.count)
        let path = node.path
        for (key, value) in map {
            let name: String
            switch options.keys {
            case .useDefaultKeys: name = key
            case .convertFromSnakeCase: name = KeyConversion.camelCase(fromSnakeCase: key)
            case .custom(let convert): name = convert(path + [AnyCodingKey(stringValue: key)]).stringValue
            }
            converted[name] = value
        }
        return converted
    }
}
