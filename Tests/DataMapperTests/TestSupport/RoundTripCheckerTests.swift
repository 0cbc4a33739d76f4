import DataMapper
import DataMapperTestSupport
import Testing

/// The round-trip checkers pass a faithful format and flag each way a format can
/// lose a value.
@Suite struct RoundTripCheckerTests {
    let value: SupportedType = ["a": "1", "b": "2"]

    @Test("a faithful format passes, and the value read back is returned")
    func faithful() {
        let read = expectRoundTrip(value, through: PairsSerializer(), rewritesSameBytes: true)
        #expect(read?.orderedMap?.keys == ["a", "b"])
    }

    @Test("a format that loses part of the value is flagged")
    func lossy() {
        withKnownIssue { expectRoundTrip(value, through: PairsSerializer(flaw: .dropsLastPair)) }
    }

    @Test("a value read back equal but written differently is flagged only when same bytes are asked for")
    func rewritten() {
        let reversing = PairsSerializer(flaw: .reversesPairs)
        expectRoundTrip(value, through: reversing)
        withKnownIssue { expectRoundTrip(value, through: reversing, rewritesSameBytes: true) }
    }

    @Test("errors while writing or reading are recorded, not thrown")
    func errors() {
        withKnownIssue { #expect(expectRoundTrip(1, through: PairsSerializer()) == nil) }
        withKnownIssue { #expect(expectRoundTrip(value, through: PairsSerializer(flaw: .refusesToRead)) == nil) }
    }

    @Test("an expected value other than the one written is compared instead")
    func expecting() {
        expectRoundTrip(value, through: PairsSerializer(flaw: .dropsLastPair), expecting: ["a": "1"])
        withKnownIssue { expectRoundTrip(value, through: PairsSerializer(), expecting: ["a": "1"]) }
    }

    struct Pair: Codable, Equatable {
        var a: String
        var b: String
    }

    @Test("Codable values are checked the same way")
    func codable() {
        #expect(expectCodableRoundTrip(Pair(a: "1", b: "2"), through: PairsSerializer()) == Pair(a: "1", b: "2"))
        withKnownIssue { expectCodableRoundTrip(Pair(a: "1", b: "2"), through: PairsSerializer(flaw: .dropsLastPair)) }
        withKnownIssue { expectCodableRoundTrip(Pair(a: "1", b: "2"), through: PairsSerializer(flaw: .refusesToRead)) }
    }
}

extension RoundTripCheckerTests {
    @Test("every issue is reported at the source location passed in")
    func sourceLocation() {
        let caller = Testing.SourceLocation(fileID: "Caller/Caller.swift", filePath: "/Caller/Caller.swift", line: 42, column: 7)
        withKnownIssue {
            expectRoundTrip(value, through: PairsSerializer(flaw: .reversesPairs), expecting: [:], rewritesSameBytes: true, sourceLocation: caller)
            expectRoundTrip(value, through: PairsSerializer(flaw: .refusesToRead), sourceLocation: caller)
            expectCodableRoundTrip(Pair(a: "1", b: "2"), through: PairsSerializer(flaw: .dropsLastPair), sourceLocation: caller)
        } matching: { issue in
            issue.sourceLocation == caller
        }
    }
}
