import DataMapperCore
import Foundation

extension MessagePackSerializer {
    /// Reads one MessagePack value that makes up the whole of `data`.
    ///
    /// How values become ``SupportedType``:
    /// - nil → ``SupportedType/Kind/null``; true/false → ``SupportedType/Kind/bool(_:)``.
    /// - Every integer form → ``SupportedType/Kind/int(_:)``, or
    ///   ``SupportedType/Kind/uint(_:)`` for a `uint 64` above `Int64.max`: exact.
    /// - float32 and float64 → ``SupportedType/Kind/double(_:)``, exactly.
    /// - `str` → ``SupportedType/Kind/string(_:)`` after checking it is UTF-8 (see
    ///   ``Options/invalidUTF8``); `bin` → ``SupportedType/Kind/binary(_:)``.
    /// - array → ``SupportedType/Kind/array(_:)``; map → ``SupportedType/Kind/dictionary(_:)``
    ///   in the map's order (see ``Options/nonStringKeys`` and ``Options/duplicateKeys``).
    /// - ext −1 with a valid 4-, 8- or 12-byte payload →
    ///   ``SupportedType/Kind/timestamp(seconds:nanoseconds:)``; every other ext (an ext −1
    ///   of another size or with nanoseconds of a billion or more included) →
    ///   ``SupportedType/Kind/ext(type:data:)`` with its bytes unchanged.
    ///
    /// Every value carries ``SourcePosition/byteOffset(_:)`` of its first byte.
    ///
    /// - Parameter data: The bytes of exactly one value.
    /// - Returns: The value.
    /// - Throws: ``DataMapperError`` naming the byte offset and key path of the first
    ///   problem: ``DataMapperError/Kind/syntax`` for truncated input, the reserved byte
    ///   0xC1, invalid UTF-8, a repeated key (when refused) or bytes after the value
    ///   (a second value, whose offset it names: read streams with ``deserializeAll(_:)``);
    ///   ``DataMapperError/Kind/limitExceeded`` for input larger than
    ///   ``ParsingLimits/maxInputBytes`` or nesting deeper than ``ParsingLimits/maxDepth``;
    ///   ``DataMapperError/Kind/unsupported`` for a map key that cannot become a string.
    /// - Complexity: O(*n*) in the size of the input.
    public func deserialize(_ data: Data) throws(DataMapperError) -> SupportedType {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            Result { () throws(DataMapperError) in try deserialize(buffer: buffer) }
        }.get()
    }

    /// Reads one value from an array of bytes, without copying it; as ``deserialize(_:)``.
    /// - Throws: ``DataMapperError`` as ``deserialize(_:)`` does.
    public func deserialize(bytes: [UInt8]) throws(DataMapperError) -> SupportedType {
        try bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            Result { () throws(DataMapperError) in try deserialize(buffer: buffer) }
        }.get()
    }

    /// Reads one value from bytes in memory the caller owns; as ``deserialize(_:)``.
    ///
    /// The fastest entry point: nothing is copied. The buffer is read only during the
    /// call; the returned value holds no reference to it.
    /// - Throws: ``DataMapperError`` as ``deserialize(_:)`` does.
    public func deserialize(buffer: UnsafeRawBufferPointer) throws(DataMapperError) -> SupportedType {
        try checkSize(buffer.count)
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            throw DataMapperError(
                .syntax,
                message: "unexpected end of input at byte 0; the document holds no value",
                location: SourceLocation(position: .byteOffset(0))
            )
        }
        // The bytes are only read, and only during this call.
        var reader = MessagePackReader(bytes: base.assumingMemoryBound(to: UInt8.self), count: buffer.count, options: options)
        let value = try reader.readValue()
        guard reader.offset == buffer.count else {
            let rest = buffer.count - reader.offset
            throw DataMapperError.secondDocument(at: .byteOffset(reader.offset), followedBy: rest == 1 ? "1 byte" : "\(rest) bytes")
        }
        return value
    }

    /// Reads every value of a stream of MessagePack values written back to back, as
    /// many services log or send them.
    ///
    /// Each value is read as ``deserialize(_:)`` reads one, its positions counted from
    /// the start of `data`. Empty input gives no values.
    /// - Throws: ``DataMapperError`` as ``deserialize(_:)`` does; input that ends
    ///   inside a value is a ``DataMapperError/Kind/syntax`` error naming the offset.
    public func deserializeAll(_ data: Data) throws(DataMapperError) -> [SupportedType] {
        try checkSize(data.count)
        return try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            Result { () throws(DataMapperError) in try readAll(buffer) }
        }.get()
    }

    private func readAll(_ buffer: UnsafeRawBufferPointer) throws(DataMapperError) -> [SupportedType] {
        guard let base = buffer.baseAddress else { return [] }
        // The bytes are only read, and only during this call.
        var reader = MessagePackReader(bytes: base.assumingMemoryBound(to: UInt8.self), count: buffer.count, options: options)
        var values: [SupportedType] = []
        while reader.offset < buffer.count {
            do {
                values.append(try reader.readValue())
            } catch {
                throw error.under(.index(values.count))
            }
        }
        return values
    }

    /// What ``decodeNext(from:)`` found at the start of a buffer.
    public enum IncrementalResult: Sendable, Equatable {
        /// A whole value, and how many bytes it took; the next value starts after them.
        case value(SupportedType, bytesConsumed: Int)
        /// The buffer ends inside a value (or is empty): not an error, but at least
        /// `atLeast` more bytes must arrive before the value can be read.
        case needMoreBytes(atLeast: Int)
    }

    /// Reads the value at the start of `buffer` if all of it is there.
    ///
    /// For input that arrives in pieces (a socket, a pipe): a buffer that ends in the
    /// middle of a value gives ``IncrementalResult/needMoreBytes(atLeast:)``, not an
    /// error, so the caller can wait for more and try again. Completeness is checked by
    /// walking headers only, so retrying costs little until the value is whole.
    /// ``MessagePackStreamReader`` does this bookkeeping for you.
    ///
    /// - Parameters:
    ///   - buffer: Bytes whose start is the start of a value.
    ///   - origin: The offset of `buffer`'s first byte in the whole stream, used for
    ///     positions and error messages.
    /// - Throws: ``DataMapperError`` for bytes that can never become a valid value
    ///   (as ``deserialize(_:)``), and ``DataMapperError/Kind/limitExceeded`` when a
    ///   header declares more bytes or items than ``ParsingLimits/maxInputBytes``.
    public func decodeNext(from buffer: UnsafeRawBufferPointer, origin: Int = 0) throws(DataMapperError) -> IncrementalResult {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return .needMoreBytes(atLeast: 1) }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        let scanner = MessagePackScanner(
            bytes: bytes, count: buffer.count, maxDeclared: options.limits.maxInputBytes, origin: origin
        )
        let outcome: MessagePackScanner.Outcome
        do {
            outcome = try scanner.scan(from: 0)
        } catch where error.kind == .syntax {
            // The reader finds the same fault and also names its key path.
            var reader = MessagePackReader(bytes: bytes, count: buffer.count, origin: origin, options: options)
            _ = try reader.readValue()
            throw error
        }
        switch outcome {
        case .incomplete(let missing, _):
            return .needMoreBytes(atLeast: max(1, missing))
        case .complete(let end):
            var reader = MessagePackReader(bytes: bytes, count: end, origin: origin, options: options)
            let value = try reader.readValue()
            return .value(value, bytesConsumed: end)
        }
    }

    /// Reads the value at the start of `data` if all of it is there; see
    /// ``decodeNext(from:origin:)``.
    /// - Throws: The errors of ``decodeNext(from:origin:)``.
    public func decodeNext(from data: Data, origin: Int = 0) throws(DataMapperError) -> IncrementalResult {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            Result { () throws(DataMapperError) in try decodeNext(from: buffer, origin: origin) }
        }.get()
    }

    private func checkSize(_ size: Int) throws(DataMapperError) {
        guard size <= options.limits.maxInputBytes else {
            throw DataMapperError.Remedy.inputTooLarge(size, limit: options.limits.maxInputBytes, in: "MessagePackSerializer.Options.limits")
        }
    }
}
