import Foundation

/// A `Content-Type`-style string reduced to what picks a format: type, subtype and
/// the structured-syntax suffix, lowercased, parameters dropped.
struct MediaType: Hashable {
    /// `type/subtype`, lowercased: `application/ld+json`.
    let essence: String
    /// The part of the subtype after its last `+`, when there is one: `json`.
    let suffix: String?

    /// Reads `application/ld+json; charset=utf-8` and the like; `nil` when the text
    /// is not `type/subtype`.
    init?(parsing text: String) {
        let beforeParameters = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let trimmed = beforeParameters.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let halves = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, !halves[0].isEmpty, !halves[1].isEmpty,
              !trimmed.contains(where: { $0 == " " || $0 == "\t" })
        else { return nil }
        essence = trimmed
        if let plus = halves[1].lastIndex(of: "+") {
            let tail = halves[1][halves[1].index(after: plus)...]
            suffix = tail.isEmpty ? nil : String(tail)
        } else {
            suffix = nil
        }
    }
}
