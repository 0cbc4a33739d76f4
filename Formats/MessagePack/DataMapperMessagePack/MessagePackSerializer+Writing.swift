import DataMapperCore
import Foundation

extension MessagePackSerializer {
    /// Writes `value` as one MessagePack value, in the smallest encoding of each part.
    ///
    /// - Integers of every kind: a positive or negative fixint, or the narrowest
    ///   `uint`/`int` form (non-negative numbers always use the `uint` family).
    /// - ``SupportedType/Kind/double(_:)``: see ``Options/floatEncoding``.
    /// - ``SupportedType/Kind/bigNumber(_:)``: see ``Options/bigNumbers``.
    /// - Strings: the shortest `str` form; binary: the shortest `bin` form.
    /// - Arrays and dictionaries: fixarray/fixmap up to 15 items, then 16 and 32 forms;
    ///   dictionaries in their own key order.
    /// - ``SupportedType/Kind/ext(type:data:)``: fixext for 1, 2, 4, 8 or 16 bytes,
    ///   otherwise the shortest `ext` form.
    /// - ``SupportedType/Kind/timestamp(seconds:nanoseconds:)``: ext −1 in the smallest
    ///   of its 32-, 64- and 96-bit forms that holds the time.
    ///
    /// - Returns: The bytes.
    /// - Throws: ``DataMapperError`` naming the path of the value at fault:
    ///   ``DataMapperError/Kind/unsupported`` for a big number that cannot be written
    ///   exactly (with the default option), timestamp nanoseconds of a billion or more,
    ///   or a string, binary, array or map longer than 2³² − 1;
    ///   ``DataMapperError/Kind/limitExceeded`` for nesting deeper than
    ///   ``ParsingLimits/maxDepth``.
    public func serialize(_ value: SupportedType) throws(DataMapperError) -> Data {
        var writer = MessagePackWriter(options: options)
        do {
            try writer.write(value)
        } catch {
            throw error.locatingValue(in: value)
        }
        return writer.buffer.takeData()
    }

    /// Writes `value` as ``serialize(_:)`` does, returning an array of bytes.
    /// - Throws: The errors of ``serialize(_:)``.
    public func serializeToBytes(_ value: SupportedType) throws(DataMapperError) -> [UInt8] {
        var writer = MessagePackWriter(options: options)
        do {
            try writer.write(value)
        } catch {
            throw error.locatingValue(in: value)
        }
        return writer.buffer.bytes
    }

    /// Writes several values back to back, as one stream that ``deserializeAll(_:)``
    /// and ``MessagePackStreamReader`` read.
    /// - Throws: The errors of ``serialize(_:)``, the path starting with the index of
    ///   the value at fault.
    public func serializeAll(_ documents: [SupportedType]) throws(DataMapperError) -> Data {
        var writer = MessagePackWriter(options: options)
        for (index, value) in documents.enumerated() {
            do {
                try writer.write(value)
            } catch {
                throw error.locatingValue(in: value).under(.index(index))
            }
        }
        return writer.buffer.takeData()
    }

    /// `true`: MessagePack values follow one another back to back in a stream.
    public var writesStreams: Bool { true }
}
