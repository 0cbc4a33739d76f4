internal import CLibXML2
import DataMapperCore

// The counting pass of `XMLPieceReader`: one parse of the whole input, made exactly as
// `LibXML2Reader.read` makes it (same checks, parser, options and error handling), so
// that it fails where and as reading fails, but with callbacks that build no tree and
// feed an `XMLOpeningCounter` instead.

extension LibXML2Reader {
    /// Which elements of `bytes` to open, and their entries; a plan that opens nothing
    /// when libxml2 converted the input from another encoding, since the walk finds
    /// positions in the input's own bytes.
    /// - Throws: ``DataMapperError`` as ``read(_:options:)`` throws it for `bytes`.
    static func openingPlan(of bytes: UnsafeRawBufferPointer, options: XMLSerializer.Options, threshold: Int) throws -> XMLOpeningPlan {
        try parseWhole(bytes, options: options) { handler, context in
            handler.startElementNs = countingStartCallback
            handler.endElementNs = countingEndCallback
            handler.characters = countingCharactersCallback
            handler.ignorableWhitespace = countingCharactersCallback
            handler.cdataBlock = countingCharactersCallback
            handler.comment = commentCallback
            handler.processingInstruction = processingInstructionCallback
            let textID = context.builder.intern(options.textKey)
            context.counter = XMLOpeningCounter(threshold: threshold, options: options, textID: textID)
        } result: { context in
            guard let counter = context.counter, counter.isFinished else { return nil }
            var plan = counter.finishedPlan(names: context.builder.names, unwrapsRoot: options.unwrapsRoot)
            if context.isConverted { plan.openings = [:] }
            return plan
        }
    }
}

extension SAXContext {
    /// Whether libxml2 reads the input through an encoding converter.
    var isConverted: Bool {
        parser.pointee.input?.pointee.buf?.pointee.encoder != nil
    }

    /// The offset in the whole input of the parser's place.
    func inputOffset() -> Int {
        guard let input = parser.pointee.input, let cursor = input.pointee.cur, let base = input.pointee.base else { return 0 }
        return Int(input.pointee.consumed) + (cursor - base)
    }

    /// An element has started: counted, after the depth check the tree builder makes.
    mutating func countElement(
        local: UnsafePointer<xmlChar>,
        prefix: UnsafePointer<xmlChar>?,
        namespaceCount: Int,
        namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
        attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        let (keyID, nameLength) = elementKey(prefix: prefix, local: local)
        guard let isFull = counter?.isFull, !isFull else {
            let openKeys = counter?.openKeys ?? []
            let limit = max(1, builder.options.limits.maxDepth)
            let position = Self.startTagPosition(of: parser, nameLength: nameLength)
            fail(XMLTreeBuilder.depthError(limit: limit, path: builder.path(of: openKeys + [keyID]), at: position))
            return
        }
        let offset = inputOffset()
        counter?.startElement(keyID, contentAt: offset)
        if namespaceCount > 0 || attributeCount > 0 {
            addAttributes(
                at: .unknown, namespaceCount: namespaceCount, namespaces: namespaces,
                attributeCount: attributeCount, attributes: attributes, to: .counter
            )
        }
    }
}

private let countingStartCallback: startElementNsSAX2Func = { raw, local, prefix, _, namespaceCount, namespaces, attributeCount, _, attributes in
    guard let context = sax(raw), let local else { return }
    context.pointee.countElement(
        local: local, prefix: prefix,
        namespaceCount: Int(namespaceCount), namespaces: namespaces,
        attributeCount: Int(attributeCount), attributes: attributes
    )
}

private let countingEndCallback: endElementNsSAX2Func = { raw, _, _, _ in
    guard let context = sax(raw) else { return }
    let offset = context.pointee.inputOffset()
    let names = context.pointee.builder.names
    context.pointee.counter?.endElement(contentEndingAt: offset, names: names)
}

private let countingCharactersCallback: charactersSAXFunc = { raw, bytes, count in
    guard let context = sax(raw), let bytes, count > 0 else { return }
    context.pointee.counter?.characters(UnsafeBufferPointer(start: bytes, count: Int(count)))
}
