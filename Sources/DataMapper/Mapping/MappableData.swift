import DataMapperCore

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
    /// The data being read; an empty placeholder while serializing.
    @usableFromInline let reading: DeserializableData
    /// The data being written; `nil` exactly while deserializing.
    @usableFromInline var writing: SerializableData?
    /// Whether this reads (rather than writes) fields.
    @usableFromInline let isReading: Bool
    /// Where the next key is expected in the dictionary being read (see `child(forKey:hint:)`).
    @usableFromInline var keyHint = 0
    /// The entries of the dictionary being read, taken out at the first key rather than per key.
    @usableFromInline var entries: OrderedMap?
    /// Whether ``entries`` has been taken out of ``reading``.
    @usableFromInline var entriesLoaded = false
    /// For a child made by the key subscript: the parent's next expected key offset.
    @usableFromInline var parentHint = 0

    /// Wraps `data` for reading fields.
    @inlinable
    public init(deserializing data: DeserializableData) {
        reading = data
        writing = nil
        isReading = true
        entries = nil
    }

    /// Wraps `data` for writing fields.
    @inlinable
    public init(serializing data: SerializableData) {
        reading = DeserializableData(value: nil, objectMapper: data.objectMapper)
        writing = data
        isReading = false
        entries = nil
    }

    /// The data being read, while deserializing.
    @inlinable
    public var deserializingData: DeserializableData? { isReading ? reading : nil }

    /// The data written so far, while serializing.
    @inlinable
    public var serializingData: SerializableData? { writing }

    /// Whether `map` reads fields (`true`) or writes them (`false`).
    @inlinable
    public var isDeserializing: Bool { isReading }

    /// The mapper that maps nested objects.
    public var objectMapper: ObjectMapper { reading.objectMapper }

    /// The value under `key`.
    ///
    /// `key` is one literal key, dots and brackets included, unless the mapper's
    /// ``ObjectMapper/keySplitting`` is ``KeySplitting/mappable``; paths go through
    /// ``subscript(path:)``.
    // A getter and a setter rather than a `_modify` coroutine: the child is larger than a
    // coroutine's inline frame, so a coroutine would allocate a frame for every field.
    @inlinable
    public subscript(key: String) -> MappableData {
        get {
            if reading.objectMapper.keySplitting == .mappable, let path = KeySplitting.mappablePath(key) {
                return self[path: path]
            }
            if isReading {
                var hint = keyHint
                let child: DeserializableData
                if entriesLoaded {
                    child = Self.child(of: reading, in: entries, forKey: key, hint: &hint)
                } else {
                    child = Self.child(of: reading, in: reading.entries, forKey: key, hint: &hint)
                }
                var result = MappableData(deserializing: child)
                result.parentHint = hint
                return result
            }
            if let writing { return MappableData(serializing: writing[key]) }
            return self
        }
        set {
            if isReading {
                if !entriesLoaded {
                    entries = reading.entries
                    entriesLoaded = true
                }
                keyHint = newValue.parentHint
            } else if let written = newValue.writing, var parent = writing {
                writing = nil
                parent[key] = written
                writing = parent
            }
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

    /// The child of `parent` under `key`; a static function so that `parent` and
    /// `entries` are lent from `self` rather than copied.
    @inlinable
    static func child(of parent: DeserializableData, in entries: OrderedMap?, forKey key: String, hint: inout Int) -> DeserializableData {
        parent.child(forKey: key, hint: &hint, entries: entries)
    }

    /// Reads with `read` or writes with `write`, depending on the mode.
    @inlinable
    mutating func apply(read: (DeserializableData) throws -> Void, write: (inout SerializableData) -> Void) rethrows {
        if isReading {
            try read(reading)
        } else if var data = writing {
            writing = nil
            write(&data)
            writing = data
        }
    }
}
