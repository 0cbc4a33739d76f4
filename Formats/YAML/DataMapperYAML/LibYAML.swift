internal import CYAML
import DataMapperCore
import Foundation

// Every call into libyaml lives in this file. It offers two Swift types, a parser and
// an emitter, that own their C context and free it in `deinit`; nothing of C (types,
// pointers, status codes) is visible outside. libyaml counts lines and columns from 0;
// they are shifted to 1-based positions here, once.

// MARK: - Events

/// What the parser has just read; the details are asked from ``LibYAMLParser``.
enum YAMLEventKind {
    case streamStart
    case streamEnd
    case documentStart
    case documentEnd
    case alias
    case scalar
    case sequenceStart
    case sequenceEnd
    case mappingStart
    case mappingEnd
}

/// A place in the input as libyaml counts it: `index` in characters from the start
/// (a byte order mark not counted), `line` and `column` from 0.
struct YAMLMark {
    var index: Int
    var line: Int
    var column: Int
}

/// How a scalar is written in the source, or how the writer asks for it to be written.
enum YAMLScalarStyle {
    /// Let the emitter choose (plain when it can).
    case any
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded
}

// MARK: - Parser

/// A libyaml event parser over bytes that stay alive while it runs.
///
/// Made only by ``withParser(over:_:)``, which keeps the input bytes pinned for the
/// parser's whole life. Each call to ``next()`` frees the previous event; the
/// accessors describe the current one.
final class LibYAMLParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let event: UnsafeMutablePointer<yaml_event_t>
    private var holdsEvent = false
    /// The input; borrowed from `withParser`, whose closure outlives this object's use.
    private let input: UnsafeRawBufferPointer
    /// Added to every line reported, so that a piece of a stream parsed alone reports
    /// the lines of the whole stream; 0 for a whole input.
    private let lineOffset: Int

    private init(input: UnsafeRawBufferPointer, lineOffset: Int = 0) throws {
        parser = .allocate(capacity: 1)
        event = .allocate(capacity: 1)
        self.input = input
        self.lineOffset = lineOffset
        guard yaml_parser_initialize(parser) == 1 else {
            parser.deallocate()
            event.deallocate()
            throw DataMapperError(.limitExceeded, message: "libyaml could not allocate a parser")
        }
        // Invariant: `input.baseAddress` is non-nil (see `withParser`) and stays valid
        // until `body` returns, after which this object is no longer used.
        if let base = input.baseAddress {
            yaml_parser_set_input_string(parser, base.assumingMemoryBound(to: UInt8.self), input.count)
        }
    }

    deinit {
        if holdsEvent { yaml_event_delete(event) }
        yaml_parser_delete(parser)
        parser.deallocate()
        event.deallocate()
    }

    /// Runs `body` with a parser reading `data`; the parser must not escape `body`.
    static func withParser<Result>(over data: Data, _ body: (LibYAMLParser) throws -> Result) throws -> Result {
        if data.isEmpty {
            // libyaml wants a non-null input pointer even for empty input.
            let placeholder: [UInt8] = [0]
            return try placeholder.withUnsafeBytes { bytes in
                try body(LibYAMLParser(input: UnsafeRawBufferPointer(rebasing: bytes[0..<0])))
            }
        }
        return try data.withUnsafeBytes { bytes in
            try body(LibYAMLParser(input: bytes))
        }
    }

    /// Runs `body` with a parser reading `bytes`, which must not be empty and must stay
    /// valid until `body` returns; reported lines are shifted by `lineOffset`.
    static func withParser<Result>(
        overBytes bytes: UnsafeRawBufferPointer, lineOffset: Int, _ body: (LibYAMLParser) throws -> Result
    ) throws -> Result {
        guard bytes.baseAddress != nil, !bytes.isEmpty else {
            throw DataMapperError(.syntax, message: "libyaml needs at least one byte to read here")
        }
        return try body(LibYAMLParser(input: bytes, lineOffset: lineOffset))
    }

    /// A parser reading `bytes`, which must not be empty and which the caller keeps
    /// valid, unmoved, for the parser's whole life (a piece reader pins its input).
    static func pinned(over bytes: UnsafeRawBufferPointer) throws -> LibYAMLParser {
        guard bytes.baseAddress != nil, !bytes.isEmpty else {
            throw DataMapperError(.syntax, message: "libyaml needs at least one byte to read here")
        }
        return try LibYAMLParser(input: bytes)
    }

    /// Reads the next event.
    /// - Throws: ``DataMapperError`` of kind syntax (bad YAML, invalid UTF-8) or
    ///   limitExceeded (out of memory), with the line and column libyaml reports.
    @inline(__always)
    func next() throws -> YAMLEventKind {
        if holdsEvent {
            yaml_event_delete(event)
            holdsEvent = false
        }
        guard yaml_parser_parse(parser, event) == 1 else { throw currentError() }
        holdsEvent = true
        switch event.pointee.type {
        case YAML_SCALAR_EVENT: return .scalar
        case YAML_MAPPING_START_EVENT: return .mappingStart
        case YAML_MAPPING_END_EVENT: return .mappingEnd
        case YAML_SEQUENCE_START_EVENT: return .sequenceStart
        case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
        case YAML_ALIAS_EVENT: return .alias
        case YAML_DOCUMENT_START_EVENT: return .documentStart
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_STREAM_END_EVENT: return .streamEnd
        default:
            throw DataMapperError(
                .syntax,
                message: "libyaml reported an event this reader does not know (type \(event.pointee.type.rawValue))",
                location: SourceLocation(position: position)
            )
        }
    }

    /// Where the current event starts, 1-based.
    @inline(__always)
    var position: SourcePosition {
        let mark = event.pointee.start_mark
        return .text(line: mark.line + 1 + lineOffset, column: mark.column + 1)
    }

    /// Where the current event starts and ends, in libyaml's marks: characters from
    /// the start of the input (a byte order mark not counted), 0-based line and column.
    var marks: (start: YAMLMark, end: YAMLMark) {
        let start = event.pointee.start_mark
        let end = event.pointee.end_mark
        return (
            YAMLMark(index: Int(start.index), line: Int(start.line), column: Int(start.column)),
            YAMLMark(index: Int(end.index), line: Int(end.line), column: Int(end.column))
        )
    }

    /// Whether the current scalar is a block scalar (`|` or `>`), whose first line
    /// (its header) may end in a comment.
    var scalarIsBlock: Bool {
        let style = event.pointee.data.scalar.style
        return style == YAML_LITERAL_SCALAR_STYLE || style == YAML_FOLDED_SCALAR_STYLE
    }

    /// The length of the current scalar's text, in bytes.
    var scalarLength: Int {
        let scalar = event.pointee.data.scalar
        return scalar.value == nil ? 0 : scalar.length
    }

    /// The current scalar's text.
    var scalarText: String {
        let scalar = event.pointee.data.scalar
        guard let value = scalar.value, scalar.length > 0 else { return "" }
        return String(decoding: UnsafeBufferPointer(start: value, count: scalar.length), as: UTF8.self)
    }

    /// Runs `body` on the current scalar's UTF-8 bytes, which stay valid only during the
    /// call; lets plain numbers and booleans be resolved without making a `String` first.
    func withScalarBytes<Result, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
        let scalar = event.pointee.data.scalar
        return try body(UnsafeBufferPointer(start: scalar.value, count: scalar.value == nil ? 0 : scalar.length))
    }

    /// Whether the current scalar is written plain (neither quoted nor a block scalar).
    @inline(__always)
    var scalarIsPlain: Bool {
        event.pointee.data.scalar.style == YAML_PLAIN_SCALAR_STYLE
    }

    /// Whether the current scalar, collection start or alias has neither an anchor nor
    /// a tag: the common case, told without making either `String`.
    @inline(__always)
    var isBare: Bool {
        switch event.pointee.type {
        case YAML_SCALAR_EVENT:
            return event.pointee.data.scalar.anchor == nil && event.pointee.data.scalar.tag == nil
        case YAML_SEQUENCE_START_EVENT:
            return event.pointee.data.sequence_start.anchor == nil && event.pointee.data.sequence_start.tag == nil
        case YAML_MAPPING_START_EVENT:
            return event.pointee.data.mapping_start.anchor == nil && event.pointee.data.mapping_start.tag == nil
        default:
            return false
        }
    }

    /// Runs `body` on the UTF-8 bytes of the anchor of the current scalar, collection
    /// or alias, which stay valid only during the call; `nil` when there is no anchor.
    /// Lets an alias find its anchor without making a `String` of the name each time.
    func withAnchorBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let anchor: UnsafeMutablePointer<yaml_char_t>?
        switch event.pointee.type {
        case YAML_SCALAR_EVENT: anchor = event.pointee.data.scalar.anchor
        case YAML_SEQUENCE_START_EVENT: anchor = event.pointee.data.sequence_start.anchor
        case YAML_MAPPING_START_EVENT: anchor = event.pointee.data.mapping_start.anchor
        case YAML_ALIAS_EVENT: anchor = event.pointee.data.alias.anchor
        default: anchor = nil
        }
        guard let anchor else { return nil }
        let length = strlen(UnsafeRawPointer(anchor).assumingMemoryBound(to: CChar.self))
        return body(UnsafeBufferPointer(start: anchor, count: length))
    }

    /// The resolved tag (`tag:yaml.org,2002:int`, `!local`) of the current node, if written.
    var tag: String? {
        switch event.pointee.type {
        case YAML_SCALAR_EVENT: return Self.string(event.pointee.data.scalar.tag)
        case YAML_SEQUENCE_START_EVENT: return Self.string(event.pointee.data.sequence_start.tag)
        case YAML_MAPPING_START_EVENT: return Self.string(event.pointee.data.mapping_start.tag)
        default: return nil
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    /// The parser's failure as our error, positioned 1-based.
    private func currentError() -> DataMapperError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "an unknown problem"
        let context = state.context.map { String(cString: $0) }
        switch state.error {
        case YAML_MEMORY_ERROR:
            return DataMapperError(.limitExceeded, message: "libyaml ran out of memory")
        case YAML_READER_ERROR:
            var position = YAMLProblem.position(ofCharacterAround: state.problem_offset, in: input)
            if let line = position.line, let column = position.column {
                position = .text(line: line + lineOffset, column: column)
            }
            return DataMapperError(
                .syntax,
                message: YAMLProblem.readerMessage(problem, byte: state.problem_value),
                location: SourceLocation(position: position)
            )
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR, YAML_COMPOSER_ERROR:
            let mark = state.problem_mark
            let contextMark = state.context_mark
            return DataMapperError(
                .syntax,
                message: YAMLProblem.message(
                    problem,
                    context: context,
                    contextLine: context == nil ? nil : contextMark.line + 1 + lineOffset
                ),
                location: SourceLocation(position: .text(line: mark.line + 1 + lineOffset, column: mark.column + 1))
            )
        default:
            return DataMapperError(.syntax, message: YAMLProblem.message(problem, context: context, contextLine: nil))
        }
    }
}

// MARK: - Emitter

/// A libyaml emitter writing into a growing byte buffer.
final class LibYAMLEmitter {
    private let emitter: UnsafeMutablePointer<yaml_emitter_t>
    private let event: UnsafeMutablePointer<yaml_event_t>
    /// What libyaml has written so far; appended to by the output callback.
    fileprivate var output: [UInt8] = []
    /// Whether a scalar went through ``LibYAMLAstralCoding``, so `output` holds pairs
    /// to decode.
    private var coded = false

    /// An emitter that indents by `indent` (2...9) and folds lines longer than
    /// `lineWidth`, or never when `nil`.
    init(indent: Int, lineWidth: Int?) throws {
        emitter = .allocate(capacity: 1)
        event = .allocate(capacity: 1)
        guard yaml_emitter_initialize(emitter) == 1 else {
            emitter.deallocate()
            event.deallocate()
            throw DataMapperError(.limitExceeded, message: "libyaml could not allocate an emitter")
        }
        output.reserveCapacity(4096)
        yaml_emitter_set_unicode(emitter, 1)
        yaml_emitter_set_indent(emitter, Int32(clamping: indent))
        yaml_emitter_set_width(emitter, lineWidth.map { Int32(clamping: $0) } ?? -1)
        // Invariant: the context is this object, unretained; libyaml calls the handler
        // only from `emit`, while this object is alive.
        yaml_emitter_set_output(emitter, { context, buffer, size in
            guard let context else { return 0 }
            let owner = Unmanaged<LibYAMLEmitter>.fromOpaque(context).takeUnretainedValue()
            if let buffer, size > 0 {
                owner.output.append(contentsOf: UnsafeBufferPointer(start: buffer, count: size))
            }
            return 1
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        yaml_emitter_delete(emitter)
        emitter.deallocate()
        event.deallocate()
    }

    /// The bytes written so far, characters above U+FFFF written as themselves.
    var bytes: [UInt8] { coded ? LibYAMLAstralCoding.decode(output) : output }

    /// The bytes written so far, as ``bytes`` gives them, leaving the output empty for
    /// what comes next. libyaml flushes at the end of each document, so taken after a
    /// document's end the bytes hold whole characters and whole astral pairs.
    func takeBytes() -> [UInt8] {
        let taken = bytes
        output.removeAll(keepingCapacity: true)
        coded = false
        return taken
    }

    /// Like ``takeBytes()``, in the middle of a document: libyaml also hands bytes
    /// over whenever its buffer fills, which may cut a marker-and-carrier pair of
    /// ``LibYAMLAstralCoding``, so a pair begun in the last five bytes stays for the
    /// next call. Once a document has ended, ``takeBytes()`` takes the rest.
    func takeCompleteBytes() -> [UInt8] {
        guard coded else { return takeBytes() }
        var cut = output.count
        // A marker is EF B7 90...AF; no other byte sequence of the coded output starts
        // with EF B7 there (carriers are E4...EC).
        for start in max(0, output.count - 5)..<output.count where output[start] == 0xEF {
            let second = start + 1 < output.count ? output[start + 1] : 0xB7
            let third = start + 2 < output.count ? output[start + 2] : 0x90
            if second == 0xB7, (0x90...0xAF).contains(third) {
                cut = start
                break
            }
        }
        let kept = Array(output[cut...])
        output.removeSubrange(cut...)
        let taken = LibYAMLAstralCoding.decode(output)
        // `coded` stays set: libyaml may still hold coded scalars it has not handed over.
        output = kept
        return taken
    }

    func streamStart() throws {
        try emit(yaml_stream_start_event_initialize(event, YAML_UTF8_ENCODING))
    }

    func streamEnd() throws {
        try emit(yaml_stream_end_event_initialize(event))
    }

    /// Starts a document, with a `---` marker unless `implicit`.
    func documentStart(implicit: Bool) throws {
        try emit(yaml_document_start_event_initialize(event, nil, nil, nil, implicit ? 1 : 0))
    }

    func documentEnd() throws {
        try emit(yaml_document_end_event_initialize(event, 1))
    }

    /// Writes a scalar.
    /// - Parameters:
    ///   - text: The scalar's content.
    ///   - tag: A full tag to write (`tag:yaml.org,2002:binary`), or `nil`.
    ///   - style: The style asked for; libyaml may pick a safer one.
    ///   - plainAllowed: Whether a plain rendering reads back as the same string.
    func scalar(_ text: String, tag: String?, style: YAMLScalarStyle, plainAllowed: Bool) throws {
        // libyaml takes the length as a C int.
        guard text.utf8.count <= Int(Int32.max) else {
            throw DataMapperError(.unsupported, message: "a string of \(text.utf8.count) bytes is longer than libyaml can write")
        }
        let styleValue = Self.cStyle(style)
        // A native string lends its bytes as it is; only a bridged one is copied first.
        let lent = text.utf8.withContiguousStorageIfAvailable { utf8 in
            initializeCodedScalar(utf8, tag: tag, style: styleValue, plainAllowed: plainAllowed)
        }
        let status: Int32
        if let lent {
            status = lent
        } else {
            var copy = text
            status = copy.withUTF8 { initializeCodedScalar($0, tag: tag, style: styleValue, plainAllowed: plainAllowed) }
        }
        try emit(status)
    }

    /// ``initializeScalar(_:tag:style:plainAllowed:)`` of the text as
    /// ``LibYAMLAstralCoding`` rewrites it, when it holds characters that need it.
    private func initializeCodedScalar(
        _ utf8: UnsafeBufferPointer<UInt8>, tag: String?, style: yaml_scalar_style_t, plainAllowed: Bool
    ) -> Int32 {
        guard LibYAMLAstralCoding.needsCoding(utf8) else {
            return initializeScalar(utf8, tag: tag, style: style, plainAllowed: plainAllowed)
        }
        let rewritten = LibYAMLAstralCoding.encode(utf8)
        // Refused as libyaml refuses any text whose length a C int cannot hold.
        guard rewritten.count <= Int(Int32.max) else { return 0 }
        coded = true
        return rewritten.withUnsafeBufferPointer { initializeScalar($0, tag: tag, style: style, plainAllowed: plainAllowed) }
    }

    /// Fills the event with a scalar of the bytes `utf8`, which libyaml copies.
    private func initializeScalar(
        _ utf8: UnsafeBufferPointer<UInt8>, tag: String?, style: yaml_scalar_style_t, plainAllowed: Bool
    ) -> Int32 {
        // libyaml asserts a non-null pointer even when the text is empty.
        var empty: UInt8 = 0
        return withUnsafeMutablePointer(to: &empty) { emptyPointer in
            let value = utf8.baseAddress.map { UnsafeMutablePointer(mutating: $0) } ?? emptyPointer
            guard let tag else {
                return yaml_scalar_event_initialize(
                    event, nil, nil, value, Int32(truncatingIfNeeded: utf8.count),
                    plainAllowed ? 1 : 0, 1, style
                )
            }
            return tag.withCString { tagPointer in
                tagPointer.withMemoryRebound(to: UInt8.self, capacity: tag.utf8.count + 1) { tagBytes in
                    yaml_scalar_event_initialize(
                        event, nil, UnsafeMutablePointer(mutating: tagBytes), value,
                        Int32(truncatingIfNeeded: utf8.count), 0, 0, style
                    )
                }
            }
        }
    }

    /// Starts a sequence, in flow style (`[a, b]`) or block style.
    func sequenceStart(flow: Bool) throws {
        try emit(yaml_sequence_start_event_initialize(
            event, nil, nil, 1, flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE
        ))
    }

    func sequenceEnd() throws {
        try emit(yaml_sequence_end_event_initialize(event))
    }

    /// Starts a mapping, in flow style (`{a: 1}`) or block style.
    func mappingStart(flow: Bool) throws {
        try emit(yaml_mapping_start_event_initialize(
            event, nil, nil, 1, flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE
        ))
    }

    func mappingEnd() throws {
        try emit(yaml_mapping_end_event_initialize(event))
    }

    /// Hands the initialised event to libyaml, which takes ownership of it either way.
    private func emit(_ initialized: Int32) throws {
        guard initialized == 1 else {
            throw DataMapperError(.unsupported, message: "libyaml refused to build an event (text too long or not UTF-8)")
        }
        guard yaml_emitter_emit(emitter, event) == 1 else {
            let problem = emitter.pointee.problem.map { String(cString: $0) } ?? "an unknown problem"
            if emitter.pointee.error == YAML_MEMORY_ERROR {
                throw DataMapperError(.limitExceeded, message: "libyaml ran out of memory while writing")
            }
            throw DataMapperError(.unsupported, message: "libyaml could not write the document: \(problem)")
        }
    }

    private static func cStyle(_ style: YAMLScalarStyle) -> yaml_scalar_style_t {
        switch style {
        case .any: return YAML_ANY_SCALAR_STYLE
        case .plain: return YAML_PLAIN_SCALAR_STYLE
        case .singleQuoted: return YAML_SINGLE_QUOTED_SCALAR_STYLE
        case .doubleQuoted: return YAML_DOUBLE_QUOTED_SCALAR_STYLE
        case .literal: return YAML_LITERAL_SCALAR_STYLE
        case .folded: return YAML_FOLDED_SCALAR_STYLE
        }
    }
}
