import DataMapperTestSupport
import Foundation
import Testing

@Suite struct ConvertCommandTests {
    let tool: Tool
    init() throws { tool = try Tool() }

    static let document = #"{ "b": 1, "a": [true, null, "x", -2.5] }"#
    static let compact = #"{"b":1,"a":[true,null,"x",-2.5]}"# + "\n"
    static let badDocument = "{\n  \"name\": \"api\",\n  \"port\": @\n}\n"

    @Test("a file converts to compact JSON on standard output, ending with a newline")
    func fileToStandardOutput() throws {
        let scratch = try Scratch()
        let input = try scratch.file("in.json", Self.document)
        let result = try tool.run(["convert", input])
        #expect(result.status == 0)
        #expect(result.output == Self.compact)
        #expect(result.standardError == "")
    }

    @Test("--pretty --sort-keys lays the output out sorted")
    func prettySorted() throws {
        let scratch = try Scratch()
        let input = try scratch.file("in.json", Self.document)
        let result = try tool.run(["convert", input, "--pretty", "--sort-keys"])
        #expect(result.status == 0)
        #expect(result.output == """
            {
              "a": [
                true,
                null,
                "x",
                -2.5
              ],
              "b": 1
            }

            """)
    }

    @Test("--compact is the default and can be said")
    func compactFlag() throws {
        let result = try tool.run(["convert", "--compact", "--to", "json"], input: Data(Self.document.utf8))
        #expect(result.status == 0)
        #expect(result.output == Self.compact)
    }

    @Test("standard input is read when INPUT is omitted or '-', and its format is sniffed", arguments: [[], ["-"]])
    func standardInput(arguments: [String]) throws {
        let result = try tool.run(["convert"] + arguments, input: Data(("\u{FEFF}  " + Self.document).utf8))
        #expect(result.status == 0)
        #expect(result.output == Self.compact)
        #expect(result.standardError == "")
    }

    @Test("a file with an unknown extension is recognised by its content")
    func sniffsUnknownExtension() throws {
        let scratch = try Scratch()
        let input = try scratch.file("settings.conf", Self.document)
        let result = try tool.run(["convert", input])
        #expect(result.status == 0)
        #expect(result.output == Self.compact)
    }

    @Test("input that no format recognises is exit status 1 with advice to use --from")
    func unrecognisedInput() throws {
        let result = try tool.run(["convert"], input: Data("plain words\n".utf8))
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.standardError == "<stdin>: cannot tell the format from the file name or the content; name it with --from (known formats: \(standardFormatNames))\n")
    }

    @Test("empty standard input is exit status 1 saying so")
    func emptyInput() throws {
        let result = try tool.run(["convert"])
        #expect(result.status == 1)
        #expect(result.standardError == "<stdin>: the input is empty; name it with --from (known formats: \(standardFormatNames))\n")
    }

    @Test("bad data in a file is exit status 1 with file:line:column on standard error and nothing on standard output")
    func badFile() throws {
        let scratch = try Scratch()
        try scratch.file("bad.json", Self.badDocument)
        let result = try tool.run(["convert", "bad.json"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.standardError.hasPrefix("bad.json:3:11: "))
        #expect(result.standardError.hasSuffix("\n"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test("bad data on standard input is reported against <stdin>")
    func badStandardInput() throws {
        let result = try tool.run(["convert", "--from", "json"], input: Data(Self.badDocument.utf8))
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.standardError.hasPrefix("<stdin>:3:11: "))
    }

    @Test("a missing input file is exit status 1 with a clear message")
    func missingFile() throws {
        let scratch = try Scratch()
        let result = try tool.run(["convert", "absent.json"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.standardError == "absent.json: cannot read the file: no such file\n")
    }

    @Test("a directory as input is exit status 1 with a clear message")
    func directoryInput() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("dir.json"), withIntermediateDirectories: false)
        let result = try tool.run(["convert", "dir.json"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.standardError == "dir.json: cannot read the file: it is a directory\n")
    }

    @Test("an unknown format name is a usage error", arguments: [["--from", "toml"], ["--to", "toml"]])
    func unknownFormatName(arguments: [String]) throws {
        let result = try tool.run(["convert"] + arguments, input: Data("{}".utf8))
        #expect(result.status == 64)
        #expect(result.output == "")
        #expect(result.standardError.contains(#"unknown format "toml" (known formats: \#(standardFormatNames))"#))
    }

    @Test("--pretty and --compact together are a usage error")
    func conflictingLayout() throws {
        let result = try tool.run(["convert", "--pretty", "--compact"], input: Data("{}".utf8))
        #expect(result.status == 64)
    }

    @Test("a file over --max-stream-bytes is refused from its size, before it is read or any output opened")
    func oversizedFile() throws {
        let scratch = try Scratch()
        // A sparse file of 2 GiB: reading it would take seconds and 2 GiB of memory.
        let path = scratch.path("huge.json")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        let result = try GuardedThread.run {
            try tool.run(["convert", path, "--to", "yaml", "--max-stream-bytes", "1073741824", "-o", scratch.path("out.yaml")])
        }
        #expect(result?.status == 1)
        #expect(result?.standardError == "\(path): the input is 2147483648 bytes, more than the stream limit of 1073741824; raise it with --max-stream-bytes\n")
        #expect(try scratch.listing() == ["huge.json"])
    }

    @Test("endless input is refused once it passes maxInputBytes", arguments: [true, false])
    func endlessInput(throughStandardInput: Bool) throws {
        // A gibibyte is read before the limit trips: seconds on a quiet machine, more
        // on a loaded one; the guard is there for a read that never stops.
        let result = try GuardedThread.run(seconds: 60) {
            throughStandardInput
                ? try tool.run(["convert", "--from", "json", "--to", "yaml"], inputPath: "/dev/zero")
                : try tool.run(["convert", "/dev/zero", "--from", "json", "--to", "yaml"])
        }
        let name = throughStandardInput ? "<stdin>" : "/dev/zero"
        #expect(result?.status == 1)
        #expect(result?.standardError == "\(name): the input is more than the limit of 1073741824 bytes; raise it with --max-input-bytes\n")
    }

    @Test("an error quoting a key with an escape sequence prints it escaped; data printed keeps it")
    func controlCharactersInMessages() throws {
        let document = Data(#"{"k\u001b[2J\u202e": "v\u001b[31m"}"#.utf8)
        // `get` prints a string raw: the data stays as it is.
        let value = try tool.run(["get", "[\"k\u{1B}[2J\u{202E}\"]", "--from", "json"], input: document)
        #expect(value.status == 0, "\(value.standardError)")
        #expect(value.output == "v\u{1B}[31m\n")
        // A value XML cannot hold is refused, and the message quotes its key escaped.
        let nested = Data(#"{"r": {"k\u001b[2J\u202e": "v\u001b[31m"}}"#.utf8)
        let refused = try tool.run(["convert", "--from", "json", "--to", "xml"], input: nested)
        #expect(refused.status == 1)
        #expect(!refused.standardError.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(refused.standardError.contains(#"k\u{1B}[2J\u{202E}"#), "\(refused.standardError)")
    }

    @Test("-o with an empty path is a usage error")
    func emptyOutputPath() throws {
        let result = try tool.run(["convert", "--to", "json", "-o", ""], input: Data("{}".utf8))
        #expect(result.status == 64)
        #expect(result.standardError.contains("-o: the output path is empty"))
    }

    @Test("-o through a symbolic link replaces the link's target and keeps the link")
    func outputThroughLink() throws {
        let scratch = try Scratch()
        let input = try scratch.file("in.json", Self.document)
        _ = try scratch.file("target.yaml", "old: true\n")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("out.yaml"), withDestinationPath: "target.yaml")
        let result = try tool.run(["convert", input, "-o", scratch.path("out.yaml")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.path("out.yaml")) == "target.yaml")
        #expect(scratch.contents("target.yaml")?.contains("old: true") == false)
        #expect(try scratch.listing() == ["in.json", "out.yaml", "target.yaml"])
    }

    @Test("an output file whose extension no format uses needs --to")
    func unknownOutputExtension() throws {
        let scratch = try Scratch()
        let input = try scratch.file("in.json", Self.document)
        let refused = try tool.run(["convert", input, "-o", scratch.path("out.toml")])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("name it with --to"))
        #expect(try scratch.listing() == ["in.json"])
        let accepted = try tool.run(["convert", input, "-o", scratch.path("out.toml"), "--to", "json"])
        #expect(accepted.status == 0)
        #expect(scratch.contents("out.toml") == Self.compact)
    }

    @Test("-o writes the file, ending with a newline, and prints nothing")
    func writesOutputFile() throws {
        let scratch = try Scratch()
        let input = try scratch.file("in.json", Self.document)
        let result = try tool.run(["convert", input, "--output", scratch.path("out.json")])
        #expect(result.status == 0)
        #expect(result.output == "")
        #expect(result.standardError == "")
        #expect(scratch.contents("out.json") == Self.compact)
        #expect(try scratch.listing() == ["in.json", "out.json"])
    }

    @Test("-o - writes to standard output")
    func dashOutput() throws {
        let result = try tool.run(["convert", "-o", "-"], input: Data(Self.document.utf8))
        #expect(result.status == 0)
        #expect(result.output == Self.compact)
    }

    @Test("a failed conversion creates no output file, not even an empty one")
    func failureCreatesNothing() throws {
        let scratch = try Scratch()
        try scratch.file("bad.json", Self.badDocument)
        let result = try tool.run(["convert", "bad.json", "-o", "out.json"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("bad.json:3:11: "))
        #expect(try scratch.listing() == ["bad.json"])
    }

    @Test("a failed conversion leaves an existing output file untouched")
    func failureKeepsExistingOutput() throws {
        let scratch = try Scratch()
        try scratch.file("bad.json", Self.badDocument)
        try scratch.file("out.json", "{\"previous\": true}\n")
        let result = try tool.run(["convert", "bad.json", "-o", "out.json"], in: scratch.url)
        #expect(result.status == 1)
        #expect(scratch.contents("out.json") == "{\"previous\": true}\n")
        #expect(try scratch.listing() == ["bad.json", "out.json"])
    }

    @Test("a successful conversion replaces an existing output file and leaves no temporary file")
    func successReplacesOutput() throws {
        let scratch = try Scratch()
        try scratch.file("in.json", "[1]")
        try scratch.file("out.json", "a much longer previous content that must disappear\n")
        let result = try tool.run(["convert", "in.json", "-o", "out.json"], in: scratch.url)
        #expect(result.status == 0)
        #expect(scratch.contents("out.json") == "[1]\n")
        #expect(try scratch.listing() == ["in.json", "out.json"])
    }

    @Test("an output file in a missing directory is exit status 1 naming the file")
    func unwritableOutput() throws {
        let scratch = try Scratch()
        try scratch.file("in.json", "[1]")
        let result = try tool.run(["convert", "in.json", "-o", "no/such/dir/out.json"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("no/such/dir/out.json: cannot write the file: the directory "))
        #expect(try scratch.listing() == ["in.json"])
    }

    @Test("the input converts to the same document it was, key order included")
    func keepsKeyOrder() throws {
        let text = #"{"zeta":1,"alpha":{"y":[{"k2":null,"k1":"v"}],"x":false},"mid":"m"}"# + "\n"
        let result = try tool.run(["convert"], input: Data(text.utf8))
        #expect(result.status == 0)
        #expect(result.output == text)
    }
}
