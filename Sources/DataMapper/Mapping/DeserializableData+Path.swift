import DataMapperCore

extension DeserializableData {
    /// The value at the end of `path`, whose steps are dictionary keys and array indexes:
    /// `data[path: "servers[2].port"]`, or `` data[path: "servers.`2`.port"] `` as
    /// Mappable writes it.
    ///
    /// The path uses the grammar of ``DataPath/init(parsing:)``. A step that is missing
    /// makes the whole view missing; `try get()` then names the path up to that step
    /// and the position of the value that should have held it.
    public subscript(path path: DataPath) -> DeserializableData {
        var current = self
        // Stopping at the first missing step keeps the error about that step, rather
        // than about a later step looked up in nothing.
        for step in path.components where current.value != nil {
            switch step {
            case .key(let key):
                var hint = 0
                current = current.child(forKey: key, hint: &hint, entries: current.entries)
            case .index(let index):
                current = current.child(atIndex: index)
            }
        }
        return current
    }

    /// The view of the element at `index`, when this value is an array that long.
    func child(atIndex index: Int) -> DeserializableData {
        guard case .array(let elements)? = value?.kind else {
            let mismatch: StaticString? = value.flatMap { $0.kind.isNullKind ? nil : $0.kind.phrase }
            return DeserializableData(child: nil, of: self, step: .index(index), containerMismatch: mismatch)
        }
        // Not a `?:` with `nil`: that would read as a `null` value, which is not missing.
        guard elements.indices.contains(index) else {
            return DeserializableData(child: nil, of: self, step: .index(index), containerMismatch: nil)
        }
        return DeserializableData(child: elements[index], of: self, step: .index(index), containerMismatch: nil)
    }
}
