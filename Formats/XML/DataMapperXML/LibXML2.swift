internal import CLibXML2
import DataMapperCore
import Foundation

// Every call into libxml2 lives in this file. It offers one Swift entry point,
// `LibXML2Reader.read(_:options:)`, that owns a parser context for the length of one
// call and frees it before returning; nothing of C (types, pointers, status codes) is
// visible outside. libxml2 counts lines and columns from 1 already.
//
// Safe defaults, chosen on purpose (see the README's "XML" section):
// - The SAX2 handler is our own, per parser: no global callbacks, nothing printed to
//   stderr. Errors reach `serror`, the per-context structured error handler, and
//   become `DataMapperError`s with line and column. Errors libxml2 raises without a
//   context (encoding conversion, I/O) go to the calling thread's handlers, which
//   `read` points at `contextFreeError` for the length of the parse and then
//   restores (see shim.h).
// - Parser options: `XML_PARSE_NONET` (no network); NOT `XML_PARSE_NOENT` (entities
//   are never substituted), NOT `XML_PARSE_DTDLOAD`/`DTDATTR`/`DTDVALID` (no external
//   DTD is loaded, no defaults are taken from one), NOT `XML_PARSE_HUGE` (libxml2's
//   own caps stay on: 256 levels of nesting, 10 MB text nodes, long names).
// - Every entity declaration (`<!ENTITY ...>`, general or parameter, internal or
//   external) stops the parse with an error, as Python's xmltodict does by default.
//   This refuses "billion laughs" at its first declaration and guarantees that no
//   external entity (`SYSTEM "file:///etc/passwd"`) is ever resolved.
// - `resolveEntity` and `externalSubset` are refusing no-ops, so even a path around
//   the rule above reaches no loader. (libxml2's loader hook is process-wide; we do
//   not replace it, so other users of libxml2 in the process are left alone.)
// - The element depth is checked against `ParsingLimits.maxDepth` in our callback.

// MARK: - Reader

/// Reads one XML document into a ``SupportedType`` tree with libxml2's SAX2 parser.
enum LibXML2Reader {
    /// Makes sure libxml2's global tables are set up, once per process.
    static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Parses `data` by the xmltodict convention.
    /// - Throws: ``DataMapperError`` of kind syntax (malformed XML, invalid UTF-8, an
    ///   entity declaration), or limitExceeded (input size, nesting depth, attributes
    ///   of one element).
    static func read(_ data: Data, options: XMLSerializer.Options) throws -> SupportedType {
        try read(data, options: options, notingMarkup: false).value
    }

    /// Parses `data` as ``read(_:options:)`` does and, when `notingMarkup` is set, also
    /// returns the comments and processing instructions, which reading drops.
    static func read(_ data: Data, options: XMLSerializer.Options, notingMarkup: Bool) throws -> (value: SupportedType, markup: [XMLDroppedMarkup]) {
        try data.withUnsafeBytes { bytes in try read(bytes: bytes, options: options, notingMarkup: notingMarkup) }
    }

    /// Parses `bytes` as ``read(_:options:notingMarkup:)`` does.
    static func read(bytes: UnsafeRawBufferPointer, options: XMLSerializer.Options, notingMarkup: Bool) throws -> (value: SupportedType, markup: [XMLDroppedMarkup]) {
        try parseWhole(bytes, options: options) { handler, context in
            if notingMarkup {
                context.markup = []
                handler.comment = commentCallback
                handler.processingInstruction = processingInstructionCallback
            }
        } result: { context in
            context.builder.result.map { ($0, context.markup ?? []) }
        }
    }

    /// Parses `data` in one call of libxml2's pull parser with the handler every reader
    /// gets, as `setUp` changes it and the context, after the checks every reader makes
    /// first (input size, an empty document, an element crowded with attributes).
    /// Returns what `result` takes from the context after a parse without error.
    /// - Throws: ``DataMapperError`` as ``read(_:options:)``, for a parse that failed
    ///   or whose `result` is `nil`.
    static func parseWhole<Result>(
        _ bytes: UnsafeRawBufferPointer,
        options: XMLSerializer.Options,
        setUp: (inout xmlSAXHandler, inout SAXContext) -> Void,
        result: (inout SAXContext) -> Result?
    ) throws -> Result {
        try check(count: bytes.count, options: options)
        _ = initialized
        do {
            guard let base = bytes.baseAddress else {
                throw DataMapperError(.syntax, message: "the document is empty; XML needs a root element")
            }
            try checkAttributeCounts(in: bytes, options: options)
            // libxml2 copies the bytes into its own NUL-terminated buffer here.
            guard let parser = xmlCreateMemoryParserCtxt(base.assumingMemoryBound(to: CChar.self), Int32(bytes.count)) else {
                throw DataMapperError(.limitExceeded, message: "libxml2 could not allocate a parser")
            }
            let context = UnsafeMutablePointer<SAXContext>.allocate(capacity: 1)
            context.initialize(to: SAXContext(builder: XMLTreeBuilder(options: options), parser: parser))
            defer {
                if let document = parser.pointee.myDoc {
                    xmlFreeDoc(document)
                    parser.pointee.myDoc = nil
                }
                xmlFreeParserCtxt(parser)
                context.deinitialize(count: 1)
                context.deallocate()
            }
            let parserOptions = Int32(XML_PARSE_NONET.rawValue)
            _ = xmlCtxtUseOptions(parser, parserOptions)
            guard let handler = parser.pointee.sax else {
                throw DataMapperError(.limitExceeded, message: "libxml2 could not allocate a parser")
            }
            handler.pointee = SAXContext.makeHandler()
            setUp(&handler.pointee, &context.pointee)
            // Invariant: `context` outlives the parse (freed in the `defer` above), and
            // every callback below reads it through this pointer only.
            parser.pointee.userData = UnsafeMutableRawPointer(context)
            // Errors raised without a parser context (encoding conversion, I/O) go to
            // this thread's handlers, which would print them; for this call they come
            // to `structuredError` instead (see shim.h).
            let savedHandlers = datamapper_errors_redirect(contextFreeError, UnsafeMutableRawPointer(context))
            let status = xmlParseDocument(parser)
            datamapper_errors_restore(savedHandlers)
            if let failure = context.pointee.failure { throw LibXML2Problem.explainingEmpty(failure, in: bytes) }
            guard status == 0, parser.pointee.wellFormed != 0, let value = result(&context.pointee) else {
                throw LibXML2Problem.explainingEmpty(context.pointee.lastError(of: parser), in: bytes)
            }
            return value
        }
    }

    /// The checks made before libxml2 reads anything: the input's size, and that it
    /// is not empty.
    static func check(count: Int, options: XMLSerializer.Options) throws(DataMapperError) {
        guard count <= options.limits.maxInputBytes else {
            throw DataMapperError.Remedy.inputTooLarge(count, limit: options.limits.maxInputBytes, in: "XMLSerializer.Options.limits")
        }
        guard count <= Int(Int32.max) else {
            throw DataMapperError(
                .limitExceeded,
                message: "the input is \(count) bytes, more than the \(Int32.max) libxml2 reads; no option raises that, so split the document"
            )
        }
        guard count > 0 else {
            throw DataMapperError(.syntax, message: "the document is empty; XML needs a root element")
        }
    }

    /// Refuses a document with an element of more attributes than
    /// ``XMLSerializer/Options/maxAttributesPerElement`` before libxml2 reads it.
    static func checkAttributeCounts(in bytes: UnsafeRawBufferPointer, options: XMLSerializer.Options) throws(DataMapperError) {
        guard let crowded = CrowdedStartTag.find(in: bytes, limit: options.maxAttributesPerElement) else { return }
        throw DataMapperError(
            .limitExceeded,
            message: "the element has more than \(options.maxAttributesPerElement) attributes",
            location: SourceLocation(position: CrowdedStartTag.position(of: crowded, in: bytes)),
            remedy: DataMapperError.Remedy(
                .maxAttributesPerElement,
                advice: "raise XMLSerializer.Options.maxAttributesPerElement (now \(options.maxAttributesPerElement)) to allow more"
            )
        )
    }
}

// MARK: - SAX context

/// What the callbacks share: the tree being built, the parser (for positions), the
/// first failure, and caches from libxml2's interned name pointers to our key ids.
///
/// The piece reader's passes use it too, each with callbacks of its own: the counting
/// pass fills `counter` (the builder only names keys), the walk `walk`. The tree
/// reader's callbacks never look at either.
struct SAXContext: ~Copyable {
    var builder: XMLTreeBuilder
    let parser: xmlParserCtxtPtr
    var failure: DataMapperError?
    var elementCache = NameCache()
    var attributeCache = NameCache()
    /// The comments and processing instructions met, when asked for; `nil` otherwise.
    var markup: [XMLDroppedMarkup]?
    /// The piece reader's counting pass, during that pass.
    var counter: XMLOpeningCounter?
    /// The piece reader's walk, during the walk.
    var walk: XMLPieceWalk?
    /// The whole input, during a call that parses part of it in push mode; positions
    /// are then looked up in it rather than in libxml2's buffer, which drops what it
    /// has read.
    var input: UnsafeRawBufferPointer?

    init(builder: consuming XMLTreeBuilder, parser: xmlParserCtxtPtr) {
        self.builder = builder
        self.parser = parser
    }

    /// The handler every parser gets: SAX2 element callbacks, text and CDATA as
    /// characters, comments and processing instructions dropped, entity declarations
    /// refused, errors through `serror`.
    static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = startElementCallback
        handler.endElementNs = endElementCallback
        handler.characters = charactersCallback
        handler.ignorableWhitespace = charactersCallback
        handler.cdataBlock = charactersCallback
        handler.entityDecl = entityDeclaration
        handler.unparsedEntityDecl = unparsedEntityDeclaration
        handler.resolveEntity = refuseEntity
        handler.externalSubset = nil
        handler.getEntity = nil
        handler.getParameterEntity = nil
        handler.serror = structuredError
        return handler
    }

    /// Records `error` (the first one wins) and stops the parser.
    mutating func fail(_ error: DataMapperError) {
        if failure == nil { failure = error }
        xmlStopParser(parser)
    }

    /// Where the start tag that the parser has just read begins.
    ///
    /// libxml2 reports the element after its start tag, with the cursor at its `>`;
    /// a `<` cannot occur inside a tag, so the tag starts at the nearest `<` before.
    /// A tag without attributes is `<`, the name and the cursor; `nameLength` (the
    /// bytes of the qualified name) lets that common case skip the search: the byte
    /// that far back lies inside the tag, so it is a `<` only when it starts the tag.
    @inline(__always)
    static func startTagPosition(of parser: xmlParserCtxtPtr, nameLength: Int) -> SourcePosition {
        guard let input = parser.pointee.input, let cursor = input.pointee.cur, let base = input.pointee.base else {
            return .unknown
        }
        let column = Int(input.pointee.col)
        let guess = cursor - base - 1 - nameLength
        if guess >= 0, base[guess] == UInt8(ascii: "<") {
            return .text(line: Int(input.pointee.line), column: max(1, column - 1 - nameLength))
        }
        return searchedTagPosition(cursor: cursor, base: base, line: Int(input.pointee.line), column: column)
    }

    /// The start tag's position found by searching back for its `<` (a tag with
    /// attributes, or spaces before its `>`).
    @inline(never)
    static func searchedTagPosition(
        cursor: UnsafePointer<xmlChar>, base: UnsafePointer<xmlChar>, line: Int, column: Int
    ) -> SourcePosition {
        var line = line
        let floor = max(0, cursor - base - 65_536)
        var offset = cursor - base - 1
        var newlines = 0
        while offset >= floor, base[offset] != UInt8(ascii: "<") {
            if base[offset] == 0x0A { newlines += 1 }
            offset -= 1
        }
        guard offset >= floor else { return .text(line: line, column: column) }
        let tagStart = offset
        if newlines == 0 { return .text(line: line, column: max(1, column - (cursor - base - tagStart))) }
        line -= newlines
        var lineStart = tagStart
        while lineStart > 0, base[lineStart - 1] != 0x0A { lineStart -= 1 }
        return .text(line: line, column: tagStart - lineStart + 1)
    }

    /// Where the parser is now.
    func currentPosition() -> SourcePosition {
        guard let input = parser.pointee.input else { return .unknown }
        return .text(line: Int(input.pointee.line), column: Int(input.pointee.col))
    }

    /// The parser's own last error, for a failed parse that `serror` did not report.
    func lastError(of parser: xmlParserCtxtPtr) -> DataMapperError {
        let error = parser.pointee.lastError
        if error.code != 0 {
            return LibXML2Problem.error(code: Int(error.code), domain: Int(error.domain), message: error.message.map { String(cString: $0) }, line: Int(error.line), column: Int(error.int2))
        }
        return DataMapperError(.syntax, message: "the document has no root element", location: SourceLocation(position: currentPosition()))
    }
}

// MARK: - Name cache

/// Maps libxml2's interned name pointers (one pointer per distinct name in a parse)
/// to our key ids, in an open-addressing hash table kept at most half full.
///
/// A document can have thousands of distinct element names (citm_catalog.xml names
/// elements after ids), so the table grows instead of evicting.
struct NameCache {
    private struct Entry {
        var prefix: UInt = 0
        var local: UInt = 0
        var id: Int32 = -1
        var length: Int32 = 0
    }

    private var table = [Entry](repeating: Entry(), count: 256)
    private var used = 0

    @inline(__always)
    private static func hash(_ prefix: UInt, _ local: UInt) -> Int {
        let mixed = (local ^ (prefix &* 0x9E37_79B9_7F4A_7C15)) &* 0xD6E8_FEB8_6659_FD93
        return Int(truncatingIfNeeded: mixed >> 29)
    }

    /// The id and the stored length cached for a name, if any.
    @inline(__always)
    func lookup(prefix: UnsafePointer<xmlChar>?, local: UnsafePointer<xmlChar>) -> (id: Int32, length: Int)? {
        let prefixBits = UInt(bitPattern: prefix)
        let localBits = UInt(bitPattern: local)
        return table.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Self.hash(prefixBits, localBits) & mask
            while true {
                let entry = slots[slot]
                if entry.id < 0 { return nil }
                if entry.local == localBits, entry.prefix == prefixBits { return (entry.id, Int(entry.length)) }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Remembers the id of a name not stored yet, and a length to hand back with it.
    mutating func store(prefix: UnsafePointer<xmlChar>?, local: UnsafePointer<xmlChar>, id: Int32, length: Int) {
        if 2 * (used + 1) > table.count {
            let old = table
            table = [Entry](repeating: Entry(), count: 2 * old.count)
            for entry in old where entry.id >= 0 { insert(entry) }
        }
        insert(Entry(prefix: UInt(bitPattern: prefix), local: UInt(bitPattern: local), id: id, length: Int32(clamping: length)))
        used += 1
    }

    private mutating func insert(_ entry: Entry) {
        let mask = table.count - 1
        var slot = Self.hash(entry.prefix, entry.local) & mask
        while table[slot].id >= 0 { slot = (slot + 1) & mask }
        table[slot] = entry
    }
}

// MARK: - Events

extension SAXContext {
    /// An element has started: its key, then its namespace declarations and attributes.
    ///
    /// This runs for every element, so the common case (a known name, no attributes)
    /// is inlined into the callback and everything else is a call away.
    @inline(__always)
    mutating func startElement(
        local: UnsafePointer<xmlChar>,
        prefix: UnsafePointer<xmlChar>?,
        namespaceCount: Int,
        namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
        attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        let (keyID, nameLength) = elementKey(prefix: prefix, local: local)
        let position = Self.startTagPosition(of: parser, nameLength: nameLength)
        buildElement(
            keyID, at: position, namespaceCount: namespaceCount, namespaces: namespaces,
            attributeCount: attributeCount, attributes: attributes
        )
    }

    /// The key id of an element's name, and the name's length in bytes.
    @inline(__always)
    mutating func elementKey(prefix: UnsafePointer<xmlChar>?, local: UnsafePointer<xmlChar>) -> (Int32, Int) {
        if let (cachedID, cachedLength) = elementCache.lookup(prefix: prefix, local: local) {
            return (cachedID, cachedLength)
        }
        return internElement(prefix: prefix, local: local)
    }

    /// Opens the element `keyID` at `position` in the builder, with its attributes.
    @inline(__always)
    mutating func buildElement(
        _ keyID: Int32,
        at position: SourcePosition,
        namespaceCount: Int,
        namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
        attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        do {
            try builder.startElement(keyID, at: position)
        } catch let error as DataMapperError {
            fail(error)
            return
        } catch {
            return
        }
        if namespaceCount > 0 || attributeCount > 0 {
            addAttributes(
                at: position, namespaceCount: namespaceCount, namespaces: namespaces,
                attributeCount: attributeCount, attributes: attributes, to: .builder
            )
        }
    }

    /// The key id of an element name met for the first time, and its length in bytes.
    @inline(never)
    private mutating func internElement(prefix: UnsafePointer<xmlChar>?, local: UnsafePointer<xmlChar>) -> (Int32, Int) {
        let name = qualifiedName(prefix: prefix, local: local)
        let keyID = builder.intern(XMLName.unescaped(name))
        let nameLength = name.utf8.count
        elementCache.store(prefix: prefix, local: local, id: keyID, length: nameLength)
        return (keyID, nameLength)
    }

    /// Where the attributes of an element go.
    enum AttributeSink {
        /// Into the builder's innermost open element.
        case builder
        /// Their keys alone into the counting pass.
        case counter
        /// As pieces of the element the walk has just opened.
        case walk
    }

    /// Hands `value` under the key `id` to `sink`.
    private mutating func attribute(_ id: Int32, value: @autoclosure () -> String, at position: SourcePosition, to sink: AttributeSink) {
        switch sink {
        case .builder: builder.attribute(id, value: value(), at: position)
        case .counter: counter?.attribute(id)
        case .walk: walk?.attribute(builder.names[Int(id)], value: value(), at: position)
        }
    }

    /// Adds the namespace declarations and attributes of the element just opened, in
    /// the order the tree holds them: namespace declarations first.
    @inline(never)
    mutating func addAttributes(
        at position: SourcePosition,
        namespaceCount: Int,
        namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
        attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
        to sink: AttributeSink
    ) {
        if namespaceCount > 0, let namespaces {
            let attributePrefix = builder.options.attributePrefix
            // Namespace declarations come first: libxml2 reports them apart from the
            // other attributes, so their place among those is not known.
            for index in 0..<namespaceCount {
                let declared = namespaces[2 * index]
                let key = attributePrefix + (declared.map { XMLName.unescaped("xmlns:" + String(cString: $0)) } ?? "xmlns")
                // libxml2 hands a declaration's value over as it does other attribute
                // values, with `&` kept as `&#38;`.
                let uri = namespaces[2 * index + 1].map { attributeValue(UnsafeBufferPointer(start: $0, count: strlen($0))) } ?? ""
                let id = builder.intern(key)
                attribute(id, value: uri, at: position, to: sink)
            }
        }
        if attributeCount > 0, let attributes {
            // Five pointers per attribute: local name, prefix, URI, value start, value end.
            for index in 0..<attributeCount {
                let base = 5 * index
                guard let name = attributes[base], let start = attributes[base + 3], let end = attributes[base + 4] else { continue }
                let namePrefix = attributes[base + 1]
                let id: Int32
                if let (cachedID, _) = attributeCache.lookup(prefix: namePrefix, local: name) {
                    id = cachedID
                } else {
                    id = builder.intern(builder.options.attributePrefix + XMLName.unescaped(qualifiedName(prefix: namePrefix, local: name)))
                    attributeCache.store(prefix: namePrefix, local: name, id: id, length: 0)
                }
                attribute(id, value: attributeValue(UnsafeBufferPointer(start: start, count: end - start)), at: position, to: sink)
            }
        }
    }
}

// MARK: - Callbacks

/// The SAX context behind a callback's `ctx` argument.
@inline(__always)
func sax(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<SAXContext>? {
    raw?.assumingMemoryBound(to: SAXContext.self)
}

/// `prefix:local`, or `local` alone.
func qualifiedName(prefix: UnsafePointer<xmlChar>?, local: UnsafePointer<xmlChar>) -> String {
    let name = String(cString: local)
    guard let prefix else { return name }
    return String(cString: prefix) + ":" + name
}

private let startElementCallback: startElementNsSAX2Func = { raw, local, prefix, _, namespaceCount, namespaces, attributeCount, _, attributes in
    guard let context = sax(raw), let local else { return }
    context.pointee.startElement(
        local: local, prefix: prefix,
        namespaceCount: Int(namespaceCount), namespaces: namespaces,
        attributeCount: Int(attributeCount), attributes: attributes
    )
}

/// An attribute value as libxml2 hands it over.
///
/// Without entity substitution libxml2 keeps a `&` written as `&amp;` or `&#38;` in
/// the value as the reference `&#38;` (its tree builder decodes it later); every
/// other reference is decoded already, and entity declarations are refused, so
/// `&#38;` is the only sequence left to decode.
func attributeValue(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    guard bytes.contains(UInt8(ascii: "&")) else { return text }
    return text.replacingOccurrences(of: "&#38;", with: "&")
}

private let endElementCallback: endElementNsSAX2Func = { raw, _, _, _ in
    sax(raw)?.pointee.builder.endElement()
}

private let charactersCallback: charactersSAXFunc = { raw, bytes, count in
    guard let context = sax(raw), let bytes, count > 0 else { return }
    context.pointee.builder.characters(UnsafeBufferPointer(start: bytes, count: Int(count)))
}

/// Set only when dropped markup is noted (see `LibXML2Reader.read(_:options:notingMarkup:)`).
let commentCallback: commentSAXFunc = { raw, text in
    guard let context = sax(raw) else { return }
    let body = text.map { String(cString: $0) } ?? ""
    context.pointee.noteMarkup(.comment, body, opener: [UInt8(ascii: "<"), UInt8(ascii: "!"), UInt8(ascii: "-"), UInt8(ascii: "-")])
}

/// Set only when dropped markup is noted; libxml2 does not report the XML declaration here.
let processingInstructionCallback: processingInstructionSAXFunc = { raw, target, data in
    guard let context = sax(raw) else { return }
    let name = target.map { String(cString: $0) } ?? ""
    let body = data.map { " " + String(cString: $0) } ?? ""
    context.pointee.noteMarkup(.processingInstruction, name + body, opener: [UInt8(ascii: "<"), UInt8(ascii: "?")])
}

extension SAXContext {
    /// Notes a comment or processing instruction the parser has just read, at the
    /// nearest `opener` before the parser's place, inside the elements open now.
    mutating func noteMarkup(_ kind: XMLDroppedMarkup.Kind, _ text: String, opener: [UInt8]) {
        let position = markupPosition(opener: opener)
        if counter != nil {
            counter?.note(XMLDroppedMarkup(kind: kind, text: text, position: position, elements: []))
            return
        }
        markup?.append(XMLDroppedMarkup(kind: kind, text: text, position: position, elements: builder.openElements()))
    }

    /// Where the comment or processing instruction the parser has just read starts:
    /// at the nearest `opener` before the parser's place.
    func markupPosition(opener: [UInt8]) -> SourcePosition {
        var position = currentPosition()
        if let input = parser.pointee.input, let cursor = input.pointee.cur, let base = input.pointee.base {
            var offset = cursor - base - opener.count
            while offset >= 0, !opener.indices.allSatisfy({ base[offset + $0] == opener[$0] }) { offset -= 1 }
            if offset >= 0 {
                var line = Int(input.pointee.line)
                var lineStart = offset
                for index in offset..<(cursor - base) where base[index] == 0x0A { line -= 1 }
                while lineStart > 0, base[lineStart - 1] != 0x0A { lineStart -= 1 }
                position = .text(line: line, column: offset - lineStart + 1)
            }
        }
        return position
    }
}

let entityDeclaration: entityDeclSAXFunc = { raw, name, _, _, systemID, _ in
    guard let context = sax(raw) else { return }
    let entity = name.map { String(cString: $0) } ?? ""
    let external = systemID.map { " (SYSTEM \"\(String(cString: $0))\")" } ?? ""
    context.pointee.fail(DataMapperError(
        .unsupported,
        message: "the document declares the entity '\(entity)'\(external); entity declarations are refused, so no entity is ever expanded or loaded",
        location: SourceLocation(position: context.pointee.currentPosition())
    ))
}

/// An unparsed entity (`<!ENTITY u SYSTEM "…" NDATA n>`) reaches its own callback,
/// and is refused like every other entity declaration.
let unparsedEntityDeclaration: unparsedEntityDeclSAXFunc = { raw, name, publicID, systemID, _ in
    entityDeclaration(raw, name, 0, publicID, systemID, nil)
}

let refuseEntity: resolveEntitySAXFunc = { _, _, _ in nil }

let structuredError: xmlStructuredErrorFunc = { raw, error in
    guard let context = sax(raw), let problem = problem(error) else { return }
    guard context.pointee.failure == nil else { return }
    context.pointee.fail(problem)
}

/// The handler of errors libxml2 raises without a parser context, such as a failed
/// encoding conversion. It only records the error: stopping the parser from inside a
/// conversion leaves libxml2 reading freed input. The parse fails on its own anyway.
let contextFreeError: xmlStructuredErrorFunc = { raw, error in
    guard let context = sax(raw), var problem = problem(error), context.pointee.failure == nil else { return }
    // Raised without a parser, it carries no line: the parser's place is where it happened.
    if problem.location == nil { problem.location = SourceLocation(position: context.pointee.currentPosition()) }
    context.pointee.failure = problem
}

/// Our error for libxml2's, or `nil` for what is no failure: warnings, and namespace
/// errors (an undeclared prefix), since names keep their prefix as written, as
/// xmltodict keeps them.
private func problem(_ error: xmlErrorPtr?) -> DataMapperError? {
    guard let details = error?.pointee else { return nil }
    guard details.level.rawValue >= XML_ERR_ERROR.rawValue, details.domain != Int32(XML_FROM_NAMESPACE.rawValue) else { return nil }
    return LibXML2Problem.error(
        code: Int(details.code),
        domain: Int(details.domain),
        message: details.message.map { String(cString: $0) },
        line: Int(details.line),
        column: Int(details.int2)
    )
}
