/// A dictionary from strings to ``SupportedType`` that remembers insertion order.
///
/// Config files and API payloads are read by people, and people expect a converted
/// document to list its keys in the order they wrote them. `OrderedMap` keeps that
/// order while still finding a key quickly: small maps (the common case) are searched
/// directly, and a hash index is kept only once a map grows past a few entries.
///
/// Parsers may store a map of up to 64 entries in an ``ElementSlab`` shared with other
/// maps and arrays of the same document instead of arrays of its own; such a map
/// behaves the same, and its first change copies it.
///
/// Equality and hashing ignore the order: two maps with the same pairs are equal. To
/// compare order as well, compare ``keys``.
public struct OrderedMap: Sendable {
    @usableFromInline
    enum Storage: Sendable {
        /// Keys (with a hash index once the map is larger than ``indexThreshold``) and
        /// values in storage of the map's own.
        case owned(KeyStorage, [SupportedType])
        /// The number of a key list (see `ElementSlab.keyLists`) followed by `count`
        /// values, in a slab that many small maps of one document share (see
        /// ``ElementSlabWriter``).
        case shared(ElementSlab, start: UInt32, count: UInt32)
    }

    @usableFromInline var storage: Storage

    /// Maps up to this size are searched linearly; larger ones keep a hash index.
    @usableFromInline static let indexThreshold = 64

    @inlinable init(storage: Storage) { self.storage = storage }

    /// The keys, and for large maps their index, wherever the map keeps them.
    @inlinable
    var keyStorage: KeyStorage {
        switch storage {
        case .owned(let keys, _): return keys
        case .shared(let slab, let start, _): return .plain(slab.keyList(at: Int(start)))
        }
    }

    /// An empty map.
    @inlinable public init() {
        storage = .owned(.plain([]), [])
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
    @inlinable public var keys: [String] {
        switch storage {
        case .owned(let keys, _): return keys.keys
        case .shared(let slab, let start, _): return slab.keyList(at: Int(start))
        }
    }

    /// The values, in the order of their keys.
    @inlinable public var values: [SupportedType] {
        switch storage {
        case .owned(_, let values): return values
        case .shared(let slab, let start, let count):
            return withExtendedLifetime(slab) { Array(slab.elements(Int(start + 1)..<Int(start + 1 + count))) }
        }
    }

    /// Calls `body` with the keys and the values, in order, in contiguous memory,
    /// borrowed, without a copy.
    ///
    /// The buffers are valid only during the call; writers use them to walk a map
    /// without copying its values out of a slab or retaining each one.
    @inlinable
    public func withUnsafeKeysAndValues<R, E: Error>(
        _ body: (UnsafeBufferPointer<String>, UnsafeBufferPointer<SupportedType>) throws(E) -> R
    ) throws(E) -> R {
        switch storage {
        case .owned(let keys, let values):
            return try keys.keys.withUnsafeBufferPointer { (keys) throws(E) in
                try values.withUnsafeBufferPointer { (values) throws(E) in try body(keys, values) }
            }
        case .shared(let slab, let start, let count):
            defer { withExtendedLifetime(slab) {} }
            return try slab.keyList(at: Int(start)).withUnsafeBufferPointer { (keys) throws(E) in
                try body(keys, slab.elements(Int(start) + 1..<Int(start) + 1 + Int(count)))
            }
        }
    }

    /// Whether the map has no entries.
    @inlinable public var isEmpty: Bool { endIndex == 0 }

    /// The key at `offset`, which must be below `count`.
    @inlinable
    func key(at offset: Int) -> String {
        switch storage {
        case .owned(.plain(let keys), _): return keys[offset]
        case .owned(.indexed(let box), _): return box.keys[offset]
        case .shared(let slab, let start, let count):
            precondition(offset >= 0 && offset < Int(count), "OrderedMap offset out of range")
            return slab.keyList(at: Int(start))[offset]
        }
    }

    /// The value at `offset`, which must be below `count`.
    @inlinable
    func value(at offset: Int) -> SupportedType {
        switch storage {
        case .owned(_, let values): return values[offset]
        case .shared(let slab, let start, let count):
            precondition(offset >= 0 && offset < Int(count), "OrderedMap offset out of range")
            return slab.element(at: Int(start) + 1 + offset)
        }
    }

    /// Whether the key at `offset` is `key`; `false` when `offset` is past the end.
    ///
    /// Readers of models try the offset after the last key they found before
    /// searching, since models usually read keys in the order documents write them.
    @inlinable
    func hasKey(_ key: String, at offset: Int) -> Bool {
        switch storage {
        case .owned(.plain(let keys), _): return offset < keys.count && keys[offset] == key
        case .owned(.indexed(let box), _): return offset < box.keys.count && box.keys[offset] == key
        case .shared(let slab, let start, let count): return offset < Int(count) && slab.keyList(at: Int(start))[offset] == key
        }
    }

    /// The keys and values, for the caller to change and store back as `.owned`.
    ///
    /// A map of its own lets go of its storage first, so unshared arrays then change
    /// in place; a slab's entries are copied out.
    @inlinable
    mutating func takeEntries() -> (KeyStorage, [SupportedType]) {
        switch storage {
        case .owned(let keys, let values):
            // Let go of the stored arrays so the caller holds the only references.
            storage = .owned(.plain([]), [])
            return (keys, values)
        case .shared:
            return (keyStorage, values)
        }
    }

    /// Reserves room for `minimumCapacity` entries.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        var (keys, values) = takeEntries()
        values.reserveCapacity(minimumCapacity)
        if case .plain(var plain) = keys {
            keys = .plain([])
            plain.reserveCapacity(minimumCapacity)
            keys = .plain(plain)
        }
        storage = .owned(keys, values)
    }

    /// The offset of `key`, or `nil` when absent.
    /// - Complexity: O(1) on average for large maps, O(*n*) below ``indexThreshold`` entries.
    @inlinable
    public func index(forKey key: String) -> Int? {
        switch storage {
        case .owned(.plain(let keys), _): return keys.firstIndex(of: key)
        case .owned(.indexed(let box), _): return box.find(key)
        case .shared(let slab, let start, _): return slab.keyList(at: Int(start)).firstIndex(of: key)
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
            var (keys, values) = takeEntries()
            let old = values[offset]
            values[offset] = value
            storage = .owned(keys, values)
            return old
        }
        appendUnique(key: key, value: value)
        return nil
    }

    /// Appends a pair whose key the caller knows is not in the map yet.
    ///
    /// Parsers that have already checked for a duplicate use it to avoid a second search.
    @_spi(Parsing) public mutating func appendUnique(key: String, value: SupportedType) {
        var (keys, values) = takeEntries()
        values.append(value)
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
        storage = .owned(keys, values)
    }

    /// A map of `keys`, which the caller knows are distinct, paired in order with
    /// `values` (as many as there are keys).
    ///
    /// Parsers that have already checked for duplicates build each map in one step,
    /// making the hash index (when the map needs one) once, at its final size.
    @inlinable
    @_spi(Parsing) public init(uniqueKeys keys: [String], values: [SupportedType]) {
        storage = .owned(KeyStorage(distinct: keys), values)
    }

    /// Removes `key` and returns its value; the entries after it move up one place.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> SupportedType? {
        guard let offset = index(forKey: key) else { return nil }
        var (keyStorage, values) = takeEntries()
        var keys = keyStorage.keys
        keyStorage = .plain([])
        keys.remove(at: offset)
        let removed = values.remove(at: offset)
        storage = .owned(KeyStorage(distinct: keys), values)
        return removed
    }

    /// Sorts the entries by key, in the order of the keys' Unicode scalars.
    public mutating func sortByKeys() {
        let keys = self.keys
        let values = self.values
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        storage = .owned(KeyStorage(distinct: order.map { keys[$0] }), order.map { values[$0] })
    }

    /// A copy whose values are transformed and whose keys and order are unchanged.
    public func mapValues(_ transform: (SupportedType) throws -> SupportedType) rethrows -> OrderedMap {
        OrderedMap(storage: .owned(keyStorage, try values.map(transform)))
    }
}

// MARK: - Collection

extension OrderedMap: RandomAccessCollection {
    /// An entry: a key and its value.
    public typealias Element = (key: String, value: SupportedType)

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int {
        switch storage {
        case .owned(_, let values): return values.count
        case .shared(_, _, let count): return Int(count)
        }
    }

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
        if case .owned(let leftKeys, let leftValues) = lhs.storage, case .owned(let rightKeys, let rightValues) = rhs.storage,
           leftKeys.keys == rightKeys.keys {
            return leftValues == rightValues
        }
        if lhs.indices.allSatisfy({ lhs.key(at: $0) == rhs.key(at: $0) }) {
            return lhs.indices.allSatisfy { lhs.value(at: $0) == rhs.value(at: $0) }
        }
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
