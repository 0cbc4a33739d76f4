import Foundation
import Testing

/// Every refusal of the tool names the flag that resolves it, and each flag's other
/// choices do what its help says.
@Suite struct ConversionOptionTests {
    let tool: Tool
    init() throws { tool = try Tool() }

    func run(_ arguments: [String], _ input: String) throws -> Tool.Result {
        try tool.run(arguments, input: Data(input.utf8))
    }

    // MARK: - Writing

    static let bigNumber = #"{"n": 123456789012345678901234567890}"#

    @Test("a number MessagePack cannot hold is refused, naming --big-numbers")
    func bigNumbersRefused() throws {
        let result = try run(["convert", "--from", "json", "--to", "msgpack"], Self.bigNumber)
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "<stdin>:1:7: n: the number 123456789012345678901234567890 fits neither a 64-bit integer nor a float exactly; use --big-numbers string or nearest\n")
    }

    @Test("--big-numbers string keeps every digit as text; nearest writes the nearest double")
    func bigNumbersChoices() throws {
        let asText = try run(["convert", "--from", "json", "--to", "msgpack", "--big-numbers", "string"], Self.bigNumber)
        #expect(asText.status == 0)
        let back = try tool.run(["convert", "--from", "msgpack", "--to", "json"], input: asText.standardOutput)
        #expect(back.output == #"{"n":"123456789012345678901234567890"}"# + "\n")
        let nearest = try run(["convert", "--from", "json", "--to", "msgpack", "--big-numbers", "nearest"], Self.bigNumber)
        #expect(nearest.standardOutput == Data([0x81, 0xA1, 0x6E, 0xCB]) + withUnsafeBytes(of: (1.2345678901234568e29).bitPattern.bigEndian) { Data($0) })
    }

    @Test("NaN and infinities going to JSON are refused, naming --non-finite")
    func nonFiniteRefused() throws {
        let result = try run(["convert", "--from", "yaml", "--to", "json"], "a: .nan\n")
        #expect(result.status == 1)
        #expect(result.standardError == "<stdin>:1:4: a: JSON has no number nan; only finite numbers are allowed; use --non-finite string or null\n")
    }

    @Test("--non-finite string writes \"NaN\", \"Infinity\", \"-Infinity\"; null writes null")
    func nonFiniteChoices() throws {
        let yaml = "[.nan, .inf, -.inf, 1.5]\n"
        #expect(try run(["convert", "--from", "yaml", "--to", "json", "--non-finite", "string"], yaml).output == #"["NaN","Infinity","-Infinity",1.5]"# + "\n")
        #expect(try run(["convert", "--from", "yaml", "--to", "json", "--non-finite", "null"], yaml).output == "[null,null,null,1.5]\n")
    }

    /// {"e": fixext 1 of type 5 holding 0x01}
    static let ext = Data([0x81, 0xA1, 0x65, 0xD4, 0x05, 0x01])

    @Test("an ext value going to a text format is refused, naming --ext", arguments: ["json", "yaml", "xml"])
    func extRefused(format: String) throws {
        let result = try tool.run(["convert", "--from", "msgpack", "--to", format], input: Self.ext)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("<stdin>:"))
        #expect(result.standardError.hasSuffix("; use --ext base64\n"))
    }

    @Test("--ext base64 writes the payload as base64")
    func extAsBase64() throws {
        let json = try tool.run(["convert", "--from", "msgpack", "--to", "json", "--ext", "base64"], input: Self.ext)
        #expect(json.output == #"{"e":"AQ=="}"# + "\n")
        let yaml = try tool.run(["convert", "--from", "msgpack", "--to", "yaml", "--ext", "base64"], input: Self.ext)
        #expect(yaml.output == "e: !!binary AQ==\n")
    }

    @Test("get takes the writing flags too, since it writes in the --to format")
    func getWrites() throws {
        let refused = try run(["get", "n", "--from", "json", "--to", "msgpack"], Self.bigNumber)
        #expect(refused.status == 1)
        #expect(refused.standardError.hasSuffix("use --big-numbers string or nearest\n"))
        let written = try run(["get", "n", "--from", "json", "--to", "msgpack", "--big-numbers", "string"], Self.bigNumber)
        #expect(written.standardOutput == Data([0xBE]) + Data("123456789012345678901234567890".utf8))
    }

    @Test("a key that is not an XML name is escaped going to XML and reads back the same")
    func xmlNames() throws {
        let xml = try run(["convert", "--from", "json", "--to", "xml"], #"{"r": {"first name": "Ada", "2fa": "on"}}"#)
        #expect(xml.status == 0)
        #expect(xml.output.hasSuffix("<r><first_x0020_name>Ada</first_x0020_name><_x0032_fa>on</_x0032_fa></r>\n"))
        let back = try run(["convert", "--from", "xml", "--to", "json"], xml.output)
        #expect(back.output == #"{"r":{"first name":"Ada","2fa":"on"}}"# + "\n")
    }

    // MARK: - Reading

    @Test("a repeated YAML key is refused, naming --duplicate-keys, in every reading command", arguments: [
        ["convert", "--from", "yaml", "--to", "json"], ["get", "a", "--from", "yaml"], ["validate", "--from", "yaml", "-"],
    ])
    func duplicateKeysRefused(command: [String]) throws {
        let result = try run(command, "a: 1\na: 2\n")
        #expect(result.status == 1)
        #expect(result.standardError == "<stdin>:2:1: a: duplicate key \"a\": first on line 1, again on line 2; use --duplicate-keys first or last\n")
    }

    @Test("--duplicate-keys first and last choose a value; error refuses JSON's repeated keys")
    func duplicateKeysChoices() throws {
        #expect(try run(["convert", "--from", "yaml", "--to", "json", "--duplicate-keys", "first"], "a: 1\na: 2\n").output == #"{"a":1}"# + "\n")
        #expect(try run(["get", "a", "--from", "yaml", "--duplicate-keys", "last"], "a: 1\na: 2\n").output == "2\n")
        #expect(try run(["validate", "--from", "yaml", "--duplicate-keys", "last", "-"], "a: 1\na: 2\n").status == 0)
        let strict = try run(["convert", "--from", "json", "--to", "json", "--duplicate-keys", "error"], #"{"a":1,"a":2}"#)
        #expect(strict.status == 1)
        #expect(strict.standardError.hasSuffix("; use --duplicate-keys first or last\n"))
    }

    @Test("--yaml-schema 1.1 reads yes as true; 1.2, the default, as a string")
    func yamlSchema() throws {
        #expect(try run(["convert", "--from", "yaml", "--to", "json", "--yaml-schema", "1.1"], "a: yes\n").output == #"{"a":true}"# + "\n")
        #expect(try run(["convert", "--from", "yaml", "--to", "json", "--yaml-schema", "1.2"], "a: yes\n").output == #"{"a":"yes"}"# + "\n")
        #expect(try run(["convert", "--from", "yaml", "--to", "json"], "a: yes\n").output == #"{"a":"yes"}"# + "\n")
    }

    static let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)

    @Test("nesting past the limit is refused, naming --max-depth; a higher one reads and writes it")
    func maxDepth() throws {
        let refused = try run(["convert", "--from", "json", "--to", "json"], Self.deep)
        #expect(refused.status == 1)
        #expect(refused.standardError.hasPrefix("<stdin>:1:129: [0][0]"))
        #expect(refused.standardError.hasSuffix("]: arrays and objects nest deeper than the limit of 128 levels; raise it with --max-depth\n"))
        for target in ["json", "yaml", "msgpack"] {
            let raised = try run(["convert", "--from", "json", "--to", target, "--max-depth", "250"], Self.deep)
            #expect(raised.status == 0, "\(target): \(raised.standardError)")
        }
        #expect(try run(["validate", "--from", "json", "--max-depth", "250", "-"], Self.deep).status == 0)
    }

    @Test("input past --max-input-bytes is refused, naming it")
    func maxInputBytes() throws {
        let scratch = try Scratch()
        let path = try scratch.file("a.json", "[1, 2, 3]")
        // Streamed, the limit bounds the document, refused where it starts.
        let fromFile = try tool.run(["convert", path, "--max-input-bytes", "4"])
        #expect(fromFile.status == 1)
        #expect(fromFile.standardError == "\(path):1:1: the document is more than the limit of 4 bytes; raise it with --max-input-bytes\n")
        let fromInput = try run(["convert", "--from", "json", "--max-input-bytes", "4"], "[1, 2, 3]")
        #expect(fromInput.standardError == "<stdin>:1:1: the document is more than the limit of 4 bytes; raise it with --max-input-bytes\n")
        // Read whole (--wrap), it bounds the input.
        let wrapped = try tool.run(["convert", path, "--wrap", "--max-input-bytes", "4"])
        #expect(wrapped.standardError == "\(path): the input is 9 bytes, more than the limit of 4; raise it with --max-input-bytes\n")
        // A pipe is refused as it passes the limit, without its size.
        let endless = try tool.run(["convert", "--from", "json", "--max-input-bytes", "4"], inputPath: "/dev/zero")
        #expect(endless.standardError == "<stdin>: the input is more than the limit of 4 bytes; raise it with --max-input-bytes\n")
        #expect(try tool.run(["convert", path, "--max-input-bytes", "9"]).output == "[1,2,3]\n")
    }

    @Test("alias expansion past a budget is refused, naming --max-expanded-values or --max-expanded-bytes")
    func expansionBudgets() throws {
        let yaml = "a: &a [1, 2, 3]\nb: [*a, *a, *a]\n"
        let values = try run(["convert", "--from", "yaml", "--to", "json", "--max-expanded-values", "5"], yaml)
        #expect(values.status == 1)
        #expect(values.standardError.hasSuffix("aliases expand to more than 5 values in one document; raise it with --max-expanded-values\n"))
        let bytes = try run(["convert", "--from", "yaml", "--to", "json", "--max-expanded-bytes", "5"], yaml)
        #expect(bytes.status == 1)
        #expect(bytes.standardError.hasSuffix("aliases expand to more than 5 bytes in one document; raise it with --max-expanded-bytes\n"))
        #expect(try run(["convert", "--from", "yaml", "--to", "json", "--max-expanded-values", "100"], yaml).output == #"{"a":[1,2,3],"b":[[1,2,3],[1,2,3],[1,2,3]]}"# + "\n")
    }

    @Test("a bad flag value is a usage error", arguments: [
        ["--max-depth", "0"], ["--max-input-bytes", "-1"], ["--big-numbers", "round"], ["--yaml-schema", "1.3"],
        ["--non-finite", "zero"], ["--ext", "hex"], ["--duplicate-keys", "both"],
    ])
    func usage(flag: [String]) throws {
        let result = try run(["convert", "--from", "json", "--to", "json"] + flag, "1")
        #expect(result.status == 64)
    }
}
