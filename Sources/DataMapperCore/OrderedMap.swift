/// A dictionary from strings to ``SupportedType`` that remembers insertion order.
///
/// Config files and API payloads are read by people, and people expect a converted
/// document to list its keys in the order they wrote them. `OrderedMap` keeps that
/// order while still finding a key quickly: small maps (the common case) are searched
/// directly, and a hash index is kept only once a map grows past a few entries.
///
/// Maps a parser reads with the same keys in the same order share one key list,
/// copy-on-write, so the keys of a thousand-row table are stored once.
///
/// Equality and hashing ignore the order: two maps with the same pairs are equal. To
/// compare order as well, compare ``keys``.
public struct OrderedMap: Sendable {
    /// The keys, and for large maps their index.
    @usableFromInline var keyStorage: KeyStorage
    /// The values, one per key (the invariant every change keeps).
    @usableFromInline var storedValues: [SupportedType]

    /// Maps up to this size are searched linearly; larger ones keep a hash index.
    @usableFromInline static let indexThreshold = 64

    @inlinable init(keyStorage: KeyStorage, values: [SupportedType]) {
        self.keyStorage = keyStorage
        storedValues = values
    }

    /// An empty map.
    @inlinable public init() {
        keyStorage = .plain([])
        storedValues = []
    }

    /// An empty map with room for `minimumCapacity` entries.
    public init(minimumCapacity: Int) {
        self.init()
        reserveCapacity(minimumCapacity)
    }

    /// A map of `pairs` in their order; a repeated key keeps its first place and its last value.
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, SupportedType) {
        self.init()
        for (key, value) in pairs { self[key] = value }
    }

    /// The keys, in order.
    @inlinable public var keys: [String] { keyStorage.keys }

    /// The values, in the order of their keys.
    @inlinable public var values: [SupportedType] { storedValues }

    /// Calls `body` with the keys and the values, in order, in contiguous memory,
    /// borrowed, without a copy.
    ///
    /// The buffers are valid only during the call; writers use them to walk a map
    /// without retaining each key and value.
    @inlinable
    public func withUnsafeKeysAndValues<R, E: Error>(
        _ body: (UnsafeBufferPointer<String>, UnsafeBufferPointer<SupportedType>) throws(E) -> R
    ) throws(E) -> R {
        try keyStorage.withKeys { (keys) throws(E) in
            try storedValues.withUnsafeBufferPointer { (values) throws(E) in try body(keys, values) }
        }
    }

    /// Whether the map has no entries.
    @inlinable public var isEmpty: Bool { storedValues.isEmpty }

    /// The key at `offset`, which must be below `count`.
    @inlinable
    func key(at offset: Int) -> String {
        switch keyStorage {
        case .plain(let keys): return keys[offset]
        case .indexed(let box): return box.keys[offset]
        }
    }

    /// The value at `offset`, which must be below `count`.
    @inlinable
    package func value(at offset: Int) -> SupportedType { storedValues[offset] }

    /// Whether the key at `offset` is `key`; `false` when `offset` is past the end.
    ///
    /// Readers of models try the offset after the last key they found before
    /// searching, since models usually read keys in the order documents write them.
    @inlinable
    package func hasKey(_ key: String, at offset: Int) -> Bool {
        switch keyStorage {
        case .plain(let keys): return offset < keys.count && keys[offset] == key
        case .indexed(let box): return offset < box.keys.count && box.keys[offset] == key
        }
    }

    /// Reserves room for `minimumCapacity` entries.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        storedValues.reserveCapacity(minimumCapacity)
        if case .plain(var plain) = keyStorage {
            // Let go of the stored array first, so that reserving does not copy it.
            keyStorage = .plain([])
            plain.reserveCapacity(minimumCapacity)
            keyStorage = .plain(plain)
        }
    }

    /// The offset of `key`, or `nil` when absent.
    /// - Complexity: O(1) on average for large maps, O(*n*) below ``indexThreshold`` entries.
    @inlinable
    public func index(forKey key: String) -> Int? {
        switch keyStorage {
        case .plain(let keys): return keys.firstIndex(of: key)
        case .indexed(let box): return box.find(key)
        }
    }

    /// The value for `key`; setting `nil` removes the entry, setting a value for a new
    /// key appends it, and setting one for an existing key keeps its place.
    public subscript(key: String) -> SupportedType? {
        get { index(forKey: key).map { value(at: $0) } }
        set {
            if let newValue { updateValue(newValue, forKey: key) } else { removeValue(forKey: key) }
        }
    }

    /// Sets the value for `key` and returns the value it replaces, if any.
    @discardableResult
    public mutating func updateValue(_ value: SupportedType, forKey key: String) -> SupportedType? {
        if let offset = index(forKey: key) {
            let old = values[offset]
            storedValues[offset] = value
            return old
        }
        appendUnique(key: key, value: value)
        return nil
    }

    /// Appends a pair whose key the caller knows is not in the map yet.
    ///
    /// Parsers that have already checked for a duplicate use it to avoid a second search.
    package mutating func appendUnique(key: String, value: SupportedType) {
        storedValues.append(value)
        var keys = keyStorage
        keyStorage = .plain([])
        switch keys {
        case .plain(var plain):
            // Let go of the stored array first, so that appending does not copy it.
            keys = .plain([])
            plain.append(key)
            keys = KeyStorage(distinct: plain)
        case .indexed(var box):
            keys = .plain([])
            if !isKnownUniquelyReferenced(&box) { box = box.copy() }
            box.append(key)
            keys = .indexed(box)
        }
        keyStorage = keys
    }

    /// A map of `keys`, which the caller knows are distinct, paired in order with
    /// `values` (as many as there are keys).
    ///
    /// Parsers that have already checked for duplicates build each map in one step,
    /// making the hash index (when the map needs one) once, at its final size.
    @inlinable
    package init(uniqueKeys keys: [String], values: [SupportedType]) {
        self.init(keyStorage: KeyStorage(distinct: keys), values: values)
    }

    /// Removes `key` and returns its value; the entries after it move up one place.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> SupportedType? {
        guard let offset = index(forKey: key) else { return nil }
        var keys = keyStorage.keys
        keyStorage = .plain([])
        keys.remove(at: offset)
        keyStorage = KeyStorage(distinct: keys)
        return storedValues.remove(at: offset)
    }

    /// Sorts the entries by key, in the order of the keys' Unicode scalars.
    public mutating func sortByKeys() {
        let keys = self.keys
        let values = self.values
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        keyStorage = KeyStorage(distinct: order.map { keys[$0] })
        storedValues = order.map { values[$0] }
    }

    /// A copy whose values are transformed and whose keys and order are unchanged.
    public func mapValues(_ transform: (SupportedType) throws -> SupportedType) rethrows -> OrderedMap {
        OrderedMap(keyStorage: keyStorage, values: try values.map(transform))
    }
}

// MARK: - Collection

extension OrderedMap: RandomAccessCollection {
    /// An entry: a key and its value.
    public typealias Element = (key: String, value: SupportedType)

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { storedValues.count }

    /// The entry at `position`.
    @inlinable public subscript(position: Int) -> Element { (key(at: position), value(at: position)) }
}

// MARK: - Literals

extension OrderedMap: ExpressibleByDictionaryLiteral {
    /// A map with the literal's pairs in the order written.
    public init(dictionaryLiteral elements: (String, SupportedType)...) {
        self.init(elements)
    }
}

// MARK: - Equality

extension OrderedMap: Hashable {
    /// Same pairs, in any order.
    public static func == (lhs: OrderedMap, rhs: OrderedMap) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.keys == rhs.keys { return lhs.values == rhs.values }
        for (key, value) in lhs {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }

    /// Hashes the pairs in a way that does not depend on their order.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in self {
            var entry = Hasher()
            entry.combine(key)
            entry.combine(value)
            combined = combined &+ entry.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
