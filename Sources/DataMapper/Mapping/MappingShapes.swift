import DataMapperCore

// The five shapes every mapping call supports — `T`, `[T]`, `[String: T]`, `[T?]`,
// `[String: T?]` — written once over a transformation. `ObjectMapper`,
// `DeserializableData`, `SerializableData` and `MappableData` all delegate here.

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
        guard let single = TextScalars.singleElementArray(value) else {
            throw DataMapperError.typeMismatch(expected: "an array", found: value)
        }
        return try array(.array(single), transformation)
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
