import DataMapper

/// Finding the keys a loaded type does not read.
extension ConfigLoader {
    /// The keys of `document` that the type does not read, given `written`, the
    /// loaded value written back, and `rewrite`, which loads a document into the type
    /// and writes the result back the same way.
    ///
    /// A key with a value is unknown when `written` lacks it. A key whose value is
    /// null needs one more look, since an optional field left empty writes nothing
    /// back: with an empty dictionary in its place, a field of the type either fails
    /// to load or is written back, and a key no field reads does neither.
    func unknownKeys(
        in document: ConfigDocument, written: SupportedType, rewrite: (ConfigDocument) throws -> SupportedType
    ) -> [UnknownConfigKey] {
        UnknownConfigKey.find(in: document, comparedWith: written, policy: unknownKeys).filter { key in
            guard let value = document.value(at: key.path), value.isNull else { return true }
            var probe = document
            probe.replaceValue(at: key.path, with: SupportedType(.dictionary(OrderedMap()), position: value.position))
            guard let rewritten = try? rewrite(probe) else { return false }
            return UnknownConfigKey.find(in: probe, comparedWith: rewritten, policy: unknownKeys).contains { $0.path == key.path }
        }
    }
}
