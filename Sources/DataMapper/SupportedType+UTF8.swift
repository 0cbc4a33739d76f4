extension SupportedType {
    /// Calls `body` with the UTF-8 bytes of a string value, or returns `nil` for a value
    /// of any other kind.
    ///
    /// Writers use it to copy text out without making a `String`: a string a parser
    /// left in a text slab (see ``kind``) is read where it lies.
    /// - Returns: What `body` returns, or `nil` when the value is not a string.
    @inlinable
    public func withStringUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        switch storage {
        case .text(let text):
            return try text.withUTF8(body)
        case .kind(.string(var string)):
            return try string.withUTF8(body)
        case .kind:
            return nil
        }
    }
}
