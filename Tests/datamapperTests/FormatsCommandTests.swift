import DataMapperTestSupport
import Foundation
import Testing

@Suite struct FormatsCommandTests {
    let tool: Tool
    init() throws { tool = try Tool() }

    @Test("formats lists each format's name, extensions and media types")
    func listsFormats() throws {
        let result = try tool.run(["formats"])
        #expect(result.status == 0)
        expectMatchesGolden(result.output, named: "formats.txt", in: "Fixtures")
        #expect(result.standardError == "")
    }

    @Test("an unknown subcommand is a usage error")
    func unknownSubcommand() throws {
        let result = try tool.run(["transmogrify"])
        #expect(result.status == 64)
    }

    @Test("--help describes every subcommand and exits 0")
    func help() throws {
        let result = try tool.run(["--help"])
        #expect(result.status == 0)
        for name in ["convert", "get", "validate", "formats"] {
            #expect(result.output.contains(name))
        }
    }
}
