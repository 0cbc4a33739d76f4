/// What a writer does with NaN and the infinities when its format has no such number
/// (JSON); formats that have them (YAML's `.nan` and `.inf`, MessagePack's floats)
/// write them as they are whatever this says.
public enum NonFiniteNumberPolicy: Sendable, Hashable, CaseIterable {
    /// Refuse the value with a ``DataMapperError/Kind/unsupported`` error that names
    /// the option. The default: a number never turns into something else in silence.
    case error
    /// Write the string `"NaN"`, `"Infinity"` or `"-Infinity"`, the spelling of
    /// JavaScript and of Python's `json` module. Reading it back gives a string, not a
    /// number.
    case string
    /// Write `null`. Reading it back gives null: the number is lost.
    case null
}

/// What a writer does with a MessagePack ext value (``SupportedType/Kind/ext(_:_:)``)
/// when its format has no such value (JSON, YAML, XML).
public enum ExtValuePolicy: Sendable, Hashable, CaseIterable {
    /// Refuse the value with a ``DataMapperError/Kind/unsupported`` error that names
    /// the option. The default.
    case error
    /// Write the payload the way the format writes binary: base64 text in JSON and
    /// XML, a `!!binary` scalar in YAML. The ext type code is lost, so reading it back
    /// gives a string (JSON, XML) or binary (YAML), never the ext value.
    case base64
}

extension DataMapperError.Remedy {
    /// The remedy for NaN or an infinity refused by a writer whose non-finite policy
    /// is `option`.
    package static func nonFiniteNumbers(in option: String) -> Self {
        Self(.nonFiniteNumbers, choices: ["string", "null"], advice: "set \(option) to .string or .null to write it as text or null")
    }

    /// The remedy for an ext value refused by a writer whose ext policy is `option`.
    package static func extValues(in option: String) -> Self {
        Self(.extValues, choices: ["base64"], advice: "set \(option) to .base64 to write its payload as base64 (its type code is lost)")
    }
}
