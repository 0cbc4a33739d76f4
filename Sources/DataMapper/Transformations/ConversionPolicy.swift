import DataMapperCore

/// Which readings besides the exact ones a mapping accepts: numbers written as text,
/// booleans written as words, a single value where a list is expected, and so on.
///
/// Mapping is strict by default (``strict``): a string is not a number, a number is
/// not a string. Two ready-made policies relax that, each for a reason:
///
/// - ``compatible``, for code and data written for Mappable (and similar libraries
///   that convert "compatible types"), given to a mapper:
///   `ObjectMapper(conversionPolicy: .compatible)`.
/// - ``textScalars``, for documents whose scalars are all text, such as XML; it is
///   what ``TextScalars/accepting(_:)`` turns on.
///
/// | field | also reads | option | `.compatible` | `.textScalars` |
/// | --- | --- | --- | --- | --- |
/// | `Int`, `Double` (and enums backed by them) | decimal text, `"-12"`, `"2.5"`, `"1e-3"` (not hexadecimal) | ``numbersFromText`` | yes | yes |
/// | `Bool` | `"true"`, `"false"`, `"1"`, `"0"`, in any case | ``booleansFromText`` | yes | yes |
/// | `Bool` | `"yes"`, `"no"` in any case, and the numbers `1` and `0` | ``booleansFromWordsAndNumbers`` | yes | no |
/// | `String` | an integer or floating-point number, as Swift writes it (`12`, `2.5`); not a boolean | ``textFromNumbers`` | yes | no |
/// | `Date` mapped without `using:` | seconds since 1970 (a number or decimal text) or RFC 3339 text, whatever the mapper's ``ObjectMapper/dateStrategy`` | ``datesFromSecondsOrText`` | yes | no |
/// | `[T]`, `Set<T>` | one value that is not an array, as a one-element array | ``singleValueAsArray`` | yes | yes |
/// | a required field, null (an empty XML element) | an empty array, else `""`, else an empty dictionary, the first the field accepts | ``emptyForNull`` | no | yes |
/// | a required `[T]`, missing | an empty array | ``emptyForNull`` | no | yes |
///
/// `URL` reads a string under every policy. Text is read without the XML whitespace
/// (space, tab, CR, LF) around it. Anything a policy does not list still fails with
/// the usual ``DataMapperError``, its key path and source position.
///
/// ## Where a policy comes from
///
/// A mapper's ``ObjectMapper/conversionPolicy`` applies to everything it reads,
/// nested models included. A scope, ``applying(_:)``, applies to the work done inside
/// its closure on the current task, and wins over the mapper's policy: the scope is
/// the more specific statement (a loader that knows its documents are XML, or a test
/// that insists on strict data). ``TextScalars/accepting(_:)`` is such a scope; it
/// adds ``textScalars`` to the policy in force.
///
/// The policy is only consulted after the exact reading failed, so a strict mapping
/// costs nothing extra on well-typed documents.
public struct ConversionPolicy: OptionSet, Sendable, Hashable {
    /// The options as bits.
    public let rawValue: UInt8

    /// Creates a policy from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `Int` and `Double` fields read decimal text.
    public static let numbersFromText = ConversionPolicy(rawValue: 1 << 0)
    /// `Bool` fields read `"true"`, `"false"`, `"1"` and `"0"` in any case.
    public static let booleansFromText = ConversionPolicy(rawValue: 1 << 1)
    /// `Bool` fields read `"yes"` and `"no"` in any case and the numbers `1` and `0`.
    public static let booleansFromWordsAndNumbers = ConversionPolicy(rawValue: 1 << 2)
    /// `String` fields read integers and floating-point numbers.
    public static let textFromNumbers = ConversionPolicy(rawValue: 1 << 3)
    /// `Date` fields mapped without `using:` read seconds since 1970 or RFC 3339 text,
    /// besides what the mapper's date strategy reads.
    public static let datesFromSecondsOrText = ConversionPolicy(rawValue: 1 << 4)
    /// `[T]` and `Set<T>` fields read a single value as a list of one.
    public static let singleValueAsArray = ConversionPolicy(rawValue: 1 << 5)
    /// A required field that is null reads as an empty array, string or dictionary, and
    /// a required `[T]` that is missing as an empty array: what XML makes of them.
    public static let emptyForNull = ConversionPolicy(rawValue: 1 << 6)

    /// Exact readings only; the default.
    public static let strict: ConversionPolicy = []

    /// Mappable's table of compatible conversions, and a single value as a list.
    public static let compatible: ConversionPolicy = [
        .numbersFromText, .booleansFromText, .booleansFromWordsAndNumbers, .textFromNumbers,
        .datesFromSecondsOrText, .singleValueAsArray,
    ]

    /// What documents whose scalars are all text need: see ``TextScalars``.
    public static let textScalars: ConversionPolicy = [.numbersFromText, .booleansFromText, .singleValueAsArray, .emptyForNull]
}

// MARK: - Scope

extension ConversionPolicy {
    /// The policies in force on the current task: the innermost scope's, and the
    /// policy of the mapper running the mapping.
    struct InForce: Sendable {
        var scope: ConversionPolicy?
        var mapper: ConversionPolicy
    }

    @TaskLocal static var inForce = InForce(scope: nil, mapper: .strict)

    /// The policy that applies on the current task: the innermost scope's if there is
    /// one, else the policy of the mapper whose mapping is running, else ``strict``.
    public static var current: ConversionPolicy {
        let inForce = inForce
        return inForce.scope ?? inForce.mapper
    }

    /// Runs `body` under this policy, whatever the mappers inside it say.
    ///
    /// ```swift
    /// let order = try ConversionPolicy.compatible.applying {
    ///     try ObjectMapper().deserialize(value, as: Order.self)
    /// }
    /// ```
    /// The scope covers the current task only, so strict and lenient mapping can run
    /// side by side.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func applying<Result>(_ body: () throws -> Result) rethrows -> Result {
        var inForce = Self.inForce
        inForce.scope = self
        return try Self.$inForce.withValue(inForce, operation: body)
    }

    /// Runs `body` with `mapperPolicy` as the mapper's policy, which a scope overrides.
    @usableFromInline
    static func mapping<Result>(under mapperPolicy: ConversionPolicy, _ body: () throws -> Result) rethrows -> Result {
        var inForce = inForce
        guard inForce.mapper != mapperPolicy else { return try body() }
        inForce.mapper = mapperPolicy
        return try $inForce.withValue(inForce, operation: body)
    }
}

// MARK: - Conversions

extension ConversionPolicy {
    /// The integer `text` holds, if this policy reads numbers from text.
    @usableFromInline
    func int(from text: String) -> Int? {
        guard contains(.numbersFromText) else { return nil }
        return Int(Self.trimmed(text))
    }

    /// The number `text` holds, if this policy reads numbers from text; hexadecimal
    /// forms are refused.
    @usableFromInline
    func double(from text: String) -> Double? {
        guard contains(.numbersFromText) else { return nil }
        let core = Self.trimmed(text)
        guard !core.contains(where: { $0 == "x" || $0 == "X" }) else { return nil }
        return Double(core)
    }

    /// The boolean `text` holds, if this policy reads booleans from it.
    @usableFromInline
    func bool(from text: String) -> Bool? {
        guard !isDisjoint(with: [.booleansFromText, .booleansFromWordsAndNumbers]) else { return nil }
        let word = Self.trimmed(text).lowercased()
        if contains(.booleansFromText) {
            switch word {
            case "true", "1": return true
            case "false", "0": return false
            default: break
            }
        }
        if contains(.booleansFromWordsAndNumbers) {
            switch word {
            case "yes": return true
            case "no": return false
            default: break
            }
        }
        return nil
    }

    /// The boolean the number `value` stands for (`1` or `0`), if this policy reads
    /// booleans from numbers.
    @usableFromInline
    func bool(fromNumber value: SupportedType) -> Bool? {
        guard contains(.booleansFromWordsAndNumbers), let number = value.nearestDouble else { return nil }
        switch number {
        case 1: return true
        case 0: return false
        default: return nil
        }
    }

    /// The text of the number `value`, if this policy reads text from numbers.
    @usableFromInline
    func text(fromNumber value: SupportedType) -> String? {
        guard contains(.textFromNumbers) else { return nil }
        switch value.kind {
        case .int(let integer), .intOrDouble(let integer): return String(integer)
        case .uint(let integer): return String(integer)
        case .double(let number): return String(number)
        case .bigNumber(let text): return text
        default: return nil
        }
    }

    /// `value` as a one-element array, if this policy allows it and it is not an array.
    @usableFromInline
    func singleElementArray(_ value: SupportedType) -> [SupportedType]? {
        guard contains(.singleValueAsArray) else { return nil }
        if case .array = value.kind { return nil }
        return [value]
    }

    static func trimmed(_ text: String) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        let start = text.firstIndex { !isSpace($0) } ?? text.endIndex
        let end = text.lastIndex { !isSpace($0) }.map { text.index(after: $0) } ?? start
        return text[start..<max(start, end)]
    }
}
