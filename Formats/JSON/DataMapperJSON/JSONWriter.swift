@_spi(Parsing) import DataMapper

/// Writes one ``SupportedType`` tree as JSON text.
///
/// Everything is appended to one byte array reserved up front, so a document costs a
/// handful of allocations however many values it holds. The walk is recursive; the
/// depth is counted and checked against ``ParsingLimits/maxDepth`` before each level
/// is entered, so a deep tree is refused with an error instead of exhausting the stack.
struct JSONWriter {
    /// The text written so far.
    var output: Buffer
    /// Whether to lay the text out over lines.
    let pretty: Bool
    /// Whether dictionary keys are written in Unicode scalar order.
    let sortKeys: Bool
    /// Spaces per level in pretty output.
    let indentWidth: Int
    /// The deepest nesting allowed.
    let maxDepth: Int
    /// How many arrays and dictionaries enclose the value being written.
    var depth = 0

    /// Creates a writer for `options`, with room for `capacity` bytes before it grows.
    init(options: JSONSerializer.Options, capacity: Int = 4096) {
        output = Buffer(capacity: capacity)
        pretty = options.outputStyle == .pretty
        sortKeys = options.sortKeys
        indentWidth = max(0, options.indentWidth)
        maxDepth = options.limits.maxDepth
    }

    /// The bytes written.
    var bytes: [UInt8] { output.bytes }

    /// Appends `value` and everything inside it.
    mutating func write(_ value: SupportedType) throws(Failure) {
        // Text in a slab is written from its bytes; its kind would make a `String`.
        if value.withTextInSlab({ writeString(utf8: $0) }) != nil { return }
        switch value.kind {
        case .null:
            output.append("null")
        case .bool(let flag):
            if flag { output.append("true") } else { output.append("false") }
        case .int(let number), .intOrDouble(let number):
            writeInteger(number)
        case .uint(let number):
            writeUnsigned(number)
        case .double(let number):
            try writeDouble(number)
        case .bigNumber(let text):
            try writeBigNumber(text)
        case .string(let text):
            writeString(text)
        case .binary(let data):
            writeBase64(data)
        case .array(let elements):
            try writeArray(elements)
        case .dictionary(let map):
            try writeDictionary(map)
        case .ext(let type, _):
            throw Failure(
                .unsupported,
                "JSON has no place for a MessagePack extension value (type \(type)); convert it to binary or a string first"
            )
        case .timestamp(let seconds, let nanoseconds):
            try writeTimestamp(seconds: seconds, nanoseconds: nanoseconds)
        }
    }

    // MARK: - Containers

    /// Counts one more level of nesting, refusing to go past the limit.
    @inline(__always)
    private mutating func enterContainer() throws(Failure) {
        depth += 1
        guard depth <= maxDepth else {
            throw Failure(.limitExceeded, "the value nests deeper than the limit of \(maxDepth) levels")
        }
    }

    /// Starts a new line indented for the current depth (pretty output only).
    @inline(__always)
    private mutating func newline(level: Int) {
        output.append(UInt8(ascii: "\n"))
        output.appendSpaces(level * indentWidth)
    }

    private mutating func writeArray(_ elements: SupportedArray) throws(Failure) {
        try enterContainer()
        defer { depth -= 1 }
        guard !elements.isEmpty else {
            output.append("[]")
            return
        }
        output.append(UInt8(ascii: "["))
        for offset in elements.indices {
            if offset > 0 { output.append(UInt8(ascii: ",")) }
            if pretty { newline(level: depth) }
            do {
                try write(elements[offset])
            } catch {
                throw error.inside(.index(offset))
            }
        }
        if pretty { newline(level: depth - 1) }
        output.append(UInt8(ascii: "]"))
    }

    private mutating func writeDictionary(_ map: OrderedMap) throws(Failure) {
        try enterContainer()
        defer { depth -= 1 }
        guard !map.isEmpty else {
            output.append("{}")
            return
        }
        output.append(UInt8(ascii: "{"))
        // Keys and values are read where they lie, not copied out.
        try map.withUnsafeKeysAndValues { (keys, values) throws(Failure) in
            if sortKeys {
                let order = keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
                for (position, offset) in order.enumerated() {
                    try writeEntry(key: keys[offset], value: values[offset], isFirst: position == 0)
                }
            } else {
                for offset in keys.indices {
                    try writeEntry(key: keys[offset], value: values[offset], isFirst: offset == 0)
                }
            }
        }
        if pretty { newline(level: depth - 1) }
        output.append(UInt8(ascii: "}"))
    }

    @inline(__always)
    private mutating func writeEntry(key: String, value: SupportedType, isFirst: Bool) throws(Failure) {
        if !isFirst { output.append(UInt8(ascii: ",")) }
        if pretty {
            newline(level: depth)
            writeString(key)
            output.append(": ")
        } else {
            writeString(key)
            output.append(UInt8(ascii: ":"))
        }
        do {
            try write(value)
        } catch {
            throw error.inside(.key(key))
        }
    }
}
