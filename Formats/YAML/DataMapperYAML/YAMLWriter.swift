import DataMapperCore
import Foundation

/// Writes ``SupportedType`` trees as YAML through libyaml's emitter.
///
/// Scalars are written so that reading them back, in either schema, gives the same
/// value: numbers, booleans and null plain; strings plain only when
/// ``YAMLScalarResolver/isSafePlainString(_:)`` allows it (libyaml then adds quotes for
/// its own syntax reasons), single- or double-quoted otherwise; strings with line
/// breaks as literal blocks (`|`) where libyaml can, double-quoted where it cannot;
/// binary data as `!!binary` base64 and timestamps as `!!timestamp`. Text is written as
/// UTF-8 with every printable character as itself, emoji and other characters above
/// U+FFFF included (see ``LibYAMLAstralCoding``).
///
/// Nesting is followed on a stack of open collections kept on the heap (see
/// ``OpenCollection``), not by one call per level, so a value as deep as
/// ``ParsingLimits/maxDepth`` allows takes no more of the thread's stack than a flat one.
struct YAMLWriter {
    let options: YAMLSerializer.Options
    private let emitter: LibYAMLEmitter
    /// The collections whose entries are being written, outermost first.
    private var open: [OpenCollection] = []
    /// How many collections, opened by pieces, the value being written is inside.
    private var baseDepth = 0

    static let binaryTag = YAMLTreeBuilder.standardTagPrefix + "binary"
    static let timestampTag = YAMLTreeBuilder.standardTagPrefix + "timestamp"

    init(options: YAMLSerializer.Options) throws {
        self.options = options
        emitter = try LibYAMLEmitter(indent: options.indent, lineWidth: options.lineWidth)
    }

    /// Writes `documents`, the first starting implicitly and each later one with a
    /// `---` line. As a stream, an error's path starts with the index of its document. Errors point at where the value at fault was read from.
    mutating func write(_ documents: [SupportedType], asStream: Bool) throws -> Data {
        try startStream()
        for (index, document) in documents.enumerated() {
            do {
                try writeDocument(document, implicit: index == 0)
            } catch let error as DataMapperError {
                throw asStream ? error.under(.index(index)) : error
            }
        }
        try endStream()
        return Data(emitter.bytes)
    }

    /// Starts the stream; call once, before the first document.
    func startStream() throws {
        try emitter.streamStart()
    }

    /// Writes one document of the stream, starting with a `---` line unless
    /// `implicit`. Its bytes are all out (see ``takeBytes()``) when this returns.
    /// Errors point at where the value at fault was read from.
    mutating func writeDocument(_ document: SupportedType, implicit: Bool) throws {
        do {
            try emitter.documentStart(implicit: implicit)
            baseDepth = 0
            try write(document)
            try emitter.documentEnd()
        } catch let error as DataMapperError {
            throw error.locatingValue(in: document)
        }
    }

    /// Ends the stream; call once, after the last document.
    func endStream() throws {
        try emitter.streamEnd()
    }

    /// The bytes written since the last call, which no longer holds them.
    func takeBytes() -> [UInt8] {
        emitter.takeBytes()
    }

    // MARK: - Pieces

    /// Starts a document told piece by piece, with a `---` line unless `implicit`.
    func startDocument(implicit: Bool) throws {
        try emitter.documentStart(implicit: implicit)
    }

    /// Ends a document told piece by piece.
    func endDocument() throws {
        try emitter.documentEnd()
    }

    /// Starts a sequence or mapping opened by a piece, inside `depth` collections.
    mutating func openCollection(isMapping: Bool, depth: Int) throws {
        baseDepth = depth
        try checkDepth()
        if isMapping {
            try emitter.mappingStart(flow: options.outputStyle == .flow)
        } else {
            try emitter.sequenceStart(flow: options.outputStyle == .flow)
        }
    }

    /// Ends a sequence or mapping opened by a piece.
    func closeCollection(isMapping: Bool) throws {
        if isMapping { try emitter.mappingEnd() } else { try emitter.sequenceEnd() }
    }

    /// Writes a mapping key given as a piece.
    func key(_ key: String) throws {
        try string(key)
    }

    /// Writes a whole value given as a piece, inside `depth` collections; an error's
    /// path runs from the value.
    mutating func writeItem(_ value: SupportedType, depth: Int) throws {
        baseDepth = depth
        try write(value)
    }

    /// The bytes libyaml has handed over so far, all but the start of a character
    /// pair it may have cut (see ``LibYAMLEmitter/takeCompleteBytes()``).
    func takeCompleteBytes() -> [UInt8] {
        emitter.takeCompleteBytes()
    }

    // MARK: - Walking

    /// Writes `value` and everything in it.
    ///
    /// Invariant: `open` holds exactly the collections whose end event is still to
    /// come, outermost first; its count is the depth of the value being written.
    private mutating func write(_ value: SupportedType) throws {
        do {
            _ = try start(value)
            while !open.isEmpty { try continueInnermost() }
        } catch let error as DataMapperError {
            throw error.nested(under: openPath())
        }
    }

    /// The path of the value being written when an error was thrown: the entry each
    /// open collection was writing.
    private func openPath() -> DataPath {
        var components: [DataPath.Component] = []
        for collection in open where collection.child >= 0 {
            components.append(collection.isMapping ? .key(collection.map.keys[collection.child]) : .index(collection.child))
        }
        return DataPath(components)
    }

    /// Writes entries of the innermost open collection until one of them opens a
    /// collection in turn; once none is left, ends it and takes it off the stack.
    ///
    /// Scalars are written as they come; only an entry holding a collection is recorded
    /// as the one being written, for an error's path.
    private mutating func continueInnermost() throws {
        let top = open.count - 1
        // The entry written last, if any, is done.
        open[top].child = -1
        if open[top].isMapping {
            // A copy of the map (its storage retained once) keeps `open` free to change
            // while its keys and values are lent.
            let map = open[top].map
            let order = open[top].order
            let done = try map.withUnsafeKeysAndValues { keys, values in
                var next = open[top].next
                while let position = try writeScalarEntries(keys: keys, values: values, order: order, from: next) {
                    let offset = order.isEmpty ? position : order[position]
                    try string(keys[offset])
                    open[top].child = offset
                    next = position + 1
                    if try start(values[offset]) {
                        open[top].next = next
                        return false
                    }
                    open[top].child = -1
                }
                return true
            }
            guard done else { return }
            open.removeLast()
            try emitter.mappingEnd()
        } else {
            let items = open[top].items
            var next = open[top].next
            while let offset = try writeScalarItems(items, from: next) {
                open[top].child = offset
                next = offset + 1
                if try start(items[offset]) {
                    open[top].next = next
                    return
                }
                open[top].child = -1
            }
            open.removeLast()
            try emitter.sequenceEnd()
        }
    }

    /// Writes the entries of a mapping from `start` on (in `order`, when not empty)
    /// while their values are scalars; returns where the first entry holding a
    /// collection is, its key not written, or `nil` once all are written.
    private func writeScalarEntries(
        keys: UnsafeBufferPointer<String>, values: UnsafeBufferPointer<SupportedType>, order: [Int], from start: Int
    ) throws -> Int? {
        var position = start
        while position < keys.count {
            let offset = order.isEmpty ? position : order[position]
            if Self.isCollection(values[offset]) { return position }
            try string(keys[offset])
            do {
                try scalar(values[offset])
            } catch let error as DataMapperError {
                throw error.nested(under: DataPath([.key(keys[offset])]))
            }
            position += 1
        }
        return nil
    }

    /// Writes the items of a sequence from `start` on while they are scalars; returns
    /// the offset of the first collection, or `nil` once all are written.
    private func writeScalarItems(_ items: SupportedArray, from start: Int) throws -> Int? {
        var offset = start
        while offset < items.count {
            let item = items[offset]
            if Self.isCollection(item) { return offset }
            do {
                try scalar(item)
            } catch let error as DataMapperError {
                throw error.nested(under: DataPath([.index(offset)]))
            }
            offset += 1
        }
        return nil
    }

    /// Writes a scalar, or a collection: whole when it holds no collection, else up to
    /// the first entry that does. Returns `true` in the second case: the collection is
    /// then on `open`, the rest of its entries to write.
    private mutating func start(_ value: SupportedType) throws -> Bool {
        switch value.kind {
        case .array(let items):
            try checkDepth()
            try emitter.sequenceStart(flow: options.outputStyle == .flow)
            if let stop = try writeScalarItems(items, from: 0) {
                open.append(OpenCollection(items: items, next: stop))
                return true
            }
            try emitter.sequenceEnd()
            return false
        case .dictionary(let map):
            try checkDepth()
            try emitter.mappingStart(flow: options.outputStyle == .flow)
            var order: [Int] = []
            // Keys and values are read where they lie, not copied out.
            let stop = try map.withUnsafeKeysAndValues { keys, values in
                if options.sortKeys { order = keys.indices.sorted { keys[$0] < keys[$1] } }
                return try writeScalarEntries(keys: keys, values: values, order: order, from: 0)
            }
            if let stop {
                open.append(OpenCollection(map: map, order: order, next: stop))
                return true
            }
            try emitter.mappingEnd()
            return false
        default:
            try scalar(value)
            return false
        }
    }

    /// Whether `value` is a sequence or a mapping.
    @inline(__always)
    private static func isCollection(_ value: SupportedType) -> Bool {
        switch value.kind {
        case .array, .dictionary: return true
        default: return false
        }
    }

    /// Writes a value that is not a collection.
    private func scalar(_ value: SupportedType) throws {
        switch value.kind {
        case .null:
            try plain("null")
        case .bool(let flag):
            try plain(flag ? "true" : "false")
        case .int(let number), .intOrDouble(let number):
            try plain(String(number))
        case .uint(let number):
            try plain(String(number))
        case .double(let number):
            try plain(Self.text(of: number))
        case .bigNumber(let text):
            switch try YAMLScalarResolver.resolve(text, schema: options.schema) {
            case .int?, .uint?, .double?, .bigNumber?:
                try plain(text)
            default:
                throw DataMapperError(.unsupported, message: "the big number \"\(text)\" is not a YAML number")
            }
        case .string(let text):
            try string(text)
        case .binary(let data):
            try binary(data)
        case .timestamp(let seconds, let nanoseconds):
            guard let text = YAMLTimestamp.format(seconds: seconds, nanoseconds: nanoseconds) else {
                throw DataMapperError(.unsupported, message: "the timestamp \(seconds)s falls outside the years 0 to 9999 that YAML can write; no option writes it in YAML, so keep it in MessagePack or make it a number of seconds first")
            }
            try emitter.scalar(text, tag: Self.timestampTag, style: .any, plainAllowed: false)
        case .ext(let type, let payload):
            guard options.extValues == .base64 else {
                throw DataMapperError(
                    .unsupported,
                    message: "YAML cannot carry the MessagePack extension value of type \(type)",
                    remedy: .extValues(in: "YAMLSerializer.Options.extValues")
                )
            }
            try binary(payload)
        case .array, .dictionary:
            break
        }
    }

    /// Refuses a collection inside as many collections as the depth limit allows.
    private func checkDepth() throws {
        guard baseDepth + open.count < options.limits.maxDepth else {
            throw DataMapperError(
                .limitExceeded,
                message: "the value nests more than \(options.limits.maxDepth) levels deep",
                remedy: .limit(.maxDepth, options.limits.maxDepth, in: "YAMLSerializer.Options.limits")
            )
        }
    }

    private func binary(_ data: Data) throws {
        try emitter.scalar(data.base64EncodedString(), tag: Self.binaryTag, style: .any, plainAllowed: false)
    }

    private func plain(_ text: String) throws {
        try emitter.scalar(text, tag: nil, style: .plain, plainAllowed: true)
    }

    private func string(_ text: String) throws {
        let multiline = Self.containsLineFeed(text)
        try emitter.scalar(
            text,
            tag: nil,
            style: multiline ? .literal : .any,
            plainAllowed: YAMLScalarResolver.isSafePlainString(text)
        )
    }

    /// Whether `text` holds a line feed, found with one `memchr` over its bytes.
    private static func containsLineFeed(_ text: String) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { memchr($0, 0x0A, bytes.count) != nil } ?? false
        }
        return found ?? text.utf8.contains(0x0A)
    }

    /// A double as a YAML float both schemas read back exactly: the shortest decimal
    /// that round-trips, always with a dot before an exponent, `.inf`, `-.inf`, `.nan`.
    static func text(of number: Double) -> String {
        if number.isNaN { return ".nan" }
        if number.isInfinite { return number < 0 ? "-.inf" : ".inf" }
        let text = number.description
        // Swift writes `1e-05` and `5e-324`; YAML 1.1 wants a dot in the mantissa.
        var sawDot = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") { sawDot = true }
            if byte == UInt8(ascii: "e") {
                if sawDot { return text }
                var fixed = text
                if let exponent = fixed.firstIndex(of: "e") { fixed.insert(contentsOf: ".0", at: exponent) }
                return fixed
            }
        }
        return text
    }
}
