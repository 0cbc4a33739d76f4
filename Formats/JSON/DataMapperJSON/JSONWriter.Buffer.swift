extension JSONWriter {
    /// The bytes written so far: one growing array that everything appends to.
    ///
    /// It is also a `TextOutputStream`, so that `Double.write(to:)` can hand over its
    /// shortest round-trip digits as ASCII bytes without making a `String` first.
    struct Buffer: TextOutputStream {
        /// The output.
        var bytes: [UInt8]

        init(capacity: Int) {
            bytes = []
            bytes.reserveCapacity(capacity)
        }

        @inline(__always)
        mutating func append(_ byte: UInt8) {
            bytes.append(byte)
        }

        @inline(__always)
        mutating func append(_ text: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        @inline(__always)
        mutating func append(_ run: UnsafeBufferPointer<UInt8>) {
            bytes.append(contentsOf: run)
        }

            /// Appends `count` spaces (pretty output's indentation), copied from a constant
        /// run of spaces rather than one at a time.
        mutating func appendSpaces(_ count: Int) {
            let spaces: StaticString = "                                                                "
            var remaining = count
            while remaining > 0 {
                let chunk = min(remaining, spaces.utf8CodeUnitCount)
                bytes.append(contentsOf: UnsafeBufferPointer(start: spaces.utf8Start, count: chunk))
                remaining -= chunk
            }
        }

        // MARK: - TextOutputStream

        /// Appends the UTF-8 of `string`; used only by standard-library printers.
        mutating func write(_ string: String) {
            bytes.append(contentsOf: string.utf8)
        }

        /// Appends ASCII text that a standard-library printer has ready in a buffer.
        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
            bytes.append(contentsOf: buffer)
        }
    }
}
