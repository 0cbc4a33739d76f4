@testable import DataMapperCore
import Foundation
import Testing

@Suite struct StrictBase64Tests {
    @Test("canonical base64 decodes", arguments: [
        ("", ""), ("QQ==", "A"), ("QUI=", "AB"), ("QUJD", "ABC"), ("aGVsbG8gd29ybGQ=", "hello world"),
    ])
    func decodes(_ text: String, _ expected: String) {
        #expect(StrictBase64.decode(text) == Data(expected.utf8))
    }

    @Test("malformed base64 is refused", arguments: ["QUJD=", "QUJ", "Q===", "QQ=A", "=QUJ", "QU J", "QUJ\u{0}", "QUJD====", "Q!JD"])
    func refuses(_ text: String) {
        #expect(StrictBase64.decode(text) == nil)
    }

    @Test("whitespace is skipped only when asked")
    func whitespace() {
        #expect(StrictBase64.decode("aGVs\n  bG8=\n", ignoringWhitespace: true) == Data("hello".utf8))
        #expect(StrictBase64.decode("aGVs\nbG8=") == nil)
    }

    @Test("every byte string round-trips through Foundation's encoder")
    func roundTrip() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<64 {
            let bytes = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            #expect(StrictBase64.decode(bytes.base64EncodedString()) == bytes)
        }
    }
}
