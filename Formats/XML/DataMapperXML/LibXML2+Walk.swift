internal import CLibXML2
import DataMapperCore

// The walk of `XMLPieceReader`: libxml2's push parser, fed the input a chunk at a
// time, with callbacks that tell the opened elements as pieces (`XMLPieceWalk`) and
// build every other element with the tree builder, through the same code the tree
// reader's callbacks run. The push parser drops the bytes it has read, so start tags
// are found in the whole input, which the reader holds, at libxml2's offset in it.

/// A push parser over one document, owning libxml2's context and ours until it is
/// dropped. Used by one reader at a time.
final class XMLPushParser {
    private let parser: xmlParserCtxtPtr
    private let context: UnsafeMutablePointer<SAXContext>

    /// A parser that walks by `plan`, given the input's first bytes (`head`, at most a
    /// few, for libxml2 to guess the encoding from), which it does not parse yet.
    init(plan: XMLOpeningPlan, options: XMLSerializer.Options, head: UnsafeRawBufferPointer) throws(DataMapperError) {
        _ = LibXML2Reader.initialized
        var handler = SAXContext.makeHandler()
        handler.startElementNs = walkingStartCallback
        handler.endElementNs = walkingEndCallback
        handler.characters = walkingCharactersCallback
        handler.ignorableWhitespace = walkingCharactersCallback
        handler.cdataBlock = walkingCharactersCallback
        let context = UnsafeMutablePointer<SAXContext>.allocate(capacity: 1)
        // libxml2 keeps the handler's copy and `context` as user data; it calls nothing
        // before the first chunk is parsed, by which time `context` is initialized.
        let created = head.withMemoryRebound(to: CChar.self) { bytes in
            xmlCreatePushParserCtxt(&handler, UnsafeMutableRawPointer(context), bytes.baseAddress, Int32(bytes.count), nil)
        }
        guard let parser = created else {
            context.deallocate()
            throw DataMapperError(.limitExceeded, message: "libxml2 could not allocate a parser")
        }
        self.parser = parser
        self.context = context
        context.initialize(to: SAXContext(builder: XMLTreeBuilder(options: options), parser: parser))
        context.pointee.walk = XMLPieceWalk(plan: plan, options: options)
        _ = xmlCtxtUseOptions(parser, Int32(XML_PARSE_NONET.rawValue))
        parser.pointee.sax?.pointee = handler
        parser.pointee.userData = UnsafeMutableRawPointer(context)
    }

    deinit {
        if let document = parser.pointee.myDoc {
            xmlFreeDoc(document)
            parser.pointee.myDoc = nil
        }
        xmlFreeParserCtxt(parser)
        context.deinitialize(count: 1)
        context.deallocate()
    }

    /// Parses `chunk`, the next bytes of `input`; `terminate` says they are the last.
    /// - Throws: ``DataMapperError`` for the first fault libxml2 or the walk finds.
    func feed(_ chunk: UnsafeRawBufferPointer, of input: UnsafeRawBufferPointer, terminate: Bool) throws(DataMapperError) {
        context.pointee.input = input
        defer { context.pointee.input = nil }
        let savedHandlers = datamapper_errors_redirect(contextFreeError, UnsafeMutableRawPointer(context))
        _ = xmlParseChunk(parser, chunk.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(chunk.count), terminate ? 1 : 0)
        datamapper_errors_restore(savedHandlers)
        if let failure = context.pointee.failure { throw failure }
        if let mismatch = context.pointee.walk?.mismatch {
            throw DataMapperError(.syntax, message: "the XML piece reader lost its place: \(mismatch)")
        }
        // Namespace errors leave `wellFormed` alone; they are no failure, as in reading.
        if parser.pointee.wellFormed == 0 { throw context.pointee.lastError(of: parser) }
    }

    /// The next piece the walk has queued.
    func nextPiece() -> DocumentPiece? {
        context.pointee.walk?.next()
    }
}

extension SAXContext {
    /// Where the start tag that the parser has just read begins, found in `input`, the
    /// whole input, as ``startTagPosition(of:nameLength:)`` finds it in a buffer that
    /// holds everything.
    func inputTagPosition(nameLength: Int) -> SourcePosition {
        guard let whole = input, let start = whole.baseAddress, let cursorInput = parser.pointee.input else { return .unknown }
        let cursor = inputOffset()
        guard cursor <= whole.count else { return .unknown }
        let line = Int(cursorInput.pointee.line)
        let column = Int(cursorInput.pointee.col)
        let base = start.assumingMemoryBound(to: UInt8.self)
        let guess = cursor - 1 - nameLength
        if guess >= 0, base[guess] == UInt8(ascii: "<") {
            return .text(line: line, column: max(1, column - 1 - nameLength))
        }
        return Self.searchedTagPosition(cursor: base + cursor, base: base, line: line, column: column)
    }

    /// An element has started: opened by the walk, or built.
    mutating func walkElement(
        local: UnsafePointer<xmlChar>,
        prefix: UnsafePointer<xmlChar>?,
        namespaceCount: Int,
        namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
        attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        let (keyID, nameLength) = elementKey(prefix: prefix, local: local)
        let position = inputTagPosition(nameLength: nameLength)
        if builder.depth > 0 {
            walk?.skipElement()
        } else if walk?.startElement(builder.names[Int(keyID)], keyID: keyID, at: position) == true {
            if namespaceCount > 0 || attributeCount > 0 {
                addAttributes(
                    at: position, namespaceCount: namespaceCount, namespaces: namespaces,
                    attributeCount: attributeCount, attributes: attributes, to: .walk
                )
            }
            builder.enclose(in: walk?.openKeys ?? [])
            return
        }
        buildElement(
            keyID, at: position, namespaceCount: namespaceCount, namespaces: namespaces,
            attributeCount: attributeCount, attributes: attributes
        )
    }

    /// An element has ended: a built one (handed to the walk when it is a whole
    /// child), or an opened one.
    mutating func walkEndElement() {
        guard builder.depth == 0 else {
            builder.endElement()
            guard builder.depth == 0 else { return }
            guard let value = builder.takeResult() else {
                return fail(DataMapperError(.syntax, message: "the XML piece reader lost its place: a child without a value"))
            }
            walk?.childEnded(with: value)
            return
        }
        walk?.endElement()
        builder.enclose(in: walk?.openKeys ?? [])
    }
}

private let walkingStartCallback: startElementNsSAX2Func = { raw, local, prefix, _, namespaceCount, namespaces, attributeCount, _, attributes in
    guard let context = sax(raw), let local else { return }
    context.pointee.walkElement(
        local: local, prefix: prefix,
        namespaceCount: Int(namespaceCount), namespaces: namespaces,
        attributeCount: Int(attributeCount), attributes: attributes
    )
}

private let walkingEndCallback: endElementNsSAX2Func = { raw, _, _, _ in
    sax(raw)?.pointee.walkEndElement()
}

private let walkingCharactersCallback: charactersSAXFunc = { raw, bytes, count in
    guard let context = sax(raw), let bytes, count > 0 else { return }
    let text = UnsafeBufferPointer(start: bytes, count: Int(count))
    if context.pointee.builder.depth > 0 {
        context.pointee.builder.characters(text)
    } else {
        context.pointee.walk?.characters(text)
    }
}
