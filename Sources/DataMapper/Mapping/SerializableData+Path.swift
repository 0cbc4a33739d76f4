import DataMapperCore

extension SerializableData {
    /// The value at the end of `path`; writing to it creates the dictionaries and arrays
    /// on the way: `data[path: "servers[0].port"].set(port)`.
    ///
    /// The path uses the grammar of ``DataPath/init(parsing:)``. A key step turns a value
    /// that is not a dictionary into one, as the key subscript does; an index step turns
    /// a value that is not an array into an empty one, then replaces the element at the
    /// index, or appends when the index is the array's count. An index past the end
    /// fills the gap with `null`: writing cannot fail, and a mapping may write
    /// `` list.`2` `` before `` list.`0` ``, whose later write replaces that `null`.
    public subscript(path path: DataPath) -> SerializableData {
        get { SerializableData(value: value[path] ?? .null, objectMapper: objectMapper) }
        set { value.store(newValue.value, at: path.components[...]) }
    }
}

extension SupportedType {
    /// Puts `newValue` at the end of `steps`, making the containers on the way.
    mutating func store(_ newValue: SupportedType, at steps: ArraySlice<DataPath.Component>) {
        guard let step = steps.first else {
            self = newValue
            return
        }
        let rest = steps.dropFirst()
        switch step {
        case .key(let key):
            var child = self[key] ?? .null
            child.store(newValue, at: rest)
            addToDictionary(key: key, value: child)
        case .index(let index):
            var elements: SupportedArray
            if case .array(let existing) = kind { elements = existing } else { elements = SupportedArray() }
            kind = .null  // releases the second reference so the update does not copy
            while elements.count <= index { elements.append(.null) }
            elements[index].store(newValue, at: rest)
            kind = .array(elements)
        }
    }
}
