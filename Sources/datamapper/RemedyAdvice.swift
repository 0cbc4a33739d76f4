import DataMapperCore

/// How the tool tells the way out of a refusal: by its own flag for the setting
/// the library's ``DataMapperError/Remedy`` names.
enum RemedyAdvice {
    /// The flag of the tool for each setting it offers one for.
    static let flags: [DataMapperError.Remedy.Setting: String] = [
        .bigNumbers: "--big-numbers",
        .nonFiniteNumbers: "--non-finite",
        .extValues: "--ext",
        .duplicateKeys: "--duplicate-keys",
        .maxDepth: "--max-depth",
        .maxInputBytes: "--max-input-bytes",
        .maxExpandedValues: "--max-expanded-values",
        .maxExpandedBytes: "--max-expanded-bytes",
        .maxStreamBytes: "--max-stream-bytes",
    ]

    /// `use --big-numbers string or nearest`, `raise it with --max-depth`; the
    /// library's advice for a setting the tool has no flag for.
    static func text(for remedy: DataMapperError.Remedy) -> String {
        guard let flag = flags[remedy.setting] else { return remedy.advice }
        if remedy.choices.isEmpty { return "raise it with \(flag)" }
        return "use \(flag) " + remedy.choices.joined(separator: " or ")
    }
}

extension DataMapperError {
    /// The error as the tool prints it: `file:line:column: path: message`, with the
    /// way out told by the tool's flag.
    var toolDescription: String {
        description(advising: RemedyAdvice.text)
    }
}
