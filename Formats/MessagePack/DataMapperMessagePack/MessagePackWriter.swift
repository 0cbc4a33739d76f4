import DataMapperCore
import Foundation

/// Writes ``SupportedType`` values as MessagePack, choosing the smallest encoding of
/// every value, into one growing buffer.
///
/// The writer keeps no key path while it walks (that would cost on every value);
/// a failure collects its path on the way out instead. Nested arrays and maps are
/// written without recursion per level (see `MessagePackWriter+Containers.swift`).
struct MessagePackWriter {
    /// The output so far.
    let buffer: GrowableBuffer<UInt8>
    /// The options that choose float and big-number encodings and the depth limit.
    let options: MessagePackSerializer.Options

    /// The arrays and maps being written that wait for a container inside them,
    /// outermost first (see `MessagePackWriter+Containers.swift`).
    var open: [OpenContainer] = []
    /// The depth down to which containers are written in place, `levelsInPlace` below
    /// the one the walk writes (the root, or the one on top of `open`).
    var inPlaceLimit = 0
    /// How many containers, written elsewhere, the value being written is inside (a
    /// piece writer's open containers).
    var baseDepth = 0

    /// A writer with an empty output of `capacity` bytes, which grows as needed.
    init(options: MessagePackSerializer.Options, capacity: Int = 4096) {
        self.options = options
        self.buffer = GrowableBuffer(capacity: capacity)
    }

    // MARK: - Values

    /// Appends `value`, however deeply it nests, as an item inside `depth` containers
    /// written elsewhere (a piece writer's open containers; 0 for a document).
    mutating func write(_ value: SupportedType, depth: Int = 0) throws(DataMapperError) {
        try withUnsafePointer(to: value) { (root) throws(DataMapperError) in
            switch Self.scalar(root.pointee) {
            case .null: buffer.append(0xC0)
            case .bool(let flag): buffer.append(flag ? 0xC3 : 0xC2)
            case .integer(let integer): writeInteger(integer)
            case .double(let number): writeDouble(number)
            case .other:
                // An array or map at the root is written as one the walk takes up.
                baseDepth = depth
                inPlaceLimit = depth + 1 + Self.levelsInPlace
                if try !writeOther(at: root, depth: depth) {
                    settleWaiting(above: 0)
                    try writeWaiting()
                }
            }
        }
    }

    /// The scalars the item loops write themselves, and the rest.
    enum Scalar {
        case null
        case bool(Bool)
        case integer(Int64)
        case double(Double)
        case other
    }

    /// What `value` is, as far as the item loops need to know.
    ///
    /// Switching over a value's kind where it lies calls out to copy the whole kind
    /// first; switching over a borrowed parameter reads the case and the scalar
    /// payloads in place.
    @inline(__always)
    static func scalar(_ value: borrowing SupportedType) -> Scalar {
        switch value.kind {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let integer), .intOrDouble(let integer): return .integer(Int64(integer))
        case .double(let number): return .double(number)
        default: return .other
        }
    }

    /// Appends the value at `pointer`, an item of a container at `depth` (0 for the
    /// root), when it is not a scalar the item loops write themselves.
    ///
    /// Values are read where they lie (the root, or an array's or a map's storage)
    /// rather than copied out first: a copy of a string, array or map would cost a
    /// retain and a release for every value of the document.
    ///
    /// - Returns: `false` when it is an array or a map that stopped to wait (see
    ///   ``writeArray(_:depth:index:)``); `true` once it is written.
    mutating func writeOther(at pointer: UnsafePointer<SupportedType>, depth: Int) throws(DataMapperError) -> Bool {
        switch pointer.pointee.kind {
        case .null, .bool, .int, .intOrDouble, .double:
            // Written by the item loops, which never send them here.
            break
        case .uint(let integer):
            writeUnsigned(integer)
        case .bigNumber(let text):
            try writeBigNumber(text)
        case .string(let text):
            try writeString(text)
        case .binary(let data):
            try writeBinary(data)
        case .array(let elements):
            var index = 0
            let done = try elements.withUnsafeBufferPointer { (values) throws(DataMapperError) in
                try writeArray(values, depth: depth + 1, index: &index)
            }
            if !done { putAside(OpenContainer(storage: .array(elements), index: index)) }
            return done
        case .dictionary(let map):
            var index = 0
            let done = try map.withUnsafeKeysAndValues { (keys, values) throws(DataMapperError) in
                try writeMap(keys: keys, values: values, depth: depth + 1, index: &index)
            }
            if !done { putAside(OpenContainer(storage: .map(map), index: index)) }
            return done
        case .ext(let type, let data):
            try writeExt(type: type, data: data)
        case .timestamp(let seconds, let nanoseconds):
            guard nanoseconds <= MessagePackTimestamp.maxNanoseconds else {
                throw DataMapperError(
                    .unsupported,
                    message: "a timestamp's nanoseconds must be below 1000000000, found \(nanoseconds)"
                )
            }
            MessagePackTimestamp.encode(seconds: seconds, nanoseconds: nanoseconds, into: buffer)
        }
        return true
    }

    // MARK: - Headers

    /// Appends the two bytes `first` and `second`.
    @inline(__always)
    func append(_ first: UInt8, _ second: UInt8) {
        buffer.reserve(2)
        buffer.append(first)
        buffer.append(second)
    }

    /// Appends `header` followed by `value` in big-endian order.
    @inline(__always)
    func append<T: FixedWidthInteger>(_ header: UInt8, bigEndian value: T) {
        buffer.reserve(1 + MemoryLayout<T>.size)
        buffer.append(header)
        buffer.append(bigEndian: value)
    }

    // MARK: - Numbers

    /// A signed integer in the smallest form: positive ones as unsigned, negative ones
    /// as a negative fixint or the narrowest `int` that holds them.
    @inline(__always)
    mutating func writeInteger(_ integer: Int64) {
        if integer >= 0 {
            writeUnsigned(UInt64(integer))
        } else if integer >= -32 {
            buffer.append(UInt8(truncatingIfNeeded: integer))
        } else if integer >= Int64(Int8.min) {
            append(0xD0, UInt8(truncatingIfNeeded: integer))
        } else if integer >= Int64(Int16.min) {
            append(0xD1, bigEndian: Int16(truncatingIfNeeded: integer))
        } else if integer >= Int64(Int32.min) {
            append(0xD2, bigEndian: Int32(truncatingIfNeeded: integer))
        } else {
            append(0xD3, bigEndian: integer)
        }
    }

    /// A non-negative integer: a positive fixint or the narrowest `uint`.
    @inline(__always)
    mutating func writeUnsigned(_ integer: UInt64) {
        if integer < 0x80 {
            buffer.append(UInt8(truncatingIfNeeded: integer))
        } else if integer <= UInt64(UInt8.max) {
            append(0xCC, UInt8(truncatingIfNeeded: integer))
        } else if integer <= UInt64(UInt16.max) {
            append(0xCD, bigEndian: UInt16(truncatingIfNeeded: integer))
        } else if integer <= UInt64(UInt32.max) {
            append(0xCE, bigEndian: UInt32(truncatingIfNeeded: integer))
        } else {
            append(0xCF, bigEndian: integer)
        }
    }

    /// A double as float32 when that is exact and allowed, else as float64.
    @inline(__always)
    mutating func writeDouble(_ number: Double) {
        if options.floatEncoding == .smallest {
            let single = Float(number)
            if Double(single).bitPattern == number.bitPattern {
                append(0xCA, bigEndian: single.bitPattern)
                return
            }
        }
        append(0xCB, bigEndian: number.bitPattern)
    }

    // MARK: - Strings and bytes

    /// A `str` header for `length` bytes, in the smallest form.
    @inline(__always)
    mutating func writeStringHeader(_ length: Int) throws(DataMapperError) {
        if length < 32 {
            buffer.append(0xA0 | UInt8(truncatingIfNeeded: length))
        } else if length <= Int(UInt8.max) {
            append(0xD9, UInt8(truncatingIfNeeded: length))
        } else if length <= Int(UInt16.max) {
            append(0xDA, bigEndian: UInt16(truncatingIfNeeded: length))
        } else if length <= Int(UInt32.max) {
            append(0xDB, bigEndian: UInt32(truncatingIfNeeded: length))
        } else {
            throw tooLong("a string", length)
        }
    }

    /// A string as a `str`, its UTF-8 copied in one run.
    @inline(__always)
    mutating func writeString(_ text: String) throws(DataMapperError) {
        try withUnsafePointer(to: text) { (pointer) throws(DataMapperError) in try writeString(at: pointer) }
    }

    /// The string at `pointer` as a `str`, read where it lies, without a copy of the
    /// `String` (and so without a retain and a release).
    @inline(__always)
    mutating func writeString(at pointer: UnsafePointer<String>) throws(DataMapperError) {
        let length = pointer.pointee.utf8.count
        try writeStringHeader(length)
        // The closure touches a local, not the writer: were it to reach the buffer through
        // `self`, the compiler would retain the string for the call.
        let output = buffer
        let written: Void? = pointer.pointee.utf8.withContiguousStorageIfAvailable { utf8 in
            output.append(contentsOf: utf8)
        }
        if written == nil {
            // A string that does not keep its UTF-8 in one run (one bridged from elsewhere).
            var text = pointer.pointee
            text.withUTF8 { utf8 in output.append(contentsOf: utf8) }
        }
    }

    /// UTF-8 text as a `str`.
    mutating func writeString(_ utf8: UnsafeBufferPointer<UInt8>) throws(DataMapperError) {
        try writeStringHeader(utf8.count)
        buffer.append(contentsOf: utf8)
    }

    /// Bytes as a `bin`, in the smallest form.
    mutating func writeBinary(_ data: Data) throws(DataMapperError) {
        let length = data.count
        if length <= Int(UInt8.max) {
            append(0xC4, UInt8(truncatingIfNeeded: length))
        } else if length <= Int(UInt16.max) {
            append(0xC5, bigEndian: UInt16(truncatingIfNeeded: length))
        } else if length <= Int(UInt32.max) {
            append(0xC6, bigEndian: UInt32(truncatingIfNeeded: length))
        } else {
            throw tooLong("a bin", length)
        }
        data.withUnsafeBytes { buffer.append(contentsOf: $0.assumingMemoryBound(to: UInt8.self)) }
    }

    /// An extension value: a fixext when its size is 1, 2, 4, 8 or 16, else the
    /// smallest `ext`.
    mutating func writeExt(type: Int8, data: Data) throws(DataMapperError) {
        let length = data.count
        guard length <= Int(UInt32.max) else { throw tooLong("an ext payload", length) }
        let typeByte = UInt8(bitPattern: type)
        switch length {
        case 1: append(0xD4, typeByte)
        case 2: append(0xD5, typeByte)
        case 4: append(0xD6, typeByte)
        case 8: append(0xD7, typeByte)
        case 16: append(0xD8, typeByte)
        case ...Int(UInt8.max):
            append(0xC7, UInt8(truncatingIfNeeded: length))
            buffer.append(typeByte)
        case ...Int(UInt16.max):
            append(0xC8, bigEndian: UInt16(truncatingIfNeeded: length))
            buffer.append(typeByte)
        default:
            append(0xC9, bigEndian: UInt32(truncatingIfNeeded: length))
            buffer.append(typeByte)
        }
        data.withUnsafeBytes { buffer.append(contentsOf: $0.assumingMemoryBound(to: UInt8.self)) }
    }

    // MARK: - Containers

    /// The header of an array or map of `count` items: the `fixed` form (its count in
    /// the low four bits) up to 15, else the 16- or 32-bit form.
    @inline(__always)
    mutating func writeContainerHeader(
        _ count: Int, fixed: UInt8, sixteen: UInt8, thirtyTwo: UInt8, what: String
    ) throws(DataMapperError) {
        if count < 16 {
            buffer.append(fixed | UInt8(truncatingIfNeeded: count))
        } else if count <= Int(UInt16.max) {
            append(sixteen, bigEndian: UInt16(truncatingIfNeeded: count))
        } else if count <= Int(UInt32.max) {
            append(thirtyTwo, bigEndian: UInt32(truncatingIfNeeded: count))
        } else {
            throw tooLong(what, count)
        }
    }

    // MARK: - Errors

    func depthError() -> DataMapperError {
        DataMapperError(
            .limitExceeded,
            message: "arrays and maps nest deeper than the limit of \(options.limits.maxDepth)",
            remedy: .limit(.maxDepth, options.limits.maxDepth, in: "MessagePackSerializer.Options.limits")
        )
    }

    func tooLong(_ what: String, _ size: Int) -> DataMapperError {
        DataMapperError(.unsupported, message: "\(what) of \(size) items or bytes is longer than MessagePack's limit of 4294967295")
    }
}
