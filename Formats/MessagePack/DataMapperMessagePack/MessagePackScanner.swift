import DataMapperCore

/// Finds where the MessagePack value starting at some offset ends, without building
/// it, or finds that the bytes so far end inside it.
///
/// Incremental reading asks this first, so a value that has not fully arrived costs a
/// quick walk of its headers instead of a parse that would be thrown away. The walk
/// is a loop over a count of values still expected (an array adds its elements, a
/// map twice its entries), so it needs no recursion whatever the nesting.
struct MessagePackScanner {
    /// What a scan found.
    enum Outcome: Equatable {
        /// The value ends at this offset (exclusive).
        case complete(end: Int)
        /// The bytes end inside the value; at least this many more are needed, and a
        /// scan of the same bytes with more after them can pick up at `resume`.
        case incomplete(missing: Int, resume: Resume)
    }

    /// Where a scan that ran out of bytes stopped: the header it could not finish and
    /// how many values were still expected, that one included. Everything before
    /// `offset` has been checked, so a scan resumed here looks at each byte once.
    struct Resume: Equatable {
        let offset: Int
        let pending: Int
    }

    let bytes: UnsafePointer<UInt8>
    let count: Int
    /// The largest length, and number of items, any header may declare.
    let maxDeclared: Int
    /// Added to offsets in messages and locations.
    let origin: Int

    /// Scans the value starting at `start`, or goes on with one whose scan stopped at
    /// `resume` for want of bytes.
    /// - Throws: ``DataMapperError/Kind/syntax`` for the reserved byte 0xC1, and
    ///   ``DataMapperError/Kind/limitExceeded`` when a header declares more than
    ///   ``maxDeclared`` bytes or items (which, in a stream, would otherwise mean
    ///   waiting for ever).
    func scan(from start: Int, resume: Resume? = nil) throws(DataMapperError) -> Outcome {
        var offset = resume?.offset ?? start
        var pending = resume?.pending ?? 1
        while pending > 0 {
            guard offset < count else { return .incomplete(missing: pending, resume: Resume(offset: offset, pending: pending)) }
            let header = offset
            let byte = bytes[offset]
            pending -= 1
            var fieldSize = 0
            var payload = 0
            var items = 0
            switch byte {
            case 0x00...0x7F, 0xC0, 0xC2, 0xC3, 0xE0...0xFF: break
            case 0x80...0x8F: items = 2 * Int(byte & 0x0F)
            case 0x90...0x9F: items = Int(byte & 0x0F)
            case 0xA0...0xBF: payload = Int(byte & 0x1F)
            case 0xC4, 0xD9: fieldSize = 1
            case 0xC5, 0xDA: fieldSize = 2
            case 0xC6, 0xDB: fieldSize = 4
            case 0xC7: fieldSize = 1; payload = 1
            case 0xC8: fieldSize = 2; payload = 1
            case 0xC9: fieldSize = 4; payload = 1
            case 0xCA, 0xCE, 0xD2: payload = 4
            case 0xCB, 0xCF, 0xD3: payload = 8
            case 0xCC, 0xD0: payload = 1
            case 0xCD, 0xD1: payload = 2
            case 0xD4: payload = 2
            case 0xD5: payload = 3
            case 0xD6: payload = 5
            case 0xD7: payload = 9
            case 0xD8: payload = 17
            case 0xDC, 0xDE: fieldSize = 2
            case 0xDD, 0xDF: fieldSize = 4
            default:
                throw DataMapperError(
                    .syntax,
                    message: "the byte 0xC1 is reserved and never starts a MessagePack value",
                    location: SourceLocation(position: .byteOffset(origin + header))
                )
            }
            offset += 1
            if fieldSize > 0 {
                guard offset + fieldSize <= count else {
                    return .incomplete(missing: offset + fieldSize - count, resume: Resume(offset: header, pending: pending + 1))
                }
                var declared = 0
                for index in 0..<fieldSize { declared = declared << 8 | Int(bytes[offset + index]) }
                offset += fieldSize
                if declared > maxDeclared { throw tooLarge(declared, at: header) }
                switch byte {
                case 0xDC, 0xDD: items = declared
                case 0xDE, 0xDF: items = 2 * declared
                default: payload += declared
                }
            }
            if payload > count - offset {
                return .incomplete(missing: payload - (count - offset), resume: Resume(offset: header, pending: pending + 1))
            }
            offset += payload
            pending += items
            if pending > maxDeclared { throw tooLarge(pending, at: header) }
        }
        return .complete(end: offset)
    }

    private func tooLarge(_ declared: Int, at header: Int) -> DataMapperError {
        DataMapperError(
            .limitExceeded,
            message: "the value at byte \(origin + header) declares \(declared) bytes or items, more than the input limit of \(maxDeclared) bytes",
            location: SourceLocation(position: .byteOffset(origin + header)),
            remedy: .limit(.maxInputBytes, maxDeclared, in: "MessagePackSerializer.Options.limits")
        )
    }
}
