import DataMapperCore

/// The data an object writes itself into in ``Serializable/serialize(to:)``.
///
/// Subscript it with a key to write a value inside a dictionary, nesting as deep as
/// needed (`data["owner"]["name"]`, `data[["owner", "name"]]` and
/// `data["owner", "name"]` are the same), then write with `set`:
///
/// ```swift
/// data["title"].set(title)                              // String
/// data["published"].set(date, using: ISO8601DateTransformation())
/// ```
///
/// `set` takes `T?`, `[T]?`, `[String: T]?`, `[T?]?` and `[String: T?]?` of
/// ``Serializable`` types or of enums whose raw value maps, `Set`s of either, or of
/// any type `using:` a ``SerializableTransformation``;
/// `nil` is written as ``SupportedType/null``. Writing to a key of a value that is not
/// a dictionary replaces that value with a dictionary.
public struct SerializableData: Sendable {
    /// The value written so far.
    public var value: SupportedType
    /// The mapper that writes nested objects, with its ``Polymorph``.
    public let objectMapper: ObjectMapper

    /// Creates data holding `value`, written with `objectMapper`.
    @inlinable
    public init(value: SupportedType, objectMapper: ObjectMapper) {
        self.value = value
        self.objectMapper = objectMapper
    }

    /// The value under `key`; writing to it stores the result under `key`.
    ///
    /// `key` is one literal key, dots and brackets included, unless the mapper's
    /// ``ObjectMapper/keySplitting`` is ``KeySplitting/mappable``; paths go through
    /// ``subscript(path:)``.
    @inlinable
    public subscript(key: String) -> SerializableData {
        get {
            if objectMapper.keySplitting == .mappable, let path = KeySplitting.mappablePath(key) {
                return self[path: path]
            }
            return SerializableData(value: value[key] ?? .null, objectMapper: objectMapper)
        }
        set {
            if objectMapper.keySplitting == .mappable, let path = KeySplitting.mappablePath(key) {
                self[path: path] = newValue
                return
            }
            value.addToDictionary(key: key, value: newValue.value)
        }
    }

    /// The value at the end of `path`, one dictionary key per element.
    public subscript(path: [String]) -> SerializableData {
        get {
            var current = self
            for key in path { current = current[key] }
            return current
        }
        set {
            guard let first = path.first else {
                self = newValue
                return
            }
            self[first][Array(path.dropFirst())] = newValue
        }
    }

    /// The value at the end of the keys, one dictionary key per argument: `data["a", "b"]`.
    public subscript(first: String, second: String, rest: String...) -> SerializableData {
        get { self[[first, second] + rest] }
        set { self[[first, second] + rest] = newValue }
    }
}
