extension SupportedType {
    /// Calls `body` with the UTF-8 bytes of a string value, or returns `nil` for a value
    /// of any other kind.
    ///
    /// Writers use it to copy a string's bytes without going through its characters.
    /// - Returns: What `body` returns, or `nil` when the value is not a string.
    /// - Throws: What `body` throws.
    @inlinable
    public func withStringUTF8<Value, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Value
    ) throws(Failure) -> Value? {
        guard case .string(var string) = kind else { return nil }
        // `withUTF8` rethrows untyped; carry the typed error out by hand.
        let outcome: Result<Value, Failure> = string.withUTF8 { bytes in
            do throws(Failure) { return .success(try body(bytes)) } catch { return .failure(error) }
        }
        return try outcome.get()
    }
}
