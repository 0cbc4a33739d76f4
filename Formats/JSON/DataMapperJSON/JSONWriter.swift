import DataMapperCore
import Foundation

/// Writes one ``SupportedType`` tree as JSON text.
///
/// Everything is appended to one byte buffer reserved up front, so a document costs a
/// handful of allocations however many values it holds. The walk keeps the containers
/// it is in on a stack of its own rather than recursing, and checks their number
/// against ``ParsingLimits/maxDepth`` before each level is entered.
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
    /// What NaN and the infinities become.
    let nonFiniteNumbers: NonFiniteNumberPolicy
    /// What a MessagePack ext value becomes.
    let extValues: ExtValuePolicy
    /// Whether numbers and strings are written as `JSONEncoder` writes them
    /// (``JSONSerializer/Options/foundationCompatible``).
    let foundationCompatible: Bool

    /// Creates a writer for `options`, with room for `capacity` bytes before it grows.
    init(options: JSONSerializer.Options, capacity: Int = 4096) {
        output = Buffer(capacity: capacity)
        pretty = options.outputStyle == .pretty
        sortKeys = options.sortKeys
        indentWidth = max(0, options.indentWidth)
        maxDepth = options.limits.maxDepth
        nonFiniteNumbers = options.nonFiniteNumbers
        extValues = options.extValues
        foundationCompatible = options.foundationCompatible
    }

    /// The bytes written.
    var bytes: [UInt8] { output.storage.bytes }

    /// The bytes written, as `Data` that takes over their memory.
    func takeData() -> Data { output.storage.takeData() }

    /// Appends `value` and everything inside it.
    ///
    /// The walk does not recurse per level of nesting: the arrays and dictionaries
    /// being written wait on a stack of their own, each with how far it has got, so a
    /// value nested to any depth the limits allow is written in the same small, fixed
    /// amount of call stack. When something cannot be written, the path to it is the
    /// key or index each of those containers had reached.
    ///
    /// - Parameter level: How many containers, written elsewhere, `value` is inside
    ///   (a piece writer's open containers): it counts toward the depth limit and the
    ///   indentation.
    mutating func write(_ value: SupportedType, level: Int = 0) throws(Failure) {
        var open: [OpenContainer] = []
        do throws(Failure) {
            guard var next = try writeScalar(value) else { return }
            down: while true {
                // `next` is an array or dictionary to write where the output stands.
                try checkDepth(level + open.count)
                if let container = start(next) {
                    open.append(container)
                } else if let top = open.indices.last {
                    // An empty container was written whole.
                    open[top].next += 1
                }
                // Write on in the innermost container until it holds a container, closing
                // each that ends.
                while let top = open.indices.last {
                    if let nested = try writeValues(of: &open[top], level: level + open.count) {
                        next = nested
                        continue down
                    }
                    closeContainer(isDictionary: open[top].isDictionary, level: level + top)
                    open.removeLast()
                    if top > 0 { open[top - 1].next += 1 }
                }
                return
            }
        } catch {
            // Each container is at the value that failed or holds the failure.
            var failure = error
            for container in open.reversed() { failure = failure.inside(container.step) }
            throw failure
        }
    }

    /// Appends `value` when it is not an array or a dictionary; returns an array or
    /// dictionary unwritten.
    @inline(__always)
    private mutating func writeScalar(_ value: SupportedType) throws(Failure) -> Container? {
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
            return .array(elements)
        case .dictionary(let map):
            return .dictionary(map)
        case .ext(let type, let payload):
            guard extValues == .base64 else { throw Failure.ext(type) }
            writeBase64(payload)
        case .timestamp(let seconds, let nanoseconds):
            try writeTimestamp(seconds: seconds, nanoseconds: nanoseconds)
        }
        return nil
    }

    // MARK: - Containers

    /// An array or a dictionary.
    enum Container {
        case array(SupportedArray)
        case dictionary(OrderedMap)
    }

    /// An array or dictionary being written, and how far the writer has got in it.
    struct OpenContainer {
        let values: Container
        /// With sorted keys, the offsets of a dictionary's entries in key order;
        /// otherwise empty.
        let order: [Int]
        /// How many values have been written: the place of the next, or of the one
        /// being written, in the order they are written.
        var next = 0

        init(_ values: Container, order: [Int] = []) {
            self.values = values
            self.order = order
        }

        var isDictionary: Bool {
            if case .dictionary = values { return true }
            return false
        }

        /// The key or index of the value being written, for the path of a failure.
        var step: DataPath.Component {
            switch values {
            case .array:
                return .index(next)
            case .dictionary(let map):
                return .key(map[order.isEmpty ? next : order[next]].key)
            }
        }
    }

    /// Writes the opening of `container`, or all of it when it is empty (`nil`).
    @inline(__always)
    private mutating func start(_ container: Container) -> OpenContainer? {
        switch container {
        case .array(let elements):
            openContainer(isDictionary: false, isEmpty: elements.isEmpty)
            return elements.isEmpty ? nil : OpenContainer(container)
        case .dictionary(let map):
            openContainer(isDictionary: true, isEmpty: map.isEmpty)
            guard !map.isEmpty else { return nil }
            guard sortKeys else { return OpenContainer(container) }
            let order = map.withUnsafeKeysAndValues { keys, _ in
                keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
            }
            return OpenContainer(container, order: order)
        }
    }

    /// Writes the values of `container`, which is `level` containers deep, from its
    /// ``OpenContainer/next`` on, each after its comma, line break and key: all of
    /// them (`nil`), or up to one that is an array or dictionary, which is returned,
    /// unwritten, with `next` at it.
    ///
    /// Keys and values are read where they lie, not copied out.
    private mutating func writeValues(of container: inout OpenContainer, level: Int) throws(Failure) -> Container? {
        switch container.values {
        case .array(let elements):
            return try elements.withUnsafeBufferPointer { (elements) throws(Failure) -> Container? in
                while container.next < elements.count {
                    separate(index: container.next, level: level)
                    if let nested = try writeScalar(elements[container.next]) { return nested }
                    container.next += 1
                }
                return nil
            }
        case .dictionary(let map):
            return try map.withUnsafeKeysAndValues { (keys, values) throws(Failure) -> Container? in
                while container.next < keys.count {
                    let offset = container.order.isEmpty ? container.next : container.order[container.next]
                    writeKey(keys[offset], index: container.next, level: level)
                    if let nested = try writeScalar(values[offset]) { return nested }
                    container.next += 1
                }
                return nil
            }
        }
    }

    // MARK: - Container pieces, shared by the tree walk and the piece writer

    /// Refuses a container that would be the `level + 1`th nested one.
    @inline(__always)
    func checkDepth(_ level: Int) throws(Failure) {
        guard level < maxDepth else { throw Failure.tooDeep(maxDepth) }
    }

    /// Writes the opening bracket of an array or dictionary, or all of it when it is
    /// empty (`[]`, `{}`).
    @inline(__always)
    mutating func openContainer(isDictionary: Bool, isEmpty: Bool) {
        if isEmpty {
            output.append(isDictionary ? "{}" : "[]")
        } else {
            output.append(isDictionary ? UInt8(ascii: "{") : UInt8(ascii: "["))
        }
    }

    /// Writes what comes before item number `index` of an array `level` containers
    /// deep: a comma after the first, and in pretty output a new indented line.
    @inline(__always)
    mutating func separate(index: Int, level: Int) {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        if pretty { newline(level: level) }
    }

    /// Writes entry number `index`'s key in a dictionary `level` containers deep,
    /// with what comes before it and the colon after it.
    @inline(__always)
    mutating func writeKey(_ key: String, index: Int, level: Int) {
        separate(index: index, level: level)
        writeString(key)
        if pretty { output.append(": ") } else { output.append(UInt8(ascii: ":")) }
    }

    /// Writes the closing bracket of a non-empty array or dictionary that is inside
    /// `level` others, on a line of its own in pretty output.
    @inline(__always)
    mutating func closeContainer(isDictionary: Bool, level: Int) {
        if pretty { newline(level: level) }
        output.append(isDictionary ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// Starts a new line indented for `level` (pretty output only).
    @inline(__always)
    private mutating func newline(level: Int) {
        output.append(UInt8(ascii: "\n"))
        output.appendSpaces(level * indentWidth)
    }
}
