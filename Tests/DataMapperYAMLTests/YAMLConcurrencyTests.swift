import DataMapper
import DataMapperTestSupport
import DataMapperYAML
import Foundation
import Testing

@Suite struct YAMLConcurrencyTests {
    @Test("one serializer is shared by concurrent tasks, each reading and writing on its own")
    func sharedSerializer() async throws {
        let yaml = YAMLSerializer(options: .init(schema: .yaml11))
        let results = try await withThrowingTaskGroup(of: SupportedType.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let written = try yaml.serialize(["task": .int(index), "flag": "yes", "list": [1, 2, 3]])
                    return try yaml.deserialize(written)
                }
            }
            var values: [SupportedType] = []
            for try await value in group { values.append(value) }
            return values
        }
        #expect(results.count == 16)
        #expect(Set(results.compactMap { $0["task"]?.int }) == Set(0..<16))
        #expect(results.allSatisfy { $0["flag"] == "yes" && $0["list"] == [1, 2, 3] })
    }

    @Test("deep nesting is refused off the main thread too")
    func depthInTask() async throws {
        let text = String(repeating: "[", count: 50_000)
        let outcome = await Task.detached { Result { try YAMLSerializer().deserialize(fromString: text) } }.value
        try expectError(kind: .limitExceeded) { try outcome.get() }
    }
}
