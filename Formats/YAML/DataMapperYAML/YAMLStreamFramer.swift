/// Cuts a YAML stream into pieces of one document each without parsing it, so that
/// bytes arriving in small pieces are each looked at a bounded number of times.
///
/// The rule: a line that starts, at its first column, with `---` or `...` followed by a
/// space, a tab, a line break or the end of the input is a document marker and never
/// content. YAML 1.2 forbids such a line inside any node (`c-forbidden`), and libyaml
/// agrees in every context: its scanner takes the line as a marker token, a plain
/// scalar stops before it, a block scalar ends there (its content is indented), and a
/// quoted scalar or flow collection open across it is an error. So a piece ends before
/// a `---` that follows content, or after a `...` line; the directives and comments
/// between a `...` and the next `---` start the next piece.
///
/// Lines are counted as libyaml counts them (line feed, carriage return, the pair, and
/// U+0085, U+2028, U+2029), and offsets from the stream's first byte. The framer does
/// not judge the bytes: each piece goes to libyaml, which reports anything wrong.
struct YAMLStreamFramer {
    /// A piece holding at most one document: its bytes and the line of its first byte.
    struct Frame {
        let range: Range<Int>
        let line: Int
        /// The line of `range.upperBound`.
        let endLine: Int
        /// How many bytes after `range` libyaml must also read (the `---` that ended
        /// the piece), so that the piece ends, and fails, exactly as in the whole stream.
        let lookahead: Int
        /// Whether the piece follows a `...` and does not begin with directives or
        /// `---`: libyaml reads a document there differently from one at the start of a
        /// stream, so the piece must be read after a document end.
        let followsDocumentEnd: Bool
        /// Where the `...` line that ends the piece starts (offset and line), when one
        /// does: what follows the marker belongs, for the loss report, to what comes next.
        let documentEnd: (offset: Int, line: Int)?
    }

    /// Whether the piece being scanned has reached a document's content or its `---`.
    private enum Phase {
        case prelude
        case body
    }

    /// What is known about the line being scanned.
    private enum LineState {
        /// Nothing that matters until the next line.
        case rest
        /// A prelude line with only spaces so far.
        case leading
        /// A `...` line with only spaces or tabs after the marker so far.
        case afterDocumentEnd
        /// A `...` line whose marker is followed by a comment.
        case commentAfterDocumentEnd
    }

    /// The offset of the next byte to look at.
    private(set) var position = 0
    /// The 1-based line of `position`.
    private(set) var line = 1
    /// The first byte of the piece being scanned, and its line.
    private(set) var pieceStart = 0
    private(set) var pieceLine = 1
    private var atLineStart = true
    private var phase = Phase.prelude
    private var lineState = LineState.rest
    private var isFirstPiece = true
    private var sawDirective = false
    private var followsDocumentEnd = false
    private var checkedByteOrderMark = false
    /// The start of the last `...` line taken, and its line.
    private var lastDocumentEnd = (offset: 0, line: 1)

    /// Scans `bytes`, which hold the stream from offset `base` on, from where the last
    /// call stopped; the next piece, or `nil` when the bytes end before one does.
    /// `ended` says no more bytes will come, so the last piece ends there.
    mutating func nextFrame(in bytes: UnsafeBufferPointer<UInt8>, base: Int, ended: Bool) -> Frame? {
        let end = base + bytes.count
        if !checkedByteOrderMark {
            guard skipByteOrderMark(in: bytes, base: base, ended: ended) else { return nil }
        }
        while position < end {
            if atLineStart {
                guard let marker = Self.marker(at: position, in: bytes, base: base, ended: ended) else { return nil }
                atLineStart = false
                if let frame = take(marker, byte: bytes[position - base]) { return frame }
                continue
            }
            guard let breakLength = Self.breakLength(at: position, in: bytes, base: base, ended: ended) else { return nil }
            if breakLength > 0 {
                position += breakLength
                line += 1
                atLineStart = true
                let endsPiece = lineState == .afterDocumentEnd || lineState == .commentAfterDocumentEnd
                lineState = .rest
                if endsPiece { return cut(at: position, lookahead: 0, nextPhase: .prelude, endingDocument: true) }
                continue
            }
            look(at: bytes[position - base])
            position += 1
        }
        guard ended, pieceStart < end else { return nil }
        let endsWithMarker = lineState == .afterDocumentEnd || lineState == .commentAfterDocumentEnd
        return cut(at: end, lookahead: 0, nextPhase: .prelude, endingDocument: endsWithMarker)
    }

    /// Acts on the start of a line: a marker, or the first byte of another line.
    private mutating func take(_ marker: Marker, byte: UInt8) -> Frame? {
        switch marker {
        case .documentStart:
            if phase == .body { return cut(at: position, lookahead: 3, nextPhase: .body) }
            phase = .body
            position += 3
            lineState = .rest
        case .documentEnd:
            // After a `...`, libyaml skips further `...` lines; alone, a piece may not
            // start with one.
            if phase == .prelude, !isFirstPiece, !sawDirective { followsDocumentEnd = true }
            lastDocumentEnd = (position, line)
            position += 3
            lineState = .afterDocumentEnd
        case .other:
            guard phase == .prelude else {
                lineState = .rest
                return nil
            }
            if byte == UInt8(ascii: "%") {
                sawDirective = true
                lineState = .rest
                position += 1
            } else {
                lineState = .leading
            }
        }
        return nil
    }

    /// Takes a byte that is not a line break into the state of its line.
    @inline(__always)
    private mutating func look(at byte: UInt8) {
        switch lineState {
        case .rest, .commentAfterDocumentEnd:
            break
        case .leading:
            if byte == UInt8(ascii: " ") { return }
            if byte != UInt8(ascii: "#") {
                // Content: a document with no `---`. After a `...`, libyaml reads it as
                // an error, which only a read after a document end reproduces; tabs and
                // byte-order marks go the same way, to be safe.
                phase = .body
                if !isFirstPiece, !sawDirective { followsDocumentEnd = true }
            }
            lineState = .rest
        case .afterDocumentEnd:
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { return }
            // A comment keeps the `...` line a clean end; anything else is an error in
            // the whole stream too, and the piece runs on so that libyaml finds it
            // where the whole read would.
            lineState = byte == UInt8(ascii: "#") ? .commentAfterDocumentEnd : .rest
        }
    }

    /// Ends the piece at `end` and starts the next one there.
    /// `endingDocument` says the piece ends with a `...` line.
    private mutating func cut(at end: Int, lookahead: Int, nextPhase: Phase, endingDocument: Bool = false) -> Frame {
        let frame = Frame(
            range: pieceStart..<end, line: pieceLine, endLine: line, lookahead: lookahead,
            followsDocumentEnd: followsDocumentEnd, documentEnd: endingDocument ? lastDocumentEnd : nil
        )
        pieceStart = end
        pieceLine = line
        phase = nextPhase
        isFirstPiece = false
        sawDirective = false
        followsDocumentEnd = false
        if nextPhase == .body {
            position += 3
            lineState = .rest
        }
        return frame
    }

    /// Skips a UTF-8 byte-order mark at the very start, where libyaml reads it as no
    /// character; `false` when too few bytes have come to tell.
    private mutating func skipByteOrderMark(in bytes: UnsafeBufferPointer<UInt8>, base: Int, ended: Bool) -> Bool {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let available = min(bytes.count, 3)
        let prefixMatches = (0..<available).allSatisfy { bytes[$0] == mark[$0] }
        if available < 3, prefixMatches, !ended { return false }
        checkedByteOrderMark = true
        if available == 3, prefixMatches, base == 0 { position = 3 }
        return true
    }
}
