/// The data a ``Mappable`` object maps itself with in ``Mappable/mapping(_:)-(inout MappableData)``.
///
/// It is in one of two modes. While deserializing, `map(&field)` reads the field as
/// ``DeserializableData/get()-(T?)`` would; while serializing, it writes the field as
/// ``SerializableData/set(_:)-(T?)`` would. Subscripts nest as in the other two
/// (`data["a"]["b"]`, `data[["a", "b"]]`, `data["a", "b"]`).
///
/// `map` comes in the same three forms as `get`: for an optional field it sets `nil`
/// on failure; `try map` (for a non-optional field) throws while deserializing; and
/// `map(&field, or: fallback)` stores `fallback` where the optional form would store
/// `nil`. `try` and `or:` change only deserialization: serializing writes the field
/// whatever its form.
public struct MappableData: Sendable {
    @usableFromInline
    enum Mode: Sendable {
        case deserializing(DeserializableData)
        case serializing(SerializableData)
    }

    @usableFromInline var mode: Mode

    /// Wraps `data` for reading fields.
    @inlinable
    public init(deserializing data: DeserializableData) {
        mode = .deserializing(data)
    }

    /// Wraps `data` for writing fields.
    @inlinable
    public init(serializing data: SerializableData) {
        mode = .serializing(data)
    }

    /// The data being read, while deserializing.
    @inlinable
    public var deserializingData: DeserializableData? {
        if case .deserializing(let data) = mode { return data }
        return nil
    }

    /// The data written so far, while serializing.
    @inlinable
    public var serializingData: SerializableData? {
        if case .serializing(let data) = mode { return data }
        return nil
    }

    /// Whether `map` reads fields (`true`) or writes them (`false`).
    @inlinable
    public var isDeserializing: Bool {
        if case .deserializing = mode { return true }
        return false
    }

    /// The mapper that maps nested objects.
    @inlinable
    public var objectMapper: ObjectMapper {
        switch mode {
        case .deserializing(let data): return data.objectMapper
        case .serializing(let data): return data.objectMapper
        }
    }

    /// The value under `key`.
    @inlinable
    public subscript(key: String) -> MappableData {
        get {
            switch mode {
            case .deserializing(let data): return MappableData(deserializing: data[key])
            case .serializing(let data): return MappableData(serializing: data[key])
            }
        }
        set {
            guard case .serializing(let child) = newValue.mode, case .serializing(var data) = mode else { return }
            mode = .deserializing(DeserializableData(value: nil, objectMapper: data.objectMapper))
            data[key] = child
            mode = .serializing(data)
        }
    }

    /// The value at the end of `path`, one dictionary key per element.
    public subscript(path: [String]) -> MappableData {
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
    public subscript(first: String, second: String, rest: String...) -> MappableData {
        get { self[[first, second] + rest] }
        set { self[[first, second] + rest] = newValue }
    }

    // MARK: - Core

    /// Reads with `read` or writes with `write`, depending on the mode.
    @inlinable
    mutating func apply(read: (DeserializableData) throws -> Void, write: (inout SerializableData) -> Void) rethrows {
        switch mode {
        case .deserializing(let data):
            try read(data)
        case .serializing(var data):
            mode = .deserializing(DeserializableData(value: nil, objectMapper: data.objectMapper))
            write(&data)
            mode = .serializing(data)
        }
    }
}
