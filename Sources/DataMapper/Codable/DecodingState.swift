import DataMapperCore
import Foundation

/// The `Decoder` handed to `init(from:)`; also its own single-value container.
///
/// One instance serves a whole decode: going into a nested value sets ``value`` and
/// ``node`` and restores them afterwards, so a nested object costs no decoder of its
/// own, only its path node.
final class DecodingState: Decoder, SingleValueDecodingContainer {
    // One decode uses the state on one thread and no two accesses to these overlap;
    // dynamic exclusivity checks would only cost time on the hot path.

    /// The value being decoded now.
    @exclusivity(unchecked) var value: SupportedType
    /// The path to the container holding ``value``.
    @exclusivity(unchecked) var parentNode: CodingPathNode
    /// The last step from ``parentNode`` to ``value``.
    @exclusivity(unchecked) var tail: PathTail
    /// The path to ``value`` once made: a node is allocated only for values that have
    /// nested values of their own (or when an error needs it), not for every leaf.
    @exclusivity(unchecked) var cachedNode: CodingPathNode?
    /// The options, unpacked.
    let options: DecodingOptions
    /// Set while a missing key is tried as an empty container: a null then stands
    /// for an empty array or dictionary only, not for an empty string or data.
    @exclusivity(unchecked) var probingMissingKey = false
    /// Where the innermost keyed container expects its next key (see
    /// ``KeyedDecoding/offset(of:)``); reset for each nested value.
    @exclusivity(unchecked) var keyHint = 0
    /// Which types met so far are arrays read element by element (``DirectlyDecodedArray``).
    @exclusivity(unchecked) var arrayTypes: [ObjectIdentifier: (any DirectlyDecodedArray.Type)?] = [:]
    /// The last entry of ``arrayTypes`` asked for.
    @exclusivity(unchecked) var lastArrayType: (id: ObjectIdentifier?, array: (any DirectlyDecodedArray.Type)?) = (nil, nil)

    init(value: SupportedType, node: CodingPathNode, options: DecodingOptions) {
        self.value = value
        parentNode = node
        tail = .none
        cachedNode = node
        self.options = options
    }

    /// The path to ``value``, made on first use and kept while this level lasts.
    var node: CodingPathNode {
        if let cachedNode { return cachedNode }
        let made = parentNode.appending(tail)
        cachedNode = made
        return made
    }

    var codingPath: [any CodingKey] { parentNode.path(with: tail) }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    // MARK: - Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        // The common case binds the map straight from the current value, without a
        // copy of the whole value on the way.
        if case .dictionary(let map) = value.kind, !options.convertsKeys {
            keyHint = 0
            return KeyedDecodingContainer(KeyedDecoding<Key>(state: self, map: map, node: nil, position: value.position))
        }
        return KeyedDecodingContainer(try keyedContainer(for: value, node: nil, keyedBy: Key.self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if case .array(let elements) = value.kind { return UnkeyedDecoding(state: self, elements: elements, node: nil) }
        return try unkeyedContainer(for: value, node: nil)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// A keyed container over `value`, which must be a dictionary (or, reading text,
    /// a null standing for an empty one); `node` is its path, or `nil` for the value
    /// this decoder is at (whose node is then made only when needed).
    func keyedContainer<Key: CodingKey>(
        for value: SupportedType, node: CodingPathNode?, keyedBy type: Key.Type
    ) throws -> KeyedDecoding<Key> {
        keyHint = 0
        switch value.kind {
        case .dictionary(let map):
            let entries = options.convertsKeys ? convertedKeys(of: map, at: node ?? self.node) : map
            return KeyedDecoding(state: self, map: entries, node: node, position: value.position)
        case .null where options.emptyForNull && !(probingMissingKey && options.arrays == .repeatedEntries):
            // Absent, only an array is empty where arrays are repeated entries: the
            // writer leaves out nothing else.
            return KeyedDecoding(state: self, map: OrderedMap(), node: node, position: value.position)
        case .string(let text) where options.emptyForNull && !probingMissingKey && text.isBlankText:
            return KeyedDecoding(state: self, map: OrderedMap(), node: node, position: value.position)
        default:
            throw mismatch([String: Any].self, expected: "a dictionary", value, parent: node ?? self.node, tail: .none)
        }
    }

    /// An unkeyed container over `value`, which must be an array, or another value the
    /// array layout lets stand for one (see ``TypeDrivenReading/ArrayLayout``).
    func unkeyedContainer(for value: SupportedType, node: CodingPathNode?) throws -> UnkeyedDecoding {
        if case .array(let elements) = value.kind { return UnkeyedDecoding(state: self, elements: elements, node: node) }
        switch options.arrays {
        case .native:
            throw mismatch([Any].self, expected: "an array", value, parent: node ?? self.node, tail: .none)
        case .singleOrAbsent:
            if case .null = value.kind { return UnkeyedDecoding(state: self, elements: [], node: node) }
            return UnkeyedDecoding(state: self, elements: [value], node: node)
        case .repeatedEntries:
            let isUnderKey = node.map(Self.isUnderKey) ?? currentValueIsUnderKey
            return UnkeyedDecoding(state: self, elements: try repeatedEntries(value, isUnderKey: isUnderKey, node: node), node: node)
        }
    }

    /// A separate decoder for `value`, for `superDecoder()`: it may outlive the
    /// container that made it.
    func superDecoder(for value: SupportedType, node: CodingPathNode) -> DecodingState {
        DecodingState(value: value, node: node, options: options)
    }

    /// `T` decoded from an absent value when `T` is an array or dictionary (text
    /// formats write no element for an empty one), or `nil`.
    func emptyContainer<T: Decodable>(as type: T.Type, parent: CodingPathNode, key: any CodingKey) -> T? {
        probingMissingKey = true
        defer { probingMissingKey = false }
        return try? unbox(SupportedType(.null), as: T.self, parent: parent, tail: .key(key))
    }

    // MARK: - Nested values

    /// Decodes `type` from `value`, found at `tail` below `parent`.
    ///
    /// Foundation's special types are handled apart, as `JSONDecoder` does; any other
    /// type reads itself with this decoder pointed at `value`.
    func unbox<T: Decodable>(
        _ value: consuming SupportedType, as type: T.Type, parent: consuming CodingPathNode, tail: consuming PathTail
    ) throws -> T {
        // The special types are tested by metatype only, so this generic path needs no
        // `T?` (and no run-time lookup of its metadata) for the common nested model.
        if Self.isSpecial(T.self) { return try unboxSpecial(value, as: T.self, parent: parent, tail: tail) }
        if options.convertsKeys, case .dictionary(let map) = value.kind,
           let dictionaryType = T.self as? any StringKeyedDecodableDictionary.Type {
            return try Self.decodeEntries(of: dictionaryType, map, with: self, at: parent.appending(tail), as: T.self)
        }
        // Arrays are read element by element; the test is written out here because a
        // helper returning `T?` would look up `Optional<T>`'s metadata on every call.
        if case .array(let elements) = value.kind, let arrayType = directlyDecodedArray(T.self) {
            return try arrayType.decodeElements(elements, with: self, parent: parent, tail: tail, as: T.self)
        }
        return try descend(into: value, parent: parent, tail: tail) { try self.initialize(T.self) }
    }

    /// A `[String: Value]` dictionary, its keys untouched by the key strategy.
    @inline(never)
    static func decodeEntries<D: StringKeyedDecodableDictionary, T>(
        of type: D.Type, _ map: OrderedMap, with state: DecodingState, at node: CodingPathNode, as result: T.Type
    ) throws -> T {
        identical(try D.decodeEntries(map, with: state, at: node), as: T.self)
    }

    /// Whether `type` is one the decoder reads itself rather than by its `init(from:)`
    /// (or reads faster itself).
    @inline(__always)
    static func isSpecial(_ type: Any.Type) -> Bool {
        type == String.self || type == Int.self || type == Date.self || type == Data.self || type == URL.self
            || type == Decimal.self || type == SupportedType.self
    }

    @inline(never)
    func unboxSpecial<T: Decodable>(_ value: SupportedType, as type: T.Type, parent: CodingPathNode, tail: PathTail) throws -> T {
        if T.self == String.self { return Self.identical(try unboxString(value, parent: parent, tail: tail), as: T.self) }
        if T.self == Int.self { return Self.identical(try unboxInteger(value, as: Int.self, parent: parent, tail: tail), as: T.self) }
        if T.self == Date.self { return Self.identical(try unboxDate(value, parent: parent, tail: tail), as: T.self) }
        if T.self == Data.self { return Self.identical(try unboxData(value, parent: parent, tail: tail), as: T.self) }
        if T.self == URL.self { return Self.identical(try unboxURL(value, parent: parent, tail: tail), as: T.self) }
        if T.self == Decimal.self { return Self.identical(try unboxDecimal(value, parent: parent, tail: tail), as: T.self) }
        if T.self == SupportedType.self { return Self.identical(value, as: T.self) }
        return try descend(into: value, parent: parent, tail: tail) { try self.initialize(T.self) }
    }

    /// `value` as `T`, which the caller has checked is `Value` itself, so the cast
    /// cannot fail whatever the input. Specialized code drops the cast; elsewhere the
    /// runtime takes its path for a type cast to itself, a copy.
    @inline(__always)
    static func identical<Value, T>(_ value: Value, as type: T.Type) -> T {
        value as! T
    }

    /// `T` read by its own `init(from:)` from the value this decoder is at; under
    /// ``DecodingOptions/locatesOtherErrors`` an error of the type's own is given
    /// the value's path and position (see ``locating(_:)``).
    @inline(__always)
    func initialize<T: Decodable>(_ type: T.Type) throws -> T {
        guard options.locatesOtherErrors else { return try T(from: self) }
        do {
            return try T(from: self)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw locating(error)
        }
    }

    /// Points this decoder at `value` while `body` runs.
    @inline(__always)
    func descend<T>(
        into value: consuming SupportedType, parent: consuming CodingPathNode, tail: consuming PathTail, _ body: () throws -> T
    ) throws -> T {
        // The outer level's value and nodes are swapped out and back rather than
        // copied, which spares a retain and a release of each.
        var savedValue = value
        var savedParent = parent
        var savedTail = tail
        var savedNode: CodingPathNode? = nil
        var savedHint = 0
        swap(&self.value, &savedValue)
        swap(&parentNode, &savedParent)
        swap(&self.tail, &savedTail)
        swap(&cachedNode, &savedNode)
        swap(&keyHint, &savedHint)
        defer {
            swap(&self.value, &savedValue)
            swap(&parentNode, &savedParent)
            swap(&self.tail, &savedTail)
            swap(&cachedNode, &savedNode)
            swap(&keyHint, &savedHint)
        }
        return try body()
    }

    // MARK: - Single value

    func decodeNil() -> Bool {
        if case .null = value.kind { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try unboxBool(value, parent: parentNode, tail: tail) }
    func decode(_ type: String.Type) throws -> String { try unboxString(value, parent: parentNode, tail: tail) }
    func decode(_ type: Double.Type) throws -> Double { try unboxDouble(value, parent: parentNode, tail: tail) }
    func decode(_ type: Float.Type) throws -> Float { try unboxFloat(value, parent: parentNode, tail: tail) }
    func decode(_ type: Int.Type) throws -> Int { try unboxInteger(value, as: type, parent: parentNode, tail: tail) }
    func decode(_ type: Int8.Type) throws -> Int8 { try unboxInteger(value, as: type, parent: parentNode, tail: tail) }
    func decode(_ type: Int16.Type) throws -> Int16 { try unboxInteger(value, as: type, parent: parentNode, tail: tail) }
    func decode(_ type: Int32.Type) throws -> Int32 { try unboxInteger(value, as: type, parent: parentNode, tail: tail) }
    func decode(_ type: Int64.Type) throws -> Int64 { try unboxInteger(value, as: type, parent: parentNode, tail: tail) }
    func decode(_ type: UInt.Type) throws -> UInt { try unboxInteger(value, as: type, parent: parentNode, tail: tail) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try unboxInteger(value, as: type, parent: parentNode, tail: tail) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try unboxInteger(value, as: type, parent: parentNode, tail: tail) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try unboxInteger(value, as: type, parent: parentNode, tail: tail) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try unboxInteger(value, as: type, parent: parentNode, tail: tail) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try unbox(value, as: T.self, parent: parentNode, tail: tail)
    }
}
