/// A dictionary from strings to ``SupportedType`` that remembers insertion order.
///
/// Config files and API payloads are read by people, and people expect a converted
/// document to list its keys in the order they wrote them. `OrderedMap` keeps that
/// order while still finding a key quickly: small maps (the common case) are searched
/// directly, and a hash index is kept only once a map grows past a few entries.
///
/// Equality and hashing ignore the order: two maps with the same pairs are equal. To
/// compare order as well, compare ``keys``.
public struct OrderedMap: Sendable {
    @usableFromInline var _keys: [String]
    @usableFromInline var _values: [SupportedType]
    /// Finds a key's offset; present only while `count > indexThreshold`.
    @usableFromInline var index: KeyIndex?

    /// Maps up to this size are searched linearly; larger ones keep a hash index.
    @usableFromInline static let indexThreshold = 64

    /// An empty map.
    @inlinable public init() {
        _keys = []
        _values = []
        index = nil
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
    @inlinable public var keys: [String] { _keys }

    /// The values, in the order of their keys.
    @inlinable public var values: [SupportedType] { _values }

    /// Whether the map has no entries.
    @inlinable public var isEmpty: Bool { _keys.isEmpty }

    /// Reserves room for `minimumCapacity` entries.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        _keys.reserveCapacity(minimumCapacity)
        _values.reserveCapacity(minimumCapacity)
    }

    /// The offset of `key`, or `nil` when absent.
    /// - Complexity: O(1) on average for large maps, O(*n*) below ``indexThreshold`` entries.
    @inlinable
    public func index(forKey key: String) -> Int? {
        if let index { return index.find(key, in: _keys) }
        return _keys.firstIndex(of: key)
    }

    /// The value for `key`; setting `nil` removes the entry, setting a value for a new
    /// key appends it, and setting one for an existing key keeps its place.
    public subscript(key: String) -> SupportedType? {
        get { index(forKey: key).map { _values[$0] } }
        set {
            if let newValue { updateValue(newValue, forKey: key) } else { removeValue(forKey: key) }
        }
    }

    /// Sets the value for `key` and returns the value it replaces, if any.
    @discardableResult
    public mutating func updateValue(_ value: SupportedType, forKey key: String) -> SupportedType? {
        if let offset = index(forKey: key) {
            let old = _values[offset]
            _values[offset] = value
            return old
        }
        appendUnique(key: key, value: value)
        return nil
    }

    /// Appends a pair whose key the caller knows is not in the map yet.
    ///
    /// Parsers that have already checked for a duplicate use it to avoid a second search.
    @inlinable
    @_spi(Parsing) public mutating func appendUnique(key: String, value: SupportedType) {
        _keys.append(key)
        _values.append(value)
        if index != nil {
            index?.insert(offset: _keys.count - 1, keys: _keys)
        } else if _keys.count > Self.indexThreshold {
            rebuildIndex()
        }
    }

    /// A map of `keys`, which the caller knows are distinct, paired in order with
    /// `values` (as many as there are keys).
    ///
    /// Parsers that have already checked for duplicates build each map in one step,
    /// making the hash index (when the map needs one) once, at its final size.
    @inlinable
    @_spi(Parsing) public init(uniqueKeys keys: [String], values: [SupportedType]) {
        _keys = keys
        _values = values
        index = nil
        if keys.count > Self.indexThreshold { rebuildIndex() }
    }

    /// Removes `key` and returns its value; the entries after it move up one place.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> SupportedType? {
        guard let offset = index(forKey: key) else { return nil }
        _keys.remove(at: offset)
        let old = _values.remove(at: offset)
        if _keys.count > Self.indexThreshold { rebuildIndex() } else { index = nil }
        return old
    }

    /// Sorts the entries by key, in the order of the keys' Unicode scalars.
    public mutating func sortByKeys() {
        let order = _keys.indices.sorted { _keys[$0] < _keys[$1] }
        _keys = order.map { _keys[$0] }
        _values = order.map { _values[$0] }
        if index != nil { rebuildIndex() }
    }

    /// A copy whose values are transformed and whose keys and order are unchanged.
    public func mapValues(_ transform: (SupportedType) throws -> SupportedType) rethrows -> OrderedMap {
        var copy = self
        copy._values = try _values.map(transform)
        return copy
    }

    @usableFromInline
    mutating func rebuildIndex() {
        index = KeyIndex(keys: _keys)
    }
}

// MARK: - Collection

extension OrderedMap: RandomAccessCollection {
    /// An entry: a key and its value.
    public typealias Element = (key: String, value: SupportedType)

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { _keys.count }

    /// The entry at `position`.
    @inlinable public subscript(position: Int) -> Element { (_keys[position], _values[position]) }
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
        if lhs._keys == rhs._keys { return lhs._values == rhs._values }
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
