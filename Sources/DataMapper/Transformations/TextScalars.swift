import DataMapperCore

/// An opt-in policy under which the value transformations also read numbers and
/// booleans written as text, an array field also reads a single value, and a required
/// field reads an empty XML element (or, for a list, no element) as empty.
///
/// Some formats have no types: in XML every value is text (`<port>8080</port>` reads as
/// the string `"8080"`), an element that occurs once cannot be told from a list of
/// one, and an empty string, an empty dictionary and an empty list leave an empty
/// element or nothing at all. Mapping is strict by default (a string is not a number), so a model with `Int`,
/// `Double`, `Bool`, `Date` or enum fields, or `[T]` fields, would refuse such a
/// document. Inside ``accepting(_:)`` the mapping layer is lenient in exactly these ways:
///
/// | field | also reads |
/// | --- | --- |
/// | `Int` (and `Int`-backed enums) | a string holding a decimal integer, `"-12"` |
/// | `Double` | a string holding a decimal number, `"2.5"`, `"1e-3"`, `"inf"`, `"nan"` |
/// | `Bool` | `"true"`, `"false"` (any case), `"1"`, `"0"` (XML Schema's booleans) |
/// | `Date` with ``DateTransformation`` | a string holding seconds since 1970 |
/// | `[T]` | one value that is not an array, as a one-element array |
/// | a required field, null (an empty element) | an empty array, else `""`, else an empty dictionary, the first the field accepts (so a model whose fields may all be empty reads from `{}`) |
/// | a required `[T]`, missing | an empty array |
///
/// Surrounding XML whitespace (space, tab, CR, LF) is ignored. `String`, `URL` and
/// ISO 8601 dates read strings in any case. Anything else still fails with the usual
/// error and source position.
///
/// ```swift
/// let value = try XMLSerializer().deserialize(data)
/// let config = try TextScalars.accepting {
///     try ObjectMapper().deserialize(value["config"] ?? .null, as: Config.self)
/// }
/// ```
///
/// This is the ``ConversionPolicy/textScalars`` policy applied as a scope: the same
/// conversions a mapper's ``ObjectMapper/conversionPolicy`` decides, not a second
/// mechanism. The scope adds them to the policy already in force and, like every
/// scope, wins over the mapper's policy. It applies to the work done inside the
/// closure, on the current task, and to nothing else, so strict and lenient mapping
/// can run side by side. It is only consulted after the strict reading failed, so it
/// costs nothing on well-typed documents.
public enum TextScalars {
    /// Whether every ``ConversionPolicy/textScalars`` conversion is in force on the
    /// current task. Default `false`.
    public static var areAccepted: Bool { ConversionPolicy.current.isSuperset(of: .textScalars) }

    /// Runs `body` with text scalars and single values accepted (see ``TextScalars``),
    /// besides what the policy in force accepts.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func accepting<Result>(_ body: () throws -> Result) rethrows -> Result {
        try ConversionPolicy.current.union(.textScalars).applying(body)
    }
}
