import DataMapperCore

extension DataMapperError {
    /// An error saying that `value` has another type than the one expected.
    ///
    /// The message reads `expected <expected>, found <what value is>`, and the error
    /// points at `value`'s position. Its path is the root; the mapping layer prefixes
    /// the key path as the error travels out of nested values.
    /// - Parameters:
    ///   - expected: What was expected, with its article: `"an integer"`, `"a date string"`.
    ///   - value: The value found instead.
    public static func typeMismatch(expected: String, found value: SupportedType) -> DataMapperError {
        DataMapperError(.typeMismatch, message: "expected \(expected), found \(value.mismatchDescription)",
                        location: value.sourceLocation)
    }

    /// An error saying that `value`, found where a string was expected, is not one; for
    /// a number or a boolean the message says to quote it, since reading it as text
    /// would not give back what was written (`1.10` is the number `1.1`).
    @usableFromInline
    static func stringExpected(found value: SupportedType) -> DataMapperError {
        DataMapperError(.typeMismatch, message: "expected a string, found \(value.mismatchDescription)\(value.quotingAdvice)",
                        location: value.sourceLocation)
    }

    /// An error saying that `value` has the right type but unusable content.
    /// - Parameters:
    ///   - message: What is wrong, as a sentence fragment: `"unknown raw value \"x\""`.
    ///   - value: The value at fault; the error points at its position.
    public static func invalidValue(_ message: String, at value: SupportedType) -> DataMapperError {
        DataMapperError(.invalidValue, message: message, location: value.sourceLocation)
    }
}

extension SupportedType {
    /// The value's position as a location, or `nil` when the value did not come from a document.
    @usableFromInline
    package var sourceLocation: SourceLocation? {
        position.isKnown ? SourceLocation(position: position) : nil
    }

    /// A short description for "found ..." messages: the kind, and the value when short.
    @usableFromInline
    var mismatchDescription: String {
        switch kind {
        case .null: return "null"
        case .bool(let value): return "the boolean \(value)"
        case .int(let value), .intOrDouble(let value): return "the integer \(value)"
        case .uint(let value): return "the integer \(value)"
        case .double(let value): return "the number \(value)"
        case .bigNumber(let text): return "the number \(Self.shortened(text))"
        case .string(let text): return "the string \"\(Self.shortened(text))\""
        default: return kindDescription
        }
    }

    /// For a number or a boolean, what to do to read it into a string:
    /// `"; quote the value to keep it as text exactly as written"`; empty otherwise.
    ///
    /// The advice does not show the quoted value: the document's text may differ from
    /// the value read (`1.10`, `0x1F`, `yes`).
    var quotingAdvice: String {
        switch kind {
        case .bool, .int, .intOrDouble, .uint, .double, .bigNumber:
            return "; quote the value to keep it as text exactly as written"
        default:
            return ""
        }
    }

    private static func shortened(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(37)) + "..."
    }
}
