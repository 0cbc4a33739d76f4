@_spi(Parsing) import DataMapper
import Testing

@Suite("ShortBytes")
struct ShortBytesTests {
    static func words(_ bytes: [UInt8]) -> (UInt64, UInt64) {
        bytes.withUnsafeBufferPointer { ShortBytes.words($0) }
    }

    @Test("runs of up to sixteen bytes that differ in any one byte have different words")
    func everyByteCounts() {
        var generator = SystemRandomNumberGenerator()
        for length in 1...16 {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let (head, tail) = Self.words(bytes)
                // The same bytes in another buffer, between other bytes, give the same words.
                let padded: [UInt8] = [0xEE] + bytes + [0xEE]
                let elsewhere = padded.withUnsafeBufferPointer { ShortBytes.words(UnsafeBufferPointer(rebasing: $0[1...length])) }
                #expect(elsewhere == (head, tail))
                for place in 0..<length {
                    var changed = bytes
                    changed[place] ^= UInt8.random(in: 1...255, using: &generator)
                    let other = Self.words(changed)
                    #expect(other.0 != head || other.1 != tail, "length \(length), byte \(place)")
                }
            }
        }
    }
}
