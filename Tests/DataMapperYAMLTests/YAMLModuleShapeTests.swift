import Foundation
import Testing

@Suite struct YAMLModuleShapeTests {
    static let moduleFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Formats/YAML/DataMapperYAML")

    @Test("LibYAML.swift is the only file of the module that imports the C library")
    func oneFileImportsC() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.moduleFolder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
        #expect(files.count > 5)
        let importers = try files.filter { file in
            try String(contentsOf: file, encoding: .utf8).split(separator: "\n").contains { $0.contains("import CYAML") }
        }
        #expect(importers.map(\.lastPathComponent) == ["LibYAML.swift"])
        let wrapper = try String(contentsOf: Self.moduleFolder.appendingPathComponent("LibYAML.swift"), encoding: .utf8)
        #expect(wrapper.contains("internal import CYAML"))
    }
}
