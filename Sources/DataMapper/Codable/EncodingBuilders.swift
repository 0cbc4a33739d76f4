/// Collects the entries of a keyed container. Nested containers and super encoders
/// are filled in after they are created, so their places are held by a null and
/// recorded as pending until ``finish()``.
final class MapBuilder {
    var keys: [String] = []
    var values: [SupportedType] = []
    var pending: [(offset: Int, state: EncodingState)] = []

    @inline(__always)
    func append(_ key: String, _ value: SupportedType) {
        keys.append(key)
        values.append(value)
    }

    func appendPending(_ key: String, _ state: EncodingState) {
        pending.append((keys.count, state))
        append(key, SupportedType(.null))
    }

    /// The dictionary; a key encoded twice keeps its first place and its last value.
    func finish() -> SupportedType {
        for (offset, state) in pending { values[offset] = state.finish() }
        guard hasDuplicates() else { return SupportedType(.dictionary(OrderedMap(uniqueKeys: keys, values: values))) }
        var merged = OrderedMap(minimumCapacity: keys.count)
        for (key, value) in zip(keys, values) { merged[key] = value }
        return SupportedType(.dictionary(merged))
    }

    private func hasDuplicates() -> Bool {
        if keys.count > 12 { return Set(keys).count != keys.count }
        for first in keys.indices {
            for second in keys.indices where second > first && keys[first] == keys[second] { return true }
        }
        return false
    }
}

/// Collects the elements of an unkeyed container, as ``MapBuilder`` does the entries.
final class ArrayBuilder {
    var values: [SupportedType] = []
    var pending: [(offset: Int, state: EncodingState)] = []

    func appendPending(_ state: EncodingState) {
        pending.append((values.count, state))
        values.append(SupportedType(.null))
    }

    func finish() -> SupportedType {
        for (offset, state) in pending { values[offset] = state.finish() }
        return SupportedType(.array(values))
    }
}
