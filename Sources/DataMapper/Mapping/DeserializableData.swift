import DataMapperCore

/// The data an object reads itself from in ``Deserializable/init(_:)``.
///
/// It is a view of one value in the document: subscript it with a key to move to a
/// value inside a dictionary (`data["owner"]["name"]`, `data[["owner", "name"]]` and
/// `data["owner", "name"]` are the same), then read that value with `get` in one of
/// three forms:
///
/// - `let x: T? = data["k"].get()` gives `nil` when the key is missing, the value is
///   `null`, or it cannot become a `T`;
/// - `let x: T = try data["k"].get()` throws a ``DataMapperError`` instead, naming the
///   key path from the document's root and, for text documents, the line and column;
/// - `let x: T = data["k"].get(or: fallback)` gives `fallback` where the first form
///   gives `nil`.
///
/// Each form exists for `T`, `[T]`, `[String: T]`, `[T?]` and `[String: T?]`, where
/// `T` is ``Deserializable`` (which includes every ``SupportedTypeConvertible`` type
/// such as `Int`, `String` or `URL`), and with `using:` a
/// ``DeserializableTransformation`` for any other type. An enum whose raw value maps
/// (`enum Genre: String`) needs no `using:`, and neither does a `Set` of either kind.
///
/// A key that is a Swift identifier can also be written as a member:
/// `try data.name.get()` is `try data["name"].get()`. The members of this type itself
/// (``value``, ``path``, ``objectMapper``, ``context``, `get`) win over keys of the same name, so
/// `data.value` is the viewed value, never the key `value`; reach such keys, and keys
/// that are not identifiers, with the subscript: `data["value"]`.
@dynamicMemberLookup
public struct DeserializableData: Sendable {
    /// The value this view points at, or `nil` when its key is missing.
    public let value: SupportedType?
    /// The mapper that reads nested objects, with its ``Polymorph``.
    public let objectMapper: ObjectMapper

    /// The path of the dictionary holding ``value``, relative to the object being read;
    /// `nil` for the object itself and its direct keys (the common case, kept free).
    @usableFromInline let parentPath: DataPath?
    /// The last step to ``value``, or `nil` when this is the object's own value.
    @usableFromInline let lastStep: DataPath.Component?
    /// Where the dictionary that should hold ``value`` is, for missing-key errors.
    @usableFromInline let containerPosition: SourcePosition
    /// When the key is missing because its container is not a dictionary, what it is.
    @usableFromInline let containerMismatch: StaticString?

    /// Creates a view of `value`, the whole value an object is read from.
    /// - Parameters:
    ///   - value: The value, or `nil` for a missing one.
    ///   - objectMapper: The mapper used for nested objects.
    @inlinable
    public init(value: SupportedType?, objectMapper: ObjectMapper) {
        self.value = value
        self.objectMapper = objectMapper
        self.parentPath = nil
        self.lastStep = nil
        self.containerPosition = value?.position ?? .unknown
        self.containerMismatch = nil
    }

    @inlinable
    init(child: SupportedType?, of parent: DeserializableData, key: String, containerMismatch: StaticString?) {
        self.init(child: child, of: parent, step: .key(key), containerMismatch: containerMismatch)
    }

    @inlinable
    init(child: SupportedType?, of parent: DeserializableData, step: DataPath.Component, containerMismatch: StaticString?) {
        value = child
        objectMapper = parent.objectMapper
        parentPath = parent.lastStep == nil ? parent.parentPath : parent.path
        lastStep = step
        containerPosition = parent.value?.position ?? parent.containerPosition
        self.containerMismatch = containerMismatch
    }

    /// The key path from the object being read to ``value``; the full path from the
    /// document's root is added as errors leave nested objects.
    public var path: DataPath {
        let parent = parentPath ?? .root
        guard let lastStep else { return parent }
        return DataPath(parent.components + [lastStep])
    }

    // MARK: - Subscripts

    /// The value under `key`, when this value is a dictionary holding it.
    ///
    /// `key` is one literal key, dots and brackets included, unless the mapper's
    /// ``ObjectMapper/keySplitting`` is ``KeySplitting/mappable``; paths go through
    /// ``subscript(path:)``.
    @inlinable
    public subscript(key: String) -> DeserializableData {
        if objectMapper.keySplitting == .mappable, let path = KeySplitting.mappablePath(key) {
            return self[path: path]
        }
        var hint = 0
        return child(forKey: key, hint: &hint, entries: entries)
    }

    /// The entries of ``value`` when it is a dictionary.
    @inlinable
    var entries: OrderedMap? {
        if case .dictionary(let map)? = value?.kind { return map }
        return nil
    }

    /// The view of the value under `key`, given this value's ``entries``.
    ///
    /// `hint` is the offset where the key is expected: models usually read keys in the
    /// order documents write them, so checking that offset first spares a search. It is
    /// moved past the key found.
    @inlinable
    func child(forKey key: String, hint: inout Int, entries: OrderedMap?) -> DeserializableData {
        guard entries != nil else {
            let mismatch: StaticString? = value.flatMap { $0.kind.isNullKind ? nil : $0.kind.phrase }
            return DeserializableData(child: nil, of: self, key: key, containerMismatch: mismatch)
        }
        // `unsafelyUnwrapped` after the check lends the entries instead of copying them.
        let offset: Int?
        if entries.unsafelyUnwrapped.hasKey(key, at: hint) {
            offset = hint
        } else {
            offset = entries.unsafelyUnwrapped.index(forKey: key)
        }
        guard let offset else {
            return DeserializableData(child: nil, of: self, key: key, containerMismatch: nil)
        }
        hint = offset + 1
        return DeserializableData(child: entries.unsafelyUnwrapped.value(at: offset), of: self, key: key, containerMismatch: nil)
    }

    /// The value under the key `member`, written as a member: `data.name` is `data["name"]`.
    @inlinable
    public subscript(dynamicMember member: String) -> DeserializableData {
        self[member]
    }

    /// The value at the end of `path`, one dictionary key per element.
    public subscript(path: [String]) -> DeserializableData {
        var current = self
        for key in path { current = current[key] }
        return current
    }

    /// The value at the end of the keys, one dictionary key per argument: `data["a", "b"]`.
    public subscript(first: String, second: String, rest: String...) -> DeserializableData {
        self[[first, second] + rest]
    }

    // MARK: - Errors

    /// The error a `try` form throws when ``value`` is missing or `null`.
    @usableFromInline
    func missingValueError() -> DataMapperError {
        let location: SourceLocation?
        let message: String
        if let value {
            location = value.sourceLocation
            switch lastStep {
            case .key(let key)?: message = "the value of key \"\(key)\" is null"
            case .index(let index)?: message = "the element at index \(index) is null"
            case nil: message = "the value is null"
            }
        } else {
            location = containerPosition.isKnown ? SourceLocation(position: containerPosition) : nil
            switch (lastStep, containerMismatch) {
            case (.key(let key)?, let mismatch?):
                message = "expected a dictionary holding key \"\(key)\", found \(mismatch.description)"
            case (.key(let key)?, nil):
                message = "the key \"\(key)\" is missing"
            case (.index(let index)?, let mismatch?):
                message = "expected an array holding index \(index), found \(mismatch.description)"
            case (.index(let index)?, nil):
                message = "index \(index) is past the end of the array"
            case (nil, _):
                message = "the value is missing"
            }
        }
        return DataMapperError(.missingKey, message: message, path: path, location: location)
    }

    /// Runs `body` on the present, non-null value, throwing the missing-value error
    /// otherwise, and puts this view's path in front of whatever `body` throws.
    @inlinable
    func required<Result>(_ body: (SupportedType) throws -> Result) throws -> Result {
        // `unsafelyUnwrapped` after the check lends the value instead of copying it.
        guard value != nil, !value.unsafelyUnwrapped.kind.isNullKind else { return try readingNothing(body) }
        do {
            return try body(value.unsafelyUnwrapped)
        } catch {
            throw DataMapperError.rethrowing(error, under: path)
        }
    }

    /// What `body` makes of a missing or null value: under ``ConversionPolicy/emptyForNull``, what an
    /// XML document writes that way, else the missing-value error.
    ///
    /// XML writes an empty string, an empty dictionary and an object whose fields are
    /// all empty alike, as an empty element, which reads as null, and an empty list as
    /// no element at all. So under the policy a null value is read as an empty array,
    /// then as an empty string, then as an empty dictionary, and a missing one as an
    /// empty array; the first that `body` accepts is the field's value. When none is,
    /// the field was really missing and the usual error stands.
    @usableFromInline @inline(never)
    func readingNothing<Result>(_ body: (SupportedType) throws -> Result) throws -> Result {
        guard ConversionPolicy.current.contains(.emptyForNull) else { throw missingValueError() }
        let position = value?.position ?? .unknown
        var readings = [SupportedType(.array(SupportedArray()), position: position)]
        if value != nil {
            readings.append(SupportedType(.string(""), position: position))
            readings.append(SupportedType(.dictionary(OrderedMap()), position: position))
        }
        for reading in readings {
            if let result = try? body(reading) { return result }
        }
        throw missingValueError()
    }

    /// Runs `body` on the present, non-null value; `nil` when missing, null, or failing.
    @inlinable
    func optional<Result>(_ body: (SupportedType) throws -> Result) -> Result? {
        guard value != nil, !value.unsafelyUnwrapped.kind.isNullKind else { return nil }
        return try? body(value.unsafelyUnwrapped)
    }
}
