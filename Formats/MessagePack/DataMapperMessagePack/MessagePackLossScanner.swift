import DataMapperCore

/// Lists the map keys of a MessagePack stream that are not `str` and that reading
/// turns into string keys (see ``MessagePackSerializer/Options/nonStringKeys``), with
/// their key paths and byte offsets, document by document.
///
/// A walk of the headers of its own, made only when a loss report is asked for, so
/// reading pays nothing for it. Scalars are stepped over with ``MessagePackScanner``;
/// keys are read with the reader's own key functions, so they read as reading makes
/// them. Open containers wait on a stack, so nesting costs no thread stack.
struct MessagePackLossScanner {
    private var reader: MessagePackReader
    private let scanner: MessagePackScanner
    private var losses: [ConversionLoss] = []

    /// An open array or map.
    private struct Frame {
        var isMap: Bool
        /// Values (in a map, entries) still to read.
        var remaining: Int
        /// In an array: the index of the next item. In a map: whether a key is next.
        var nextIndex = 0
        var expectsKey = true
        /// In a map: the key just read.
        var key = ""
    }

    /// The path of the innermost open container, as steps; a ``DataPath`` is made
    /// only for a loss, so that a value without any costs no allocation.
    private var steps: [DataPath.Component] = []

    init(bytes: UnsafePointer<UInt8>, count: Int, options: MessagePackSerializer.Options) {
        reader = MessagePackReader(bytes: bytes, count: count, options: options)
        scanner = MessagePackScanner(bytes: bytes, count: count, maxDeclared: options.limits.maxInputBytes, origin: 0)
    }

    /// Walks every value of the stream and returns the losses found, in order.
    mutating func scan() throws(DataMapperError) -> [ConversionLoss] {
        var document = 0
        while reader.offset < reader.count {
            document += 1
            try walkValue(document: document)
        }
        return losses
    }

    private mutating func walkValue(document: Int) throws(DataMapperError) {
        // Invariant: `steps` holds one step per frame but the first (the root's).
        var frames: [Frame] = []
        steps.removeAll()
        repeat {
            // Reads a key, or steps over a value, or opens a container.
            if let last = frames.indices.last, frames[last].isMap, frames[last].expectsKey {
                let start = reader.offset
                let byte = reader.bytes[start]
                let isString = byte & 0xE0 == 0xA0 || (0xD9...0xDB).contains(byte)
                let key = isString ? try reader.readKey()?.key : try reader.readConvertedKey()
                guard let key else { throw reader.syntaxError(at: start, "a map key is an array or a map") }
                frames[last].key = key
                frames[last].expectsKey = false
                if !isString {
                    losses.append(ConversionLoss(
                        .nonStringKey, document: document, path: DataPath(steps + [.key(key)]), position: .byteOffset(start),
                        detail: "the \(Self.typeName(of: byte)) key becomes the string \"\(key)\""
                    ))
                }
                continue
            }
            if let (isMap, count) = try containerHeader() {
                if let last = frames.last { steps.append(last.isMap ? .key(last.key) : .index(last.nextIndex)) }
                frames.append(Frame(isMap: isMap, remaining: count))
            } else {
                switch try scanner.scan(from: reader.offset) {
                case .complete(let end): reader.offset = end
                case .incomplete: throw reader.endOfInput(at: reader.count)
                }
                valueRead(&frames)
            }
            // Closes the containers that are complete.
            while let last = frames.last, last.remaining == 0 {
                frames.removeLast()
                if !frames.isEmpty { steps.removeLast() }
                valueRead(&frames)
            }
        } while !frames.isEmpty
    }

    /// Counts a value of the innermost container as read.
    private func valueRead(_ frames: inout [Frame]) {
        guard !frames.isEmpty else { return }
        let last = frames.count - 1
        frames[last].remaining -= 1
        if frames[last].isMap { frames[last].expectsKey = true } else { frames[last].nextIndex += 1 }
    }

    /// Reads an array or map header at the reader's place: whether it is a map and
    /// how many items or entries it has; `nil`, reading nothing, for anything else.
    private mutating func containerHeader() throws(DataMapperError) -> (isMap: Bool, count: Int)? {
        guard reader.offset < reader.count else { throw reader.endOfInput(at: reader.offset) }
        let start = reader.offset
        let byte = reader.bytes[start]
        switch byte {
        case 0x80...0x8F:
            reader.offset += 1
            return (true, Int(byte & 0x0F))
        case 0x90...0x9F:
            reader.offset += 1
            return (false, Int(byte & 0x0F))
        case 0xDC, 0xDE:
            reader.offset += 1
            return (byte == 0xDE, Int(try reader.read(UInt16.self, for: byte == 0xDE ? "map 16" : "array 16", at: start)))
        case 0xDD, 0xDF:
            reader.offset += 1
            return (byte == 0xDF, Int(try reader.read(UInt32.self, for: byte == 0xDF ? "map 32" : "array 32", at: start)))
        default:
            return nil
        }
    }

    /// The MessagePack name of the type a key's first byte announces.
    private static func typeName(of byte: UInt8) -> String {
        switch byte {
        case 0xC0: return "nil"
        case 0xC2, 0xC3: return "boolean"
        case 0xCA, 0xCB: return "float"
        case 0xC4...0xC6: return "bin"
        default: return "integer"
        }
    }
}
