import DataMapperCore
import Foundation

extension JSONSerializer {
    /// Writes `value` as a JSON document in UTF-8.
    ///
    /// The layout follows ``Options/outputStyle`` (compact, or pretty with
    /// ``Options/indentWidth`` spaces per level, `"key": value` and one entry per
    /// line, `[]` and `{}` for empty containers, no final newline) and
    /// ``Options/sortKeys`` (keys in the order of their Unicode scalars, which is the
    /// order of their UTF-8 bytes; otherwise the dictionary's own order).
    ///
    /// How values that JSON has no type for are written:
    /// - ``SupportedType/Kind/int(_:)``, ``SupportedType/Kind/uint(_:)`` and
    ///   ``SupportedType/Kind/intOrDouble(_:)``: exact integers.
    /// - ``SupportedType/Kind/double(_:)``: the shortest text that reads back as the
    ///   same `Double`, always with a fraction or an exponent (`5.0`, `0.1`, `1e+16`),
    ///   so that reading gives a double again. NaN and the infinities as
    ///   ``Options/nonFiniteNumbers`` says: refused, `null`, or the strings `"NaN"`,
    ///   `"Infinity"` and `"-Infinity"`.
    /// - ``SupportedType/Kind/bigNumber(_:)``: its text, unchanged.
    /// - ``SupportedType/Kind/binary(_:)``: a string of standard base64 with padding.
    /// - ``SupportedType/Kind/ext(type:data:)``: refused, or under
    ///   ``ExtValuePolicy/base64`` its payload as binary is written, without the type.
    /// - ``SupportedType/Kind/timestamp(seconds:nanoseconds:)``: an RFC 3339 string in
    ///   UTC (`"2024-02-29T13:45:07Z"`), with 3, 6 or 9 fraction digits only when the
    ///   nanoseconds are not zero.
    /// - Strings escape only `"`, `\` and control characters below U+0020; other text,
    ///   `/`, DEL, U+2028 and U+2029 included, stays as UTF-8.
    ///
    /// - Parameter value: The value to write.
    /// - Returns: The document.
    /// - Throws: ``DataMapperError`` naming the path of the value at fault:
    ///   ``DataMapperError/Kind/unsupported`` for NaN or an infinity and an
    ///   ``SupportedType/Kind/ext(type:data:)`` value (unless the options say how to
    ///   write them; the error's ``DataMapperError/remedy`` names the option), a
    ///   ``SupportedType/Kind/bigNumber(_:)`` whose text is not a JSON number, or a timestamp outside the years
    ///   0000–9999; ``DataMapperError/Kind/limitExceeded`` for nesting deeper than
    ///   ``ParsingLimits/maxDepth``.
    public func serialize(_ value: SupportedType) throws(DataMapperError) -> Data {
        try write(value).takeData()
    }

    /// Writes `value` as a JSON document, returning its UTF-8 bytes.
    ///
    /// The same output as ``serialize(_:)``, without the copy into `Data`; use it when
    /// the bytes go on to an API that takes `[UInt8]`.
    /// - Throws: The errors of ``serialize(_:)``.
    public func serializeToBytes(_ value: SupportedType) throws(DataMapperError) -> [UInt8] {
        try write(value).bytes
    }

    /// A writer that has written `value`; its errors are located in `value`.
    func write(_ value: SupportedType) throws(DataMapperError) -> JSONWriter {
        var writer = JSONWriter(options: options)
        do {
            try writer.write(value)
        } catch {
            throw error.error.locatingValue(in: value)
        }
        return writer
    }
}
