import DataMapperCore

extension DataPath {
    /// This path with the key steps from `offset` on joined back into one key that
    /// `map` has, or `nil` when none of those joins is a key of `map`.
    ///
    /// A key containing dots (`app.kubernetes.io/name`) written after a dot is read as
    /// several steps; when the step at `offset` is missing from `map`, this finds the
    /// key the user most likely meant, longest join first, so the message can show the
    /// path written with it quoted: `labels["app.kubernetes.io/name"]`.
    func joiningDottedKey(at offset: Int, in map: OrderedMap) -> DataPath? {
        var keys: [String] = []
        for component in components[offset...] {
            guard case .key(let key) = component else { break }
            keys.append(key)
        }
        guard keys.count >= 2 else { return nil }
        for count in stride(from: keys.count, through: 2, by: -1) {
            let joined = keys[..<count].joined(separator: ".")
            if map.index(forKey: joined) != nil {
                return DataPath(Array(components[..<offset]) + [.key(joined)] + components[(offset + count)...])
            }
        }
        return nil
    }
}
