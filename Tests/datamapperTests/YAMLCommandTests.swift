import Foundation
import Testing

/// The tool speaking YAML: by extension, by name, by content, with file positions in errors.
@Suite struct YAMLCommandTests {
    let tool: Tool
    init() throws { tool = try Tool() }

    @Test("a .yaml file converts to JSON, merge keys applied and types kept")
    func yamlToJSON() throws {
        let scratch = try Scratch()
        try scratch.file("app.yaml", "base: &base {retries: 3}\nservice:\n  <<: *base\n  name: api\n  enabled: no\n  port: 0x1F90\n")
        let result = try tool.run(["convert", "app.yaml", "--to", "json"], in: scratch.url)
        #expect(result.status == 0)
        #expect(result.output == #"{"base":{"retries":3},"service":{"retries":3,"name":"api","enabled":"no","port":8080}}"# + "\n")
    }

    @Test("JSON converts to YAML by the yml name, quoting strings that would change type")
    func jsonToYAML() throws {
        let result = try tool.run(["convert", "--from", "json", "--to", "yml"], input: Data(#"{"on": "yes", "version": "1.0", "list": [1, null]}"#.utf8))
        #expect(result.status == 0)
        #expect(result.output == "'on': 'yes'\nversion: '1.0'\nlist:\n- 1\n- null\n")
    }

    @Test("YAML on standard input is recognised by its content")
    func sniffedInput() throws {
        let result = try tool.run(["convert", "--to", "json"], input: Data("# settings\nname: api\n".utf8))
        #expect(result.status == 0)
        #expect(result.output == #"{"name":"api"}"# + "\n")
    }

    @Test("validate names the file, line and column of a YAML error")
    func validateError() throws {
        let scratch = try Scratch()
        try scratch.file("ok.yml", "a: 1\n")
        try scratch.file("dup.yaml", "name: a\nport: 1\nname: b\n")
        let result = try tool.run(["validate", "ok.yml", "dup.yaml"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.output == "ok.yml: ok (1 document)\n")
        #expect(result.standardError == "dup.yaml:3:1: name: duplicate key \"name\": first on line 1, again on line 3; use --duplicate-keys first or last\n")
    }
}
