import DataMapperCore

extension JSONWriter {
    /// The bytes written so far, in the library's one growable byte buffer.
    ///
    /// It is also a `TextOutputStream`, so that `Double.write(to:)` can hand over its
    /// shortest round-trip digits as ASCII bytes without making a `String` first.
    struct Buffer: TextOutputStream {
        /// The output; this writer is its only owner.
        let storage: GrowableBuffer<UInt8>

        init(capacity: Int) {
            storage = GrowableBuffer(capacity: capacity)
        }

        @inline(__always)
        mutating func append(_ byte: UInt8) {
            storage.append(byte)
        }

        @inline(__always)
        mutating func append(_ text: StaticString) {
            storage.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        @inline(__always)
        mutating func append(_ run: UnsafeBufferPointer<UInt8>) {
            storage.append(contentsOf: run)
        }

        /// Appends the bytes of `sequence` (a number's text, say).
        mutating func append<S: Sequence>(contentsOf sequence: S) where S.Element == UInt8 {
            for byte in sequence { storage.append(byte) }
        }

        /// Appends `count` spaces (pretty output's indentation), copied from a constant
        /// run of spaces rather than one at a time.
        mutating func appendSpaces(_ count: Int) {
            let spaces: StaticString = "                                                                "
            var remaining = count
            while remaining > 0 {
                let chunk = min(remaining, spaces.utf8CodeUnitCount)
                storage.append(contentsOf: UnsafeBufferPointer(start: spaces.utf8Start, count: chunk))
                remaining -= chunk
            }
        }

        // MARK: - TextOutputStream

        /// Appends the UTF-8 of `string`; used only by standard-library printers.
        mutating func write(_ string: String) {
            var string = string
            string.withUTF8 { storage.append(contentsOf: $0) }
        }

        /// Appends ASCII text that a standard-library printer has ready in a buffer.
        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
            storage.append(contentsOf: buffer)
        }
    }
}
