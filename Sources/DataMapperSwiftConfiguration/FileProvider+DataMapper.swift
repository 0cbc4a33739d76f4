import Configuration
import DataMapperFormats
import SystemPackage

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension FileProvider where Snapshot == DataMapperSnapshot {
    /// A provider of the file at `path`, in the format its extension names
    /// (`.yaml`, `.json`, `.xml`, `.msgpack`, ...), or told from its content when the
    /// extension names none; errors print the path in front of `line:column`.
    ///
    /// ```swift
    /// let config = ConfigReader(provider: try await FileProvider(dataMapperFile: "config.yaml"))
    /// ```
    /// - Parameters:
    ///   - path: The file's path.
    ///   - registry: The formats to choose from.
    ///   - allowMissing: When `true`, a missing file gives an empty provider.
    /// - Throws: What `FileProvider` throws (a missing file unless `allowMissing`), and
    ///   the snapshot's ``DataMapper/DataMapperError`` for a malformed file.
    public init(dataMapperFile path: String, registry: FormatRegistry = .standard, allowMissing: Bool = false) async throws {
        let format = FormatRegistry.fileExtension(ofPath: path).flatMap { try? registry.format(forExtension: $0) }
        try await self.init(
            parsingOptions: DataMapperSnapshot.ParsingOptions(format: format, registry: registry, fileName: path),
            filePath: FilePath(path),
            allowMissing: allowMissing)
    }
}
