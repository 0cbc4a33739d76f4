extension OrderedMap {
    /// A map with the keys of `template`, in its order, paired with `values`; the
    /// caller guarantees that there are exactly as many values as `template` has keys.
    ///
    /// Documents often hold many objects with the same keys in the same order (every
    /// status of a timeline, every row of a table). A parser that notices builds the
    /// key list and its hash index once and shares them, copy-on-write, with every
    /// such object, instead of hashing the same keys again for each one.
    /// - Complexity: O(1); no key is hashed or copied.
    @inlinable
    package init(keysOf template: OrderedMap, values: [SupportedType]) {
        self.init(keyStorage: template.keyStorage, values: values)
    }
}
