import Foundation

/// Checks that bytes are well-formed UTF-8 and makes `String`s of them with a single
/// pass over the bytes, for the parsers of formats whose text arrives as raw bytes.
///
/// The standard library's ways of making a `String` from bytes that may be invalid
/// either repair them (`String(decoding:as:)`, which leaves a caller to find out that a
/// repair happened) or go through generic code (`String(validating:as:)`), and both
/// check each non-ASCII byte more slowly than the loops here. ``makeString(_:)``
/// validates with ``validity(of:)`` and then makes the `String` without a second check.
///
/// Well-formed means as the Unicode standard defines it (table 3-7): no overlong forms,
/// no surrogates (U+D800 to U+DFFF), nothing above U+10FFFF, and no stray or missing
/// continuation bytes.
@usableFromInline package enum UTF8Validation {
    /// What ``validity(of:)`` found in a run of bytes.
    @usableFromInline package enum Validity: Sendable, Equatable {
        /// Every byte is ASCII (below 0x80); an empty run is ASCII.
        case ascii
        /// Well-formed UTF-8 with at least one byte outside ASCII.
        case nonASCII
        /// Not well-formed UTF-8.
        case invalid
    }

    /// Whether `bytes` are well-formed UTF-8, and if so whether they are all ASCII.
    @inlinable
    package static func validity(of bytes: UnsafeBufferPointer<UInt8>) -> Validity {
        guard let base = bytes.baseAddress else { return .ascii }
        let (validEnd, isASCII) = scan(base, count: bytes.count)
        if validEnd < bytes.count { return .invalid }
        return isASCII ? .ascii : .nonASCII
    }

    /// The `String` of the UTF-8 bytes in `bytes`, or `nil` when they are not
    /// well-formed UTF-8. The bytes are checked once.
    @inlinable
    package static func makeString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            let validity = validity(of: bytes)
            guard validity != .invalid else { return nil }
            return uncheckedString(bytes, isASCII: validity == .ascii)
        }
        return decodingUnchanged(bytes)
    }

    /// The `String` of `bytes`, which the caller has already found to be all ASCII
    /// (below 0x80), so they are not checked again.
    ///
    /// Bytes that are not ASCII would make a malformed `String`: only pass runs whose
    /// every byte was looked at (debug builds check).
    @inlinable
    package static func makeString(knownASCII bytes: UnsafeBufferPointer<UInt8>) -> String {
        assert(bytes.allSatisfy { $0 < 0x80 }, "makeString(knownASCII:) was given a byte that is not ASCII")
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            return uncheckedString(bytes, isASCII: true)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where the first ill-formed sequence in `bytes` starts, or `nil` when they are all
    /// well-formed UTF-8.
    @inlinable
    package static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let validEnd = scan(base, count: bytes.count).validEnd
        return validEnd < bytes.count ? validEnd : nil
    }

    /// The `String` of `bytes`, which are well-formed UTF-8 (and all ASCII when
    /// `isASCII` says so) by an earlier check, made without checking them again.
    @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
    @usableFromInline @inline(__always)
    static func uncheckedString(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        let span = unsafe Span(_unsafeElements: bytes)
        return String(copying: unsafe UTF8Span(unchecked: span, isKnownASCII: isASCII))
    }

    /// Before `UTF8Span`: `String(decoding:as:)` validates once and puts U+FFFD in place
    /// of each bad sequence, so its text holds exactly the input bytes only when they
    /// were valid; comparing the two stands in for a second validation.
    @usableFromInline
    static func decodingUnchanged(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.count == bytes.count else { return nil }
        let same = text.withUTF8 { made in
            guard let left = made.baseAddress, let right = bytes.baseAddress else { return true }
            return memcmp(left, right, bytes.count) == 0
        }
        return same ? text : nil
    }
}
