import DataMapperCore
import Foundation

extension JSONSerializer {
    /// Reads one JSON document (RFC 8259) into a ``SupportedType``.
    ///
    /// The reader is strict: it accepts exactly the documents RFC 8259 allows, a bare
    /// scalar (`42`, `"text"`, `null`) included, and nothing after the value but
    /// whitespace.
    ///
    /// - A UTF-8 byte-order mark at the very start is skipped (RFC 8259 lets parsers
    ///   ignore it); a mark with nothing after it is an empty document, an error.
    /// - Every value carries its ``SourcePosition``: the line and column of its first
    ///   byte. Lines are counted from 1 at each line feed; columns from 1 in UTF-8
    ///   bytes, as compilers count them, after the byte-order mark on line 1.
    /// - Integers become ``SupportedType/Kind/int(_:)`` when they fit `Int64`,
    ///   ``SupportedType/Kind/uint(_:)`` when they need `UInt64`, and
    ///   ``SupportedType/Kind/bigNumber(_:)`` (the text as written) beyond that.
    /// - Numbers with a fraction or an exponent become the nearest `Double`, except
    ///   those with more than 17 significant digits, or whose value would overflow to
    ///   infinity or underflow to zero although their digits are not all zero: those
    ///   are kept as ``SupportedType/Kind/bigNumber(_:)`` with the text as written, so
    ///   nothing is lost in silence. `-0` is the integer `0`; `-0.0` is the double `-0.0`.
    /// - Strings must be valid UTF-8. All escapes are decoded, surrogate pairs included;
    ///   a lone surrogate escape such as `\uD800` is an error, since no `String` can
    ///   hold it. Control characters below U+0020 must be escaped.
    /// - A key repeated in one object follows ``Options/duplicateKeys``.
    /// - Nesting deeper than ``ParsingLimits/maxDepth`` is refused. The reader does not
    ///   recurse per level: the arrays and objects it is inside wait on a heap-allocated
    ///   stack, so the default limit fits a 512 KiB thread and a raised one costs memory,
    ///   not call stack.
    ///
    /// - Parameter data: The document's UTF-8 bytes.
    /// - Returns: The document's value, positions stamped on every node.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/syntax`` naming the
    ///   line, column and key path of the first problem, or
    ///   ``DataMapperError/Kind/limitExceeded`` when the input is larger than
    ///   ``ParsingLimits/maxInputBytes`` or nests deeper than ``ParsingLimits/maxDepth``.
    /// - Complexity: O(*n*) in the size of the input.
    public func deserialize(_ data: Data) throws(DataMapperError) -> SupportedType {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            Result { () throws(DataMapperError) in try deserialize(buffer: buffer) }
        }.get()
    }

    /// Reads one JSON document from an array of UTF-8 bytes, without copying it.
    ///
    /// Behaves exactly as ``deserialize(_:)``.
    /// - Throws: ``DataMapperError`` as ``deserialize(_:)`` does.
    public func deserialize(bytes: [UInt8]) throws(DataMapperError) -> SupportedType {
        try bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            Result { () throws(DataMapperError) in try deserialize(buffer: buffer) }
        }.get()
    }

    /// Reads one JSON document from UTF-8 bytes lent for the call, which both public
    /// entry points lend without a copy; the returned value holds no reference to them.
    func deserialize(buffer: UnsafeRawBufferPointer) throws(DataMapperError) -> SupportedType {
        try checkSize(buffer.count)
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            throw DataMapperError(
                .syntax,
                message: "unexpected end of input; the document holds no value",
                location: SourceLocation(position: .text(line: 1, column: 1))
            )
        }
        // The bytes are only read, and only during this call.
        var reader = JSONReader(
            bytes: base.assumingMemoryBound(to: UInt8.self),
            count: buffer.count,
            options: options
        )
        return try reader.readDocument()
    }

    /// Refuses input larger than ``ParsingLimits/maxInputBytes``.
    func checkSize(_ size: Int) throws(DataMapperError) {
        guard size <= options.limits.maxInputBytes else {
            throw DataMapperError.Remedy.inputTooLarge(size, limit: options.limits.maxInputBytes, in: "JSONSerializer.Options.limits")
        }
    }
}
