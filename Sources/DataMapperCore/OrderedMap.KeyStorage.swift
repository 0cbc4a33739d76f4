extension OrderedMap {
    /// The keys of a map, and for large maps the hash index that finds them.
    ///
    /// Almost every map in a document is small and needs no index, so a small map's
    /// keys are a plain array, and only a map past ``OrderedMap/indexThreshold`` keys
    /// keeps its keys and index together in one shared box. This keeps `OrderedMap` at
    /// two words, and with it every ``SupportedType`` at 32 bytes instead of 40: a
    /// fifth less memory to allocate, copy and free for every value of every tree.
    @usableFromInline
    enum KeyStorage: Sendable {
        /// Keys searched one by one.
        case plain([String])
        /// Keys with their hash index, shared copy-on-write.
        case indexed(IndexedKeys)

        /// Storage for `keys`, which must be distinct, indexed when they are many.
        @inlinable
        init(distinct keys: [String]) {
            self = keys.count > OrderedMap.indexThreshold ? .indexed(IndexedKeys(keys: keys)) : .plain(keys)
        }

        /// Calls `body` with the keys in contiguous memory, borrowed.
        @inlinable
        func withKeys<R, E: Error>(_ body: (UnsafeBufferPointer<String>) throws(E) -> R) throws(E) -> R {
            switch self {
            case .plain(let keys): return try keys.withUnsafeBufferPointer(body)
            case .indexed(let box): return try box.keys.withUnsafeBufferPointer(body)
            }
        }

        /// The keys, in order.
        @inlinable
        var keys: [String] {
            switch self {
            case .plain(let keys): return keys
            case .indexed(let box): return box.keys
            }
        }
    }

    /// The keys of a large map and the index over them.
    ///
    /// Mutated only through ``OrderedMap`` when no other map shares it (copy-on-write,
    /// checked with `isKnownUniquelyReferenced`), which is what makes it safe to send.
    @usableFromInline
    final class IndexedKeys: @unchecked Sendable {
        @usableFromInline private(set) var keys: [String]
        @usableFromInline private(set) var index: KeyIndex

        /// A box of `keys`, which must be distinct, with an index built over them.
        @usableFromInline
        init(keys: [String]) {
            self.keys = keys
            self.index = KeyIndex(keys: keys)
        }

        private init(keys: [String], index: KeyIndex) {
            self.keys = keys
            self.index = index
        }

        /// The offset of `key`, or `nil` when absent.
        @inlinable
        func find(_ key: String) -> Int? { index.find(key, in: keys) }

        /// Adds a key the caller knows is not there yet.
        func append(_ key: String) {
            keys.append(key)
            index.insert(offset: keys.count - 1, keys: keys)
        }

        /// A box of its own with the same keys, for a map about to change a shared one.
        func copy() -> IndexedKeys { IndexedKeys(keys: keys, index: index) }
    }
}
