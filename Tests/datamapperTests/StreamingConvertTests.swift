import DataMapper
import DataMapperFormats
import Foundation
import Testing
@testable import datamapper

/// `convert` read and written document by document: the bytes of the whole-input
/// path, errors naming the document, --document, --strict and -o left untouched.
@Suite struct StreamingConvertTests {
    let tool: Tool
    init() throws { tool = try Tool() }

    /// Four documents with nesting, unsorted keys and the kinds of scalars every
    /// stream target holds.
    static let documents: [SupportedType] = [
        ["z": 1, "a": ["x", true, .null], "m": 2.5],
        ["id": 2, "tags": [], "nested": ["b": ["c": "d"], "a": -7]],
        [1, "two", ["three": 3]],
        "a lone string",
    ]

    static let inputs: [(name: String, format: DataFormat)] = [
        ("in.jsonl", .jsonl), ("in.json", .json), ("in.msgpack", .msgpack), ("in.yaml", .yaml),
    ]
    static let targets: [DataFormat] = [.json, .jsonl, .yaml, .msgpack]

    @Test("JSON Lines, JSON texts, MessagePack and YAML streams give the library's bytes for every stream target and layout",
          arguments: [[], ["--pretty"], ["--sort-keys"], ["--pretty", "--sort-keys"], ["--quiet"]])
    func sameBytes(flags: [String]) throws {
        let scratch = try Scratch()
        let options = FormatWriteOptions(style: flags.contains("--pretty") ? .pretty : .compact, sortKeys: flags.contains("--sort-keys"))
        for input in Self.inputs {
            try input.format.writeAll(Self.documents).write(to: URL(fileURLWithPath: scratch.path(input.name)))
            for target in Self.targets {
                let expected = try target.writeAll(Self.documents, options: options)
                let result = try tool.run(["convert", input.name, "--to", target.name] + flags, in: scratch.url)
                #expect(result.status == 0, "\(input.name) → \(target.name): \(result.standardError)")
                #expect(result.standardOutput == expected, "\(input.name) → \(target.name) \(flags)")
                let toFile = try tool.run(["convert", input.name, "--to", target.name, "-o", "out"] + flags, in: scratch.url)
                #expect(toFile.status == 0)
                #expect(FileManager.default.contents(atPath: scratch.path("out")) == expected)
            }
        }
    }

    @Test("a bad document 3 is exit 1 naming the input, its line and column and document 3; -o stays as it was")
    func errorInThirdDocument() throws {
        let scratch = try Scratch()
        try scratch.file("events.jsonl", "{\"a\": 1}\n{\"a\": 2}\n{\"a\": [1,, 2]}\n{\"a\": 4}\n")
        try scratch.file("out.msgpack", "old")
        let result = try tool.run(["convert", "events.jsonl", "-o", "out.msgpack"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.standardError == "events.jsonl:3:10: a[1]: document 3: expected a value, found ','\n")
        #expect(scratch.contents("out.msgpack") == "old")
        #expect(try scratch.listing() == ["events.jsonl", "out.msgpack"], "no temporary file is left")
    }

    @Test("a YAML stream converted without a loss report reads document by document; a bad document 3 names it")
    func yamlStream() throws {
        let scratch = try Scratch()
        try scratch.file("events.yaml", "a: 1\n---\na: 2\n---\na: [1, 2\n---\na: 4\n")
        let result = try tool.run(["convert", "events.yaml", "--to", "jsonl", "--quiet"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("events.yaml:"))
        #expect(result.standardError.contains("document 3: "), "\(result.standardError)")
    }

    @Test("a YAML stream streams with the loss report: a comment in document 2 is reported as document 2 at its line")
    func yamlStreamLossReport() throws {
        let scratch = try Scratch()
        try scratch.file("three.yaml", "a: 1\n---\n# note\nb: 2\n---\nc: 3\n")
        let result = try tool.run(["convert", "three.yaml", "--to", "jsonl", "--report", "losses.json"], in: scratch.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output == "{\"a\":1}\n{\"b\":2}\n{\"c\":3}\n")
        // The text names documents only when losses come from more than one.
        #expect(result.standardError == """
            three.yaml: converting yaml to jsonl loses 1 thing (--strict refuses such a conversion, --quiet hides this report):
            three.yaml:3:1: comment at b: the comment "# note" is dropped

            """)
        let data = try #require(FileManager.default.contents(atPath: scratch.path("losses.json")))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let losses = try #require(report["losses"] as? [[String: Any]])
        #expect(losses.count == 1)
        #expect(losses.first?["document"] as? Int == 2)
        #expect(losses.first?["line"] as? Int == 3)
        #expect(losses.first?["column"] as? Int == 1)
        #expect(losses.first?["path"] as? String == "b")
    }

    @Test("the streamed YAML loss report equals the whole-input report (--wrap reads the input whole)")
    func yamlStreamReportMatchesWhole() throws {
        let scratch = try Scratch()
        try scratch.file("many.yaml", """
            # leading
            a: 1
            --- !shape
            base: &x {k: v}   # inline
            copy: *x
            ... # after two
            # before three
            ---
            ? 12
            : [!!str 1, !custom 2]
            ...
            # at the end

            """)
        let streamed = try tool.run(["convert", "many.yaml", "--to", "json", "--report", "streamed.json"], in: scratch.url)
        #expect(streamed.status == 0, "\(streamed.standardError)")
        let whole = try tool.run(["convert", "many.yaml", "--to", "json", "--wrap", "--report", "whole.json"], in: scratch.url)
        #expect(whole.status == 0, "\(whole.standardError)")
        let streamedReport = scratch.contents("streamed.json") ?? ""
        #expect(streamedReport.contains("\"count\": 10"), "\(streamedReport)")
        let wholeReport = scratch.contents("whole.json")
        #expect(streamedReport == wholeReport)
        #expect(streamed.standardError == whole.standardError)
    }

    @Test("a stream converts past --max-input-bytes, which bounds each document; --max-stream-bytes bounds the whole")
    func streamTotalLimit() throws {
        let scratch = try Scratch()
        // Four lines of 10 bytes: each under --max-input-bytes 16, 40 bytes in all.
        let text = String(repeating: "{\"a\":123}\n", count: 4)
        try scratch.file("events.jsonl", text)
        let converted = try tool.run(["convert", "events.jsonl", "--to", "json", "--max-input-bytes", "16"], in: scratch.url)
        #expect(converted.status == 0, "\(converted.standardError)")
        #expect(converted.output == text)
        let atLimit = try tool.run(["convert", "events.jsonl", "--to", "json", "--max-stream-bytes", "40"], in: scratch.url)
        #expect(atLimit.status == 0, "\(atLimit.standardError)")

        let refused = try tool.run(
            ["convert", "events.jsonl", "-o", "out.json", "--max-input-bytes", "16", "--max-stream-bytes", "39"], in: scratch.url)
        #expect(refused.status == 1)
        #expect(refused.standardError == "events.jsonl: the input is 40 bytes, more than the stream limit of 39; raise it with --max-stream-bytes\n")
        #expect(try scratch.listing() == ["events.jsonl"], "no output file, not even a temporary one")

        // Standard input redirected from a file is refused from its size too.
        let redirected = try tool.run(["convert", "--from", "jsonl", "--to", "json", "--max-stream-bytes", "25"], input: Data(text.utf8))
        #expect(redirected.status == 1)
        #expect(redirected.standardError == "<stdin>: the input is 40 bytes, more than the stream limit of 25; raise it with --max-stream-bytes\n")

        // Read whole (--wrap), the input is refused past either limit, naming the one passed.
        let wrapped = try tool.run(["convert", "events.jsonl", "--wrap", "--max-stream-bytes", "39"], in: scratch.url)
        #expect(wrapped.status == 1)
        #expect(wrapped.standardError == "events.jsonl: the input is more than the stream limit of 39 bytes; raise it with --max-stream-bytes\n")
        #expect(try tool.run(["convert", "events.jsonl", "--wrap", "--max-stream-bytes", "40"], in: scratch.url).status == 0)
    }

    @Test("a YAML stream larger than --max-input-bytes converts with its loss report, document by document")
    func yamlStreamPastInputLimit() throws {
        let scratch = try Scratch()
        // Three documents of 13 to 17 bytes, 45 bytes in all.
        try scratch.file("three.yaml", "a: 1 # first\n---\nb: 2 # two\n---\nc: 3 # three\n")
        let result = try tool.run(["convert", "three.yaml", "--to", "jsonl", "--max-input-bytes", "20"], in: scratch.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output == "{\"a\":1}\n{\"b\":2}\n{\"c\":3}\n")
        #expect(result.standardError.contains("three.yaml:3:6 (document 2): comment at the root: the comment \"# two\" is dropped"), "\(result.standardError)")
    }

    @Test("--document N writes that document alone and reads no further; past the end names the count")
    func pickOne() throws {
        let scratch = try Scratch()
        // The text after document 2 is not JSON: reading stops before it.
        try scratch.file("events.jsonl", "{\"a\": 1}\n{\"a\": 2}\nnot json\n")
        let picked = try tool.run(["convert", "events.jsonl", "--to", "yaml", "--document", "2"], in: scratch.url)
        #expect(picked.status == 0, "\(picked.standardError)")
        #expect(picked.output == "a: 2\n")
        try scratch.file("two.jsonl", "{\"a\": 1}\n{\"a\": 2}\n")
        let missing = try tool.run(["convert", "two.jsonl", "--to", "json", "--document", "3"], in: scratch.url)
        #expect(missing.status == 1)
        #expect(missing.output == "")
        #expect(missing.standardError == "two.jsonl: --document 3: the input holds 2 documents\n")
    }

    /// Two MessagePack maps, the second with an integer key, which becomes a string.
    static let integerKey = Data([0x81, 0xA1, 0x61, 0x01, 0x81, 0x05, 0xA1, 0x62])

    @Test("a lossy stream: the report follows the output; --strict writes nothing to standard output or -o")
    func strictRefusal() throws {
        let scratch = try Scratch()
        let reported = try tool.run(["convert", "--from", "msgpack", "--to", "jsonl"], input: Self.integerKey)
        #expect(reported.status == 0)
        #expect(reported.output == "{\"a\":1}\n{\"5\":\"b\"}\n")
        #expect(reported.standardError.contains("loses 1 thing"))
        #expect(reported.standardError.contains("<stdin>:byte 5: "), "\(reported.standardError)")

        let refused = try tool.run(["convert", "--from", "msgpack", "--to", "jsonl", "--strict"], input: Self.integerKey)
        #expect(refused.status == 1)
        #expect(refused.standardOutput.isEmpty)
        #expect(refused.standardError.contains("refused by --strict, nothing written"))

        try scratch.file("out.json", "old\n")
        let toFile = try tool.run(["convert", "--from", "msgpack", "-o", "out.json", "--strict"], input: Self.integerKey, in: scratch.url)
        #expect(toFile.status == 1)
        #expect(scratch.contents("out.json") == "old\n")
        #expect(try scratch.listing() == ["out.json"])

        let lossless = try tool.run(["convert", "--from", "msgpack", "--to", "jsonl", "--strict"], input: Self.integerKey.prefix(4))
        #expect(lossless.status == 0)
        #expect(lossless.output == "{\"a\":1}\n")
    }

    @Test("--progress and --no-progress parse; a forced bar on a small file is cleared, leaving the output alone")
    func progressFlags() throws {
        let scratch = try Scratch()
        try scratch.file("in.jsonl", "{\"a\": 1}\n")
        for flag in ["--progress", "--no-progress"] {
            let result = try tool.run(["convert", "in.jsonl", "--to", "json", flag], in: scratch.url)
            #expect(result.status == 0)
            #expect(result.output == "{\"a\":1}\n")
            #expect(flag == "--progress" || result.standardError.isEmpty)
            #expect(!result.standardError.contains("\n"))
        }
        // The last of the two wins.
        let off = try tool.run(["convert", "in.jsonl", "--progress", "--no-progress"], in: scratch.url)
        #expect(off.status == 0)
        #expect(off.standardError.isEmpty)
        let on = try tool.run(["convert", "in.jsonl", "--no-progress", "--progress"], in: scratch.url)
        #expect(on.standardError.hasPrefix("\r["))
        #expect(on.standardError.hasSuffix("\r"), "the bar is cleared")
    }

    @Test("a pipe streams too: its first bytes tell the format and are read once")
    func pipe() throws {
        let scratch = try Scratch()
        let fifo = scratch.path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let bytes = try DataFormat.msgpack.writeAll(Self.documents)
        let feeder = Thread {
            // Opening blocks until the tool opens the other end.
            if let handle = FileHandle(forWritingAtPath: fifo) {
                handle.write(bytes)
                try? handle.close()
            }
        }
        feeder.start()
        let result = try tool.run(["convert", "--to", "jsonl"], inputPath: fifo)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == (try DataFormat.jsonl.writeAll(Self.documents)))
    }

    @Test("the progress bar shows for a large regular file on a terminal, unless --quiet; the flags force it")
    func progressDecision() {
        let large = ProgressBar.minimumSize + 1
        #expect(ProgressBar.isShown(forced: nil, quiet: false, size: large, standardErrorIsTerminal: true))
        #expect(!ProgressBar.isShown(forced: nil, quiet: true, size: large, standardErrorIsTerminal: true))
        #expect(!ProgressBar.isShown(forced: nil, quiet: false, size: large, standardErrorIsTerminal: false))
        #expect(!ProgressBar.isShown(forced: nil, quiet: false, size: ProgressBar.minimumSize, standardErrorIsTerminal: true))
        #expect(!ProgressBar.isShown(forced: nil, quiet: false, size: nil, standardErrorIsTerminal: true))
        #expect(ProgressBar.isShown(forced: true, quiet: true, size: 10, standardErrorIsTerminal: false))
        #expect(!ProgressBar.isShown(forced: false, quiet: false, size: large, standardErrorIsTerminal: true))
        #expect(!ProgressBar.isShown(forced: true, quiet: false, size: nil, standardErrorIsTerminal: true), "a pipe has no total")
    }

    @Test("the progress bar draws bytes read of the total in MiB and the percentage, and clears itself")
    func progressRendering() {
        let mebibyte = 1024 * 1024
        #expect(ProgressBar.render(read: 0, total: 10 * mebibyte, width: 10) == "\r[----------] 0.0 / 10.0 MiB 0%")
        #expect(ProgressBar.render(read: 5 * mebibyte, total: 10 * mebibyte, width: 10) == "\r[#####-----] 5.0 / 10.0 MiB 50%")
        #expect(ProgressBar.render(read: 3 * mebibyte / 2, total: 12 * mebibyte, width: 8) == "\r[#-------] 1.5 / 12.0 MiB 12%")
        #expect(ProgressBar.render(read: 11 * mebibyte, total: 10 * mebibyte, width: 4) == "\r[####] 10.0 / 10.0 MiB 100%")
        let drawing = ProgressBar.render(read: 1, total: 2, width: 4)
        #expect(ProgressBar.clearing(drawing) == "\r" + String(repeating: " ", count: drawing.count - 1) + "\r")
    }
}
