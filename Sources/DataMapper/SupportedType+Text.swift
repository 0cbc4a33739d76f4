extension SupportedType {
    /// Calls `body` with the UTF-8 bytes of a string value, or returns `nil` for a value
    /// of any other kind.
    ///
    /// A string a parser left in a text slab (see ``kind``) is read where it lies,
    /// without making a `String`.
    /// - Returns: What `body` returns, or `nil` when the value is not a string.
    /// - Throws: What `body` throws.
    @inlinable
    public func withStringUTF8<Value, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Value
    ) throws(Failure) -> Value? {
        switch storage {
        case .text(let text):
            return try text.withUTF8(body)
        case .kind(.string(var string)):
            // `withUTF8` rethrows untyped; carry the typed error out by hand.
            let outcome: Result<Value, Failure> = string.withUTF8 { bytes in
                do throws(Failure) { return .success(try body(bytes)) } catch { return .failure(error) }
            }
            return try outcome.get()
        case .kind:
            return nil
        }
    }

    /// Whether this is a string whose text is in a text slab, so that reading ``kind``
    /// would make a `String`: writers check it first and copy the bytes instead
    /// (``withTextInSlab(_:)``).
    @_spi(Parsing) @inlinable
    public var isTextInSlab: Bool {
        if case .text = storage { return true }
        return false
    }

    /// Calls `body` with the bytes of a string whose text is in a text slab, or returns
    /// `nil` for any other value (a string made from a `String` included).
    @_spi(Parsing) @inlinable
    public func withTextInSlab<Value, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Value
    ) throws(Failure) -> Value? {
        guard case .text(let text) = storage else { return nil }
        return try text.withUTF8(body)
    }
}
