import DataMapperCore
import Foundation

/// The `Encoder` handed to `encode(to:)`; also its own single-value container.
///
/// Each nested value gets a small state of its own that links to its parent, so the
/// coding path is built only when asked for. What a type encodes is collected in
/// the state itself and turned into a ``SupportedType`` by ``finish()``.
final class EncodingState: Encoder, SingleValueEncodingContainer {
    /// What has been encoded so far.
    enum Storage {
        /// Nothing yet.
        case empty
        /// A single value.
        case value(SupportedType)
        /// Entries of a keyed container, in ``keys`` and ``values``.
        case map
        /// Elements of an unkeyed container, in ``values``.
        case array
    }

    let options: EncodingOptions
    let parent: EncodingState?
    let tail: PathTail
    // The state is used by one encode on one thread, and no access to these
    // overlaps another; dynamic exclusivity checks would only cost time.
    @exclusivity(unchecked) var storage: Storage = .empty
    /// The keys of a keyed container, in order.
    @exclusivity(unchecked) var keys: [String] = []
    /// The values of a keyed container or the elements of an unkeyed one.
    @exclusivity(unchecked) var values: [SupportedType] = []
    /// Nested containers and super encoders, filled in after they were created: their
    /// places in ``values`` hold a null until ``finish()``.
    @exclusivity(unchecked) var pending: [(offset: Int, state: EncodingState)] = []

    init(options: EncodingOptions, parent: EncodingState?, tail: PathTail) {
        self.options = options
        self.parent = parent
        self.tail = tail
    }

    var codingPath: [any CodingKey] {
        var reversed: [any CodingKey] = []
        var state: EncodingState? = self
        while let current = state {
            switch current.tail {
            case .none: break
            case .key(let key): reversed.append(key)
            case .index(let index): reversed.append(IndexCodingKey(index))
            }
            state = current.parent
        }
        return reversed.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    // MARK: - Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .map = storage {} else {
            storage = .map
            keys = []
            values = []
        }
        return KeyedEncodingContainer(KeyedEncoding(state: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = storage {} else {
            storage = .array
            values = []
        }
        return UnkeyedEncoding(state: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// The encoded value; an empty dictionary when nothing was encoded. For a keyed
    /// container, a key encoded twice keeps its first place and its last value.
    func finish() -> SupportedType {
        switch storage {
        case .empty:
            return SupportedType(.dictionary(OrderedMap()))
        case .value(let value):
            return value
        case .map:
            for (offset, state) in takePending() { values[offset] = state.finish() }
            guard hasDuplicateKeys() else { return SupportedType(.dictionary(OrderedMap(uniqueKeys: keys, values: values))) }
            var merged = OrderedMap(minimumCapacity: keys.count)
            for (key, value) in zip(keys, values) { merged[key] = value }
            return SupportedType(.dictionary(merged))
        case .array:
            for (offset, state) in takePending() { values[offset] = state.finish() }
            return SupportedType.array(values)
        }
    }

    /// The nested states, no longer held here. Each of them holds this state as its
    /// parent, so keeping them would make a cycle that outlives the encode.
    private func takePending() -> [(offset: Int, state: EncodingState)] {
        defer { pending = [] }
        return pending
    }

    /// Lets go of every nested state below this one, for an encode that failed before
    /// ``finish()`` could.
    func discardPending() {
        for (_, state) in takePending() { state.discardPending() }
    }

    private func hasDuplicateKeys() -> Bool {
        if keys.count > 12 { return Set(keys).count != keys.count }
        for first in keys.indices {
            for second in keys.indices where second > first && keys[first] == keys[second] { return true }
        }
        return false
    }

    /// Appends an entry to a keyed container.
    @inline(__always)
    func append(_ key: String, _ value: SupportedType) {
        keys.append(key)
        values.append(value)
    }

    /// Holds the place of a nested container or super encoder under `key` (or, for
    /// `nil`, as the next element) until ``finish()``.
    func appendPending(_ key: String?, _ state: EncodingState) {
        pending.append((values.count, state))
        if let key { keys.append(key) }
        values.append(SupportedType(.null))
    }

    /// A document key for `key`, by the key strategy.
    func documentKey(_ key: some CodingKey) -> String {
        guard options.convertsKeys else { return key.stringValue }
        switch options.keys {
        case .useDefaultKeys: return key.stringValue
        case .convertToSnakeCase: return KeyConversion.snakeCase(fromCamelCase: key.stringValue)
        case .custom(let convert): return convert(codingPath + [key]).stringValue
        }
    }

    // MARK: - Nested values

    /// Encodes `value`, found at `tail` below this state, as a ``SupportedType``.
    func box<T: Encodable>(_ value: T, tail: PathTail) throws -> SupportedType {
        if T.self == String.self, let text = value as? String { return SupportedType(.string(text)) }
        if T.self == Int.self, let integer = value as? Int { return SupportedType(.int(integer)) }
        if T.self == Double.self, let number = value as? Double { return SupportedType(.double(number)) }
        if T.self == Bool.self, let flag = value as? Bool { return SupportedType(.bool(flag)) }
        if T.self == Date.self, let date = value as? Date { return try boxDate(date, tail: tail) }
        if T.self == Data.self, let data = value as? Data { return try boxData(data, tail: tail) }
        if T.self == URL.self, let url = value as? URL { return SupportedType(.string(url.absoluteString)) }
        if T.self == Decimal.self, let decimal = value as? Decimal { return boxDecimal(decimal) }
        if T.self == SupportedType.self, let supported = value as? SupportedType { return supported }
        let child = EncodingState(options: options, parent: self, tail: tail)
        if options.convertsKeys, let dictionary = value as? any StringKeyedEncodableDictionary {
            return try dictionary.boxEntries(in: child)
        }
        do {
            try value.encode(to: child)
        } catch {
            child.discardPending()
            throw error
        }
        return child.finish()
    }

    /// A child state for a nested container or super encoder, filled in later.
    func child(at tail: PathTail) -> EncodingState {
        EncodingState(options: options, parent: self, tail: tail)
    }

    // MARK: - Single value

    func encodeNil() { storage = .value(SupportedType(.null)) }
    func encode(_ value: Bool) { storage = .value(SupportedType(.bool(value))) }
    func encode(_ value: String) { storage = .value(SupportedType(.string(value))) }
    func encode(_ value: Double) { storage = .value(SupportedType(.double(value))) }
    func encode(_ value: Float) { storage = .value(Self.boxFloat(value)) }
    func encode(_ value: Int) { storage = .value(SupportedType(.int(value))) }
    func encode(_ value: Int8) { storage = .value(Self.boxInteger(value)) }
    func encode(_ value: Int16) { storage = .value(Self.boxInteger(value)) }
    func encode(_ value: Int32) { storage = .value(Self.boxInteger(value)) }
    func encode(_ value: Int64) { storage = .value(Self.boxInteger(value)) }
    func encode(_ value: UInt) { storage = .value(Self.boxInteger(value)) }
    func encode(_ value: UInt8) { storage = .value(Self.boxInteger(value)) }
    func encode(_ value: UInt16) { storage = .value(Self.boxInteger(value)) }
    func encode(_ value: UInt32) { storage = .value(Self.boxInteger(value)) }
    func encode(_ value: UInt64) { storage = .value(Self.boxInteger(value)) }

    func encode<T: Encodable>(_ value: T) throws {
        storage = .value(try box(value, tail: .none))
    }

    // MARK: - Scalars

    /// An integer of any width, exactly: `.int` when it fits `Int`, `.uint` above.
    @inline(__always)
    static func boxInteger<T: FixedWidthInteger>(_ value: T) -> SupportedType {
        if let integer = Int(exactly: value) { return SupportedType(.int(integer)) }
        return SupportedType(.uint(UInt64(truncatingIfNeeded: value)))
    }

    /// A `Float` as the `Double` whose shortest text is the `Float`'s own (`0.1` stays
    /// `0.1` rather than `0.10000000149011612`); a `Float` read back from it is the same.
    static func boxFloat(_ value: Float) -> SupportedType {
        guard value.isFinite, let number = Double(value.description) else { return SupportedType(.double(Double(value))) }
        return SupportedType(.double(number))
    }
}
