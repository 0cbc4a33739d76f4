import DataMapperTestSupport
import Foundation
import Testing

/// The golden-file check passes on the committed content, fails on any other, and in
/// record mode writes the new content and still fails, so a person looks at it.
@Suite struct GoldenFileTests {
    let files: TemporaryFiles
    init() throws { files = try TemporaryFiles() }

    var golden: URL { files.directory.appendingPathComponent("golden.txt") }

    func contents() -> String? {
        FileManager.default.contents(atPath: golden.path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("the committed content passes, in either mode")
    func matching() throws {
        try files.write("golden.txt", "one\ntwo\n")
        expectMatchesGolden(Data("one\ntwo\n".utf8), file: golden, mode: .compare)
        expectMatchesGolden(Data("one\ntwo\n".utf8), file: golden, mode: .record)
        #expect(contents() == "one\ntwo\n")
    }

    @Test("other content fails, naming the first line that differs, and leaves the file alone")
    func differing() throws {
        try files.write("golden.txt", "one\ntwo\n")
        withKnownIssue {
            expectMatchesGolden(Data("one\nthree\n".utf8), file: golden, mode: .compare)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("line 2 is «three», the golden file has «two»") }
        }
        #expect(contents() == "one\ntwo\n")
    }

    @Test("a missing golden file fails, saying how to record it, and is not created")
    func missing() {
        withKnownIssue {
            expectMatchesGolden(Data("new\n".utf8), file: golden, mode: .compare)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("does not exist") && $0.rawValue.contains(GoldenMode.environmentVariable + "=1") }
        }
        #expect(contents() == nil)
    }

    @Test("record mode writes new and changed content and fails, asking for a review")
    func recording() throws {
        withKnownIssue {
            expectMatchesGolden(Data("first\n".utf8), file: golden, mode: .record)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("recorded the golden file") && $0.rawValue.contains("(new)") }
        }
        #expect(contents() == "first\n")
        withKnownIssue {
            expectMatchesGolden(Data("second\n".utf8), file: golden, mode: .record)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("(changed)") && $0.rawValue.contains("review") }
        }
        #expect(contents() == "second\n")
    }

    @Test("binary content that differs names the first different byte")
    func binary() throws {
        try files.write("golden.txt", Data([0x01, 0xFF, 0x02]))
        withKnownIssue {
            expectMatchesGolden(Data([0x01, 0xFF, 0x03]), file: golden, mode: .compare)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("first different byte at offset 2") }
        }
    }

    @Test("a named golden file is looked for in a folder beside the calling test's source file")
    func besideTheTest() {
        let url = goldenFile(named: "out.json", in: "Golden", besideFile: "/repo/Tests/SomeTests/Sub/SomeTests.swift")
        #expect(url.path == "/repo/Tests/SomeTests/Sub/Golden/out.json")
        withKnownIssue {
            expectMatchesGolden("anything", named: "no-such-golden-file.txt", mode: .compare)
        } matching: { issue in
            let beside = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/no-such-golden-file.txt").path
            return issue.comments.contains { $0.rawValue.contains(beside) }
        }
    }
}
