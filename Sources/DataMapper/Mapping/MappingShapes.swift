import DataMapperCore

// The five shapes every mapping call supports — `T`, `[T]`, `[String: T]`, `[T?]`,
// `[String: T?]` — written once over a transformation, and `Set<T>`, which a
// document holds as an array. `ObjectMapper`, `DeserializableData`,
// `SerializableData` and `MappableData` all delegate here.

/// Reading the five shapes from a value that is present and not null.
@usableFromInline
enum ShapeReader {
    /// One object; `null` is a type mismatch here because the caller decides what
    /// a missing value means.
    @inlinable
    static func single<X: DeserializableTransformation>(_ value: SupportedType, _ transformation: X) throws -> X.Object {
        if value.isNull { throw DataMapperError.typeMismatch(expected: "a value", found: value) }
        return try transformation.transform(from: value)
    }

    /// Every element must become an object; the first failure is thrown with its index.
    @inlinable
    static func array<X: DeserializableTransformation>(_ value: SupportedType, _ transformation: X) throws -> [X.Object] {
        guard case .array(let elements) = value.kind else { return try notArray(value, transformation) }
        var result: [X.Object] = []
        result.reserveCapacity(elements.count)
        for offset in elements.indices {
            do {
                result.append(try single(elements[offset], transformation))
            } catch {
                throw DataMapperError.rethrowing(error, under: DataPath([.index(offset)]))
            }
        }
        return result
    }

    /// What ``array(_:_:)`` makes of a value that is not an array: the one element of
    /// a text scalar that reads as a list of one, else a type mismatch.
    @usableFromInline @inline(never)
    static func notArray<X: DeserializableTransformation>(_ value: SupportedType, _ transformation: X) throws -> [X.Object] {
        guard let single = ConversionPolicy.current.singleElementArray(value) else {
            throw DataMapperError.typeMismatch(expected: "an array", found: value)
        }
        return try array(.array(single), transformation)
    }

    /// An array read as a set: every element must become an object, as in
    /// ``array(_:_:)``; elements equal to an earlier one add nothing.
    @inlinable
    static func set<X: DeserializableTransformation>(_ value: SupportedType, _ transformation: X) throws -> Set<X.Object>
    where X.Object: Hashable {
        Set(try array(value, transformation))
    }

    /// Elements that are null or fail become `nil`.
    @inlinable
    static func optionalArray<X: DeserializableTransformation>(_ value: SupportedType, _ transformation: X) throws -> [X.Object?] {
        guard case .array(let elements) = value.kind else {
            throw DataMapperError.typeMismatch(expected: "an array", found: value)
        }
        return elements.map { element in
            element.isNull ? nil : try? transformation.transform(from: element)
        }
    }

    /// Every entry must become an object; the first failure is thrown with its key.
    @inlinable
    static func dictionary<X: DeserializableTransformation>(_ value: SupportedType, _ transformation: X) throws -> [String: X.Object] {
        guard case .dictionary(let map) = value.kind else {
            throw DataMapperError.typeMismatch(expected: "a dictionary", found: value)
        }
        var result: [String: X.Object] = [:]
        result.reserveCapacity(map.count)
        for (key, element) in map {
            do {
                result[key] = try single(element, transformation)
            } catch {
                throw DataMapperError.rethrowing(error, under: DataPath([.key(key)]))
            }
        }
        return result
    }

    /// Entries that are null or fail become `nil` values (the keys stay).
    @inlinable
    static func optionalDictionary<X: DeserializableTransformation>(_ value: SupportedType, _ transformation: X) throws -> [String: X.Object?] {
        guard case .dictionary(let map) = value.kind else {
            throw DataMapperError.typeMismatch(expected: "a dictionary", found: value)
        }
        var result: [String: X.Object?] = [:]
        result.reserveCapacity(map.count)
        for (key, element) in map {
            result[key] = .some(element.isNull ? nil : try? transformation.transform(from: element))
        }
        return result
    }
}

/// Writing the five shapes; `nil` anywhere becomes ``SupportedType/null``.
@usableFromInline
enum ShapeWriter {
    @inlinable
    static func single<X: SerializableTransformation>(_ object: X.Object?, _ transformation: X) -> SupportedType {
        guard let object else { return .null }
        return transformation.transform(object: object)
    }

    @inlinable
    static func array<X: SerializableTransformation>(_ objects: [X.Object]?, _ transformation: X) -> SupportedType {
        guard let objects else { return .null }
        return .array(objects.map { transformation.transform(object: $0) })
    }

    @inlinable
    static func optionalArray<X: SerializableTransformation>(_ objects: [X.Object?]?, _ transformation: X) -> SupportedType {
        guard let objects else { return .null }
        return .array(objects.map { single($0, transformation) })
    }

    /// A set is written as an array in a fixed order (see ``precedes(_:_:)``): a set
    /// has no order of its own and iterates differently from one process to the next,
    /// and the same set should always write the same document.
    @inlinable
    static func set<X: SerializableTransformation>(_ objects: Set<X.Object>?, _ transformation: X) -> SupportedType
    where X.Object: Hashable {
        guard let objects else { return .null }
        return .array(objects.map { transformation.transform(object: $0) }.sorted(by: precedes))
    }

    /// The order sets are written in: numbers by value, then strings by their
    /// characters, then any other value by its description. Each rank compares by one
    /// key, so the order is a strict weak ordering, as `sorted(by:)` requires.
    @usableFromInline
    static func precedes(_ first: SupportedType, _ second: SupportedType) -> Bool {
        let (firstRank, secondRank) = (orderRank(first), orderRank(second))
        if firstRank != secondRank { return firstRank < secondRank }
        switch (first.kind, second.kind) {
        case (.string(let a), .string(let b)):
            return a < b
        default:
            if firstRank == 0, let a = first.nearestDouble, let b = second.nearestDouble, a != b { return a < b }
            return first.description < second.description
        }
    }

    private static func orderRank(_ value: SupportedType) -> Int {
        switch value.kind {
        case .int, .uint, .intOrDouble: return 0
        case .double(let number): return number.isNaN ? 3 : 0
        case .string: return 1
        default: return 2
        }
    }

    /// Keys are sorted, so the same dictionary always writes the same document.
    @inlinable
    static func dictionary<X: SerializableTransformation>(_ objects: [String: X.Object]?, _ transformation: X) -> SupportedType {
        guard let objects else { return .null }
        var map = OrderedMap(minimumCapacity: objects.count)
        for key in objects.keys.sorted() {
            if let object = objects[key] { map[key] = transformation.transform(object: object) }
        }
        return .dictionary(map)
    }

    /// Keys are sorted; `nil` values are written as null.
    @inlinable
    static func optionalDictionary<X: SerializableTransformation>(_ objects: [String: X.Object?]?, _ transformation: X) -> SupportedType {
        guard let objects else { return .null }
        var map = OrderedMap(minimumCapacity: objects.count)
        for key in objects.keys.sorted() {
            if let object = objects[key] { map[key] = single(object, transformation) }
        }
        return .dictionary(map)
    }
}
