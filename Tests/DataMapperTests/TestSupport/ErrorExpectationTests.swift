import DataMapper
import DataMapperTestSupport
import Foundation
import Testing

/// `expectError` passes when the named parts match, flags each part that does not,
/// and stops the test when no `DataMapperError` is thrown.
@Suite struct ErrorExpectationTests {
    struct OtherError: Error {}

    static let textError = DataMapperError(
        .syntax, message: "bad", path: DataPath([.key("a"), .index(1)]), location: DataMapper.SourceLocation(position: .text(line: 3, column: 7))
    )
    static let binaryError = DataMapperError(
        .limitExceeded, message: "deep", location: DataMapper.SourceLocation(position: .byteOffset(12))
    )

    @Test("the named parts are checked and the error is returned")
    func matching() throws {
        let error = try expectError(kind: .syntax, path: DataPath([.key("a"), .index(1)]), line: 3, column: 7) { throw Self.textError }
        #expect(error == Self.textError)
        try expectError(kind: .limitExceeded, byteOffset: 12) { throw Self.binaryError }
        try expectError { throw Self.textError }
    }

    @Test("each part that differs is flagged", arguments: 0..<5)
    func differing(part: Int) {
        withKnownIssue {
            switch part {
            case 0: try expectError(kind: .unsupported) { throw Self.textError }
            case 1: try expectError(path: DataPath([.key("a"), .index(2)])) { throw Self.textError }
            case 2: try expectError(line: 4) { throw Self.textError }
            case 3: try expectError(column: 6) { throw Self.textError }
            default: try expectError(byteOffset: 12) { throw Self.textError }
            }
        }
    }

    @Test("no error, or another type of error, is flagged and stops the test")
    func missing() {
        var reachedAfterNoError = false
        withKnownIssue {
            try expectError { 1 }
            reachedAfterNoError = true
        }
        #expect(!reachedAfterNoError)
        var reachedAfterOtherError = false
        withKnownIssue {
            try expectError { throw OtherError() }
            reachedAfterOtherError = true
        }
        #expect(!reachedAfterOtherError)
    }

    @Test("every issue is reported at the source location passed in")
    func sourceLocation() throws {
        let caller = Testing.SourceLocation(fileID: "Caller/Caller.swift", filePath: "/Caller/Caller.swift", line: 42, column: 7)
        try withKnownIssue {
            try expectError(kind: .unsupported, path: ["b"], line: 1, sourceLocation: caller) { throw Self.textError }
        } matching: { issue in
            issue.sourceLocation == caller
        }
        try withKnownIssue {
            try expectError(sourceLocation: caller) { 1 }
        } matching: { issue in
            issue.sourceLocation == caller
        }
    }
}
