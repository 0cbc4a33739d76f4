import DataMapper
import DataMapperMessagePack
import DataMapperTestSupport
import Foundation
import Testing

/// msgpack-test-suite (kawanet), every case an argument: each listed encoding decodes
/// to the case's value, and encoding the value gives one of the listed encodings.
@Suite struct ConformanceTests {
    let msgpack = MessagePackSerializer()

    @Test("the suite file holds all 85 cases with 233 encodings", ConformanceSuite.folder.enabledIfPresent)
    func suiteIsComplete() throws {
        let cases = ConformanceSuite.cases
        #expect(cases.allSatisfy { $0.loadFailure == nil }, "\(cases.compactMap(\.loadFailure))")
        #expect(cases.count == 85)
        #expect(cases.map(\.encodings.count).reduce(0, +) == 233)
    }

    @Test(
        "every listed encoding decodes to the case's value",
        ConformanceSuite.folder.enabledIfPresent, arguments: ConformanceSuite.cases
    )
    func decodes(_ testCase: ConformanceCase) throws {
        let expected = try #require(testCase.expected, "\(testCase.loadFailure ?? "no value")")
        for encoding in testCase.encodings {
            let decoded = try msgpack.deserialize(bytes: encoding)
            if testCase.isNumber {
                #expect(Self.sameNumber(decoded, expected), "\(hex(encoding)) gave \(decoded)")
            } else {
                #expect(decoded == expected, "\(hex(encoding)) gave \(decoded)")
            }
        }
    }

    @Test(
        "encoding the case's value gives one of the listed encodings",
        ConformanceSuite.folder.enabledIfPresent, arguments: ConformanceSuite.cases
    )
    func encodes(_ testCase: ConformanceCase) throws {
        let value = try #require(testCase.expected, "\(testCase.loadFailure ?? "no value")")
        let bytes = try msgpack.serializeToBytes(value)
        #expect(testCase.encodings.contains(bytes), "wrote \(hex(bytes)), expected one of \(testCase.encodings.map(hex))")
    }

    /// Numbers compare by value across integer and float kinds.
    static func sameNumber(_ lhs: SupportedType, _ rhs: SupportedType) -> Bool {
        switch (lhs.kind, rhs.kind) {
        case (.double(let a), .double(let b)): return a == b
        case (.double(let a), _): return rhs.int.map { Double($0) == a && Double($0).isExactInteger } ?? false
        case (_, .double(let b)): return lhs.int.map { Double($0) == b } ?? false
        default: return lhs == rhs
        }
    }
}

extension Double {
    fileprivate var isExactInteger: Bool { rounded() == self }
}

/// `cd-00-01`-style text of bytes, for messages.
func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined(separator: "-")
}
