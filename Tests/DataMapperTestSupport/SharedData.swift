import Foundation
import Testing

/// A folder of test data that lives outside the repository, in the `shared/` folder
/// the project's machines and CI keep beside it: the public conformance suites and
/// the benchmark corpus.
///
/// The shared folder is `$DATAMAPPER_SHARED` when that variable is set, otherwise
/// `shared/` beside the repository. A clone of the repository alone has neither, so
/// every test that reads such a folder carries ``enabledIfPresent`` as its condition: it is
/// skipped, visibly, with the path it looked for, and its argument list is empty
/// instead of throwing. `.ci/run` fails the run when any such test was skipped; it
/// finds them by ``skipMarker``.
public struct SharedData: Sendable {
    /// The folder, inside the shared folder, that a test needs (`corpus`, `conformance/json`).
    public let relativePath: String

    /// A folder of the shared data, at `relativePath` inside the shared folder.
    public init(_ relativePath: String) {
        self.relativePath = relativePath
    }

    /// JSONTestSuite's files.
    public static let jsonConformance = SharedData("conformance/json")
    /// msgpack-test-suite's cases.
    public static let messagePackConformance = SharedData("conformance/msgpack")
    /// The benchmark corpus: twitter, citm_catalog, canada and config_large in each format.
    public static let corpus = SharedData("corpus")

    /// The words every skip comment of a shared-data test starts with.
    public static let skipMarker = "shared data missing:"

    /// The shared folder: `$DATAMAPPER_SHARED`, or `shared` beside the repository.
    public static var root: URL {
        if let configured = ProcessInfo.processInfo.environment["DATAMAPPER_SHARED"], !configured.isEmpty {
            return URL(fileURLWithPath: configured, isDirectory: true).standardizedFileURL
        }
        // This file is <repository>/Tests/DataMapperTestSupport/SharedData.swift.
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("shared", isDirectory: true)
    }

    /// Where the folder is looked for.
    public var url: URL {
        Self.root.appendingPathComponent(relativePath, isDirectory: true)
    }

    /// The file `name` inside the folder.
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// Whether the folder exists.
    public var isPresent: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The names of the folder's files ending in `suffix`, sorted; empty when the
    /// folder is missing, so an argument list built from it never throws.
    public func fileNames(endingIn suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted()
    }

    /// `arguments` when the folder exists, none when it does not.
    public func cases<Argument>(_ arguments: [Argument]) -> [Argument] {
        isPresent ? arguments : []
    }

    /// The condition of a test that reads this folder: it runs when the folder is
    /// there and is skipped, naming the path it looked for, when it is not.
    public var enabledIfPresent: ConditionTrait {
        let path = url.path
        return .enabled(
            if: isPresent,
            Comment(rawValue: "\(Self.skipMarker) \(path) (set DATAMAPPER_SHARED to the shared folder)")
        )
    }
}
