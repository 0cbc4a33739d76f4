import DataMapper

/// The configuration after layering: one value tree, and for each value the source it
/// came from.
///
/// ``ConfigLoader/document()`` builds it; ``ConfigLoader/load(_:)-(T.Type)`` decodes it.
/// Use it directly to look at merged values, or to attribute an error you raise
/// yourself while validating settings:
///
/// ```swift
/// let document = try loader.document()
/// if document.value["server"]?["port"]?.int == 0 {
///     throw document.locate(DataMapperError(.invalidValue, message: "the port must not be 0",
///                                           path: ["server", "port"]))
/// }
/// ```
public struct ConfigDocument: Sendable {
    /// The merged values. Each keeps the position its parser gave it.
    public internal(set) var value: SupportedType
    /// The origin of each value, by path; replaced subtrees are dropped from it.
    var origins: [DataPath: ConfigOrigin]
    /// What the files' formats leave to the type (XML: scalars as text, arrays as
    /// repeated elements, empty elements), for decoding.
    var fileReading = TypeDrivenReading.exact

    /// An empty document: an empty dictionary with no origins.
    public init() {
        value = SupportedType(.dictionary(OrderedMap()))
        origins = [:]
    }

    /// Whether some value came from a source whose values are all text: an
    /// environment variable, or a file in a format without types (XML).
    var hasTextValues: Bool {
        fileReading.scalarsAreText || origins.values.contains { $0.holdsText }
    }

    /// Where the value at `path` came from: its own origin, or that of its nearest
    /// ancestor with one; `nil` when nothing is known.
    public func origin(of path: DataPath) -> ConfigOrigin? {
        var components = path.components
        while true {
            if let origin = origins[DataPath(components)] { return origin }
            if components.isEmpty { return nil }
            components.removeLast()
        }
    }

    /// The value at `path`, or `nil` when there is none.
    public func value(at path: DataPath) -> SupportedType? {
        var current = value
        for component in path.components {
            switch (component, current.kind) {
            case (.key(let key), .dictionary(let map)):
                guard let next = map[key] else { return nil }
                current = next
            case (.index(let index), .array(let elements)):
                guard elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// `error` attributed to the source of the value it is about, so that it prints
    /// `config.yaml:14:11: server.port: ...` or `APP_SERVER__PORT: server.port: ...`.
    ///
    /// The path picks the origin (see ``origin(of:)``); the line and column the error
    /// already carries are kept. Errors about defaults are returned unchanged.
    public func locate(_ error: DataMapperError) -> DataMapperError {
        guard let name = origin(of: error.path)?.sourceName else { return error }
        var located = error.inFile(name)
        if case .environment = origin(of: error.path) {
            located.location?.position = .unknown
        }
        return located
    }

    // MARK: - Editing

    /// Replaces the value at `path`, which must exist.
    mutating func replaceValue(at path: DataPath, with newValue: SupportedType) {
        Self.replace(in: &value, components: path.components[...], with: newValue)
    }

    private static func replace(in node: inout SupportedType, components: ArraySlice<DataPath.Component>, with newValue: SupportedType) {
        guard let first = components.first else {
            node = newValue
            return
        }
        switch (first, node.kind) {
        case (.key(let key), .dictionary(var map)):
            guard var child = map[key] else { return }
            node.kind = .null
            replace(in: &child, components: components.dropFirst(), with: newValue)
            map.updateValue(child, forKey: key)
            node.kind = .dictionary(map)
        case (.index(let index), .array(var elements)) where elements.indices.contains(index):
            node.kind = .null
            replace(in: &elements[index], components: components.dropFirst(), with: newValue)
            node.kind = .array(elements)
        default:
            return
        }
    }

    /// Records `origin` for `value` at `path` and for everything inside it, after
    /// forgetting the origins of whatever was there before.
    mutating func record(_ value: SupportedType, at path: DataPath, origin: ConfigOrigin) {
        forgetOrigins(under: path)
        recordTree(value, at: path, origin: origin)
    }

    private mutating func recordTree(_ value: SupportedType, at path: DataPath, origin: ConfigOrigin) {
        origins[path] = origin
        switch value.kind {
        case .dictionary(let map):
            for (key, child) in map { recordTree(child, at: path.appending(key: key), origin: origin) }
        case .array(let elements):
            for (index, child) in elements.enumerated() { recordTree(child, at: path.appending(index: index), origin: origin) }
        default:
            break
        }
    }

    /// Drops the origins recorded at `path` and below it.
    private mutating func forgetOrigins(under path: DataPath) {
        let prefix = path.components
        origins = origins.filter { entry in !entry.key.components.starts(with: prefix) }
    }
}
