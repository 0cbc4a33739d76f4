import Foundation

/// Lets libyaml's emitter write characters above U+FFFF as themselves.
///
/// libyaml 0.2.5's emitter counts every four-byte UTF-8 sequence as unprintable: a
/// scalar holding an emoji is forced into double quotes and the emoji written as
/// `"\U0001F600"`. Before a scalar reaches the emitter, each such character is replaced
/// by two characters libyaml prints as they are, and after emitting those pairs are
/// turned back; the emitted text then holds the original characters.
///
/// A pair is a *marker*, one of the 32 noncharacters U+FDD0–U+FDEF, followed by a
/// *carrier* from U+4000–U+C01F (CJK, Yi and Hangul letters, which libyaml treats as
/// ordinary printable characters: no spaces, breaks or indicators among them). With
/// `v` = code point − 0x10000 (20 bits), the marker holds `v >> 15` and the carrier
/// `v & 0x7FFF`. A noncharacter U+FDD0 + k already in the text is written as marker
/// U+FDD0 with carrier 0x8000 + k, so that every marker in the emitted bytes is one of
/// ours and decoding is exact.
///
/// Invariants that keep reading back unchanged: libyaml never separates the two halves
/// (it breaks lines only at spaces, and escapes in double quotes only unprintable
/// characters, breaks, `"` and `\`); the pair is two printable non-space characters
/// where there was one, so the scalar style libyaml picks reads back the same string.
/// Only cosmetics move: a pair counts as two columns for line folding, and its six
/// bytes count toward libyaml's 128-byte limit for simple keys, past which a key is
/// written `? key`.
enum LibYAMLAstralCoding {
    private static let markerBase: UInt32 = 0xFDD0
    private static let carrierBase: UInt32 = 0x4000
    /// Carriers at or above this stand for a literal noncharacter, not an astral character.
    private static let literalCarrier: UInt32 = 0x8000

    /// Whether `utf8` holds a character above U+FFFF or a noncharacter U+FDD0–U+FDEF;
    /// text without a byte of 0xEF or more is cleared by one pass finding its largest byte.
    static func needsCoding(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var highest: UInt8 = 0
        for byte in utf8 { highest = max(highest, byte) }
        if highest < 0xEF { return false }
        if highest >= 0xF0 { return true }
        var index = 0
        while index + 2 < utf8.count {
            if isMarker(utf8[index], utf8[index + 1], utf8[index + 2]) { return true }
            index += 1
        }
        return false
    }

    /// `utf8` with each character above U+FFFF and each noncharacter U+FDD0–U+FDEF
    /// written as a marker and a carrier; `utf8` must be valid UTF-8.
    static func encode(_ utf8: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var coded: [UInt8] = []
        coded.reserveCapacity(utf8.count + utf8.count / 2)
        var index = 0
        while index < utf8.count {
            let lead = utf8[index]
            if lead >= 0xF0, index + 3 < utf8.count {
                let scalar = (UInt32(lead & 0x07) << 18) | (UInt32(utf8[index + 1] & 0x3F) << 12)
                    | (UInt32(utf8[index + 2] & 0x3F) << 6) | UInt32(utf8[index + 3] & 0x3F)
                let offset = scalar &- 0x10000
                appendPair(marker: offset >> 15, carrier: offset & 0x7FFF, to: &coded)
                index += 4
            } else if index + 2 < utf8.count, isMarker(lead, utf8[index + 1], utf8[index + 2]) {
                appendPair(marker: 0, carrier: literalCarrier + UInt32(utf8[index + 2] - 0x90), to: &coded)
                index += 3
            } else {
                coded.append(lead)
                index += 1
            }
        }
        return coded
    }

    /// The emitted `bytes` with every marker-and-carrier pair turned back into the
    /// character it stands for; the stretches between pairs are copied whole.
    static func decode(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { input in
            var decoded: [UInt8] = []
            decoded.reserveCapacity(input.count)
            var copied = 0
            var index = 0
            while let found = nextLead(in: input, from: index) {
                index = found + 1
                guard found + 5 < input.count, isMarker(input[found], input[found + 1], input[found + 2]),
                      let carrier = carrierValue(input[found + 3], input[found + 4], input[found + 5])
                else { continue }
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<found]))
                let marker = UInt32(input[found + 2] - 0x90)
                if carrier >= literalCarrier {
                    appendUTF8(markerBase + carrier - literalCarrier, to: &decoded)
                } else {
                    appendUTF8(0x10000 + (marker << 15 | carrier), to: &decoded)
                }
                index = found + 6
                copied = index
            }
            decoded.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied...]))
            return decoded
        }
    }

    /// The offset of the next 0xEF byte (the lead byte of a marker) at or after `start`.
    private static func nextLead(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, 0xEF, bytes.count - start)
        else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// Whether three bytes encode a noncharacter U+FDD0–U+FDEF (EF B7 90 – EF B7 AF).
    @inline(__always)
    private static func isMarker(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> Bool {
        first == 0xEF && second == 0xB7 && (0x90...0xAF).contains(third)
    }

    /// The carrier value three bytes encode, or `nil` when they are not a carrier.
    private static func carrierValue(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> UInt32? {
        guard first & 0xF0 == 0xE0, second & 0xC0 == 0x80, third & 0xC0 == 0x80 else { return nil }
        let scalar = (UInt32(first & 0x0F) << 12) | (UInt32(second & 0x3F) << 6) | UInt32(third & 0x3F)
        guard scalar >= carrierBase, scalar <= carrierBase + literalCarrier + 0x1F else { return nil }
        return scalar - carrierBase
    }

    private static func appendPair(marker: UInt32, carrier: UInt32, to bytes: inout [UInt8]) {
        appendUTF8(markerBase + marker, to: &bytes)
        appendUTF8(carrierBase + carrier, to: &bytes)
    }

    /// Appends a code point of U+0800 or more as UTF-8.
    private static func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
        if scalar < 0x10000 {
            bytes.append(UInt8(0xE0 | scalar >> 12))
            bytes.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        } else {
            bytes.append(UInt8(0xF0 | scalar >> 18))
            bytes.append(UInt8(0x80 | (scalar >> 12) & 0x3F))
            bytes.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
