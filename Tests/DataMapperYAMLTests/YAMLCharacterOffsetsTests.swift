@testable import DataMapperYAML
import Testing

/// libyaml's character indexes turned into byte offsets, asked in any order.
@Suite struct YAMLCharacterOffsetsTests {
    @Test func offsetsAreRightForwardsAndBackwards() {
        let text = "\u{FEFF}a: é\n---\nb: 😀x\n"
        let bytes = Array(text.utf8)
        // The offset of each character after the byte order mark, counted by hand
        // from the scalars' UTF-8 lengths.
        var expected: [Int] = [3]
        for scalar in text.unicodeScalars.dropFirst() { expected.append(expected.last! + String(scalar).utf8.count) }
        bytes.withUnsafeBytes { raw in
            var offsets = YAMLCharacterOffsets(raw)
            for index in [0, 4, 2, 11, 1, 12, 5, 0, 13] {
                #expect(offsets.byteOffset(ofCharacter: index) == expected[index], "character \(index)")
            }
        }
    }

    @Test func askingAboutOneDocumentAtATimeWalksTheInputAboutOnce() {
        // A stream of many documents, asked as a reader asks: each document's end,
        // then back to its start.
        let document = "key: value ünïcode\n---\n"
        let bytes = Array(String(repeating: document, count: 2_000).utf8)
        let characters = document.unicodeScalars.count
        bytes.withUnsafeBytes { raw in
            var offsets = YAMLCharacterOffsets(raw)
            for number in 0..<2_000 {
                _ = offsets.byteOffset(ofCharacter: (number + 1) * characters)
                _ = offsets.byteOffset(ofCharacter: number * characters)
            }
            #expect(offsets.charactersWalked <= 3 * 2_000 * characters)
        }
    }
}
