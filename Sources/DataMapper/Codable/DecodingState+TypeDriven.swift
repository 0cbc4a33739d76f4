import DataMapperCore

/// What the decoder reads from the type where the document leaves it unsaid (see
/// ``TypeDrivenReading``): arrays laid out as repeated entries, attributes, text beside
/// attributes, empty values.
extension DecodingState {
    /// The elements `value`, which is not an array, stands for when arrays are laid out
    /// as ``TypeDrivenReading/ArrayLayout/repeatedEntries``.
    func repeatedEntries(_ value: SupportedType, isUnderKey: Bool, node: CodingPathNode?) throws -> SupportedArray {
        if isUnderKey {
            // The key occurred once: one element, even an empty one. Absent, none.
            if probingMissingKey, case .null = value.kind { return [] }
            return [value]
        }
        switch value.kind {
        case .null:
            return []
        case .string(let text) where text.isBlankText:
            return []
        case .dictionary(let map):
            // The items under the one key that is not an attribute, whatever its name.
            let children = map.filter { !isAttributeKey($0.key) }
            guard children.count == 1, let items = children.first?.value else { break }
            if case .array(let elements) = items.kind { return elements }
            return [items]
        default:
            break
        }
        throw mismatch([Any].self, expected: "an array (one value holding its items under a single key)", value,
                       parent: node ?? self.node, tail: .none)
    }

    /// Whether the value at `node` is the value of a dictionary key (rather than an
    /// array's element or the whole document).
    static func isUnderKey(_ node: CodingPathNode) -> Bool {
        if case .key = node { return true }
        return false
    }

    /// Whether the value this decoder is at is the value of a dictionary key.
    var currentValueIsUnderKey: Bool {
        switch tail {
        case .key: return true
        case .index: return false
        case .none: return Self.isUnderKey(parentNode)
        }
    }

    /// Whether `key` holds an attribute (see ``TypeDrivenReading/attributeKeyPrefix``).
    func isAttributeKey(_ key: String) -> Bool {
        guard let prefix = options.attributePrefix else { return false }
        return key.hasPrefix(prefix)
    }

    /// The scalar a dictionary found where a scalar is expected stands for, when
    /// values with attributes keep their text under ``TypeDrivenReading/textKey``: the
    /// text, or null for attributes alone; `nil` for any other value.
    func textContent(of value: SupportedType) -> SupportedType? {
        guard let textKey = options.textKey, case .dictionary(let map) = value.kind else { return nil }
        if let offset = map.index(forKey: textKey) { return map.value(at: offset).withPosition(value.position) }
        guard options.attributePrefix != nil, map.keys.allSatisfy(isAttributeKey) else { return nil }
        return SupportedType(.null, position: value.position)
    }

    /// `T` read from a null that stands for an empty value, when `T` has one; else `nil`.
    func emptyValue<T: Decodable>(as type: T.Type, parent: CodingPathNode, key: any CodingKey) -> T? {
        try? unbox(SupportedType(.null), as: T.self, parent: parent, tail: .key(key))
    }
}
