import Foundation
import Testing

/// The mapping layer reads values through the core's public API: it never names the
/// storage and parsing machinery the format modules share with the core as `package`
/// declarations, which `package` access alone would let any target of the package use.
@Suite struct LayeringTests {
    /// What only the core and the format modules may use.
    static let storageNames = [
        "GrowableBuffer", "ContainerBuilder", "KeyInterner", "KeyTable", "KeyListTable", "ExpectedKeys",
        "RepeatedKeyFinder", "KeyFilter", "KeyStorage", "keyStorage", "storedValues", "IndexedKeys",
    ]

    /// The Swift files of the mapping layer, `Sources/DataMapper`, found from this file.
    static func mappingSources() -> [URL] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Sources/DataMapper")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return files.filter { $0.pathExtension == "swift" }
    }

    @Test("the mapping layer names none of the core's storage or parsing machinery")
    func mappingStaysOnPublicAPI() throws {
        let sources = Self.mappingSources()
        #expect(sources.count > 40, "the mapping layer's sources should be found beside the tests")
        for file in sources {
            let text = try String(contentsOf: file, encoding: .utf8)
            for name in Self.storageNames where text.contains(name) {
                Issue.record("\(file.lastPathComponent) names \(name), which belongs to the core and the formats")
            }
        }
    }
}
