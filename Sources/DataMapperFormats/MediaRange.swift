import Foundation

/// One entry of an HTTP `Accept` header: a media range such as `application/*`, its
/// parameters and its quality value.
///
/// A client lists the media types it can read, each with an optional weight `q`
/// between 0 and 1 (default 1); `q=0` means "not acceptable". Wildcards stand for any
/// subtype (`application/*`) or any type at all (`*/*`).
///
/// ```swift
/// let ranges = MediaRange.parseList("application/msgpack, application/json;q=0.5, */*;q=0.1")
/// ranges[1].quality   // 0.5
/// ```
public struct MediaRange: Sendable, Hashable {
    /// The type, lowercased; `*` for any.
    public var type: String
    /// The subtype, lowercased; `*` for any.
    public var subtype: String
    /// The parameters other than `q`, names lowercased, values unquoted.
    public var parameters: [String: String]
    /// The weight, from 0 (not acceptable) to 1 (the default).
    public var quality: Double

    /// Creates a range from its parts; type and subtype are lowercased and the quality
    /// is clamped to 0...1.
    public init(type: String, subtype: String, parameters: [String: String] = [:], quality: Double = 1) {
        self.type = type.lowercased()
        self.subtype = subtype.lowercased()
        self.parameters = parameters
        self.quality = min(max(quality.isNaN ? 0 : quality, 0), 1)
    }

    /// Reads one range, such as `application/json; charset=utf-8; q=0.8`.
    ///
    /// Returns `nil` when the text is not `type/subtype` (or `*/*`), when the type is a
    /// wildcard but the subtype is not (`*/json`), or when `q` is not a number from 0
    /// to 1 with at most three decimals, as HTTP writes it.
    public init?(parsing text: String) {
        let pieces = Self.split(text, on: ";")
        guard let head = pieces.first else { return nil }
        let essence = head.trimmingCharacters(in: .whitespaces).lowercased()
        let halves = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, Self.isToken(halves[0]), Self.isToken(halves[1]) else { return nil }
        if halves[0] == "*", halves[1] != "*" { return nil }
        var parameters: [String: String] = [:]
        var quality = 1.0
        for piece in pieces.dropFirst() {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard let equals = trimmed.firstIndex(of: "=") else { return nil }
            let name = trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
            }
            if name == "q" {
                guard let weight = Self.quality(value) else { return nil }
                quality = weight
            } else {
                parameters[name] = value
            }
        }
        self.init(type: String(halves[0]), subtype: String(halves[1]), parameters: parameters, quality: quality)
    }

    /// Reads a whole `Accept` header: ranges separated by commas, in the client's order.
    ///
    /// Malformed entries are skipped, as servers usually do, so one bad entry does not
    /// make the whole header unusable. Commas inside quoted parameter values are kept.
    public static func parseList(_ header: String) -> [MediaRange] {
        split(header, on: ",").compactMap { entry in
            entry.trimmingCharacters(in: .whitespaces).isEmpty ? nil : MediaRange(parsing: entry)
        }
    }

    /// Whether this range covers `mediaType` (`type/subtype`, parameters ignored).
    public func matches(_ mediaType: String) -> Bool {
        let essence = mediaType.lowercased().split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            .first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let halves = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return false }
        if type == "*" { return true }
        if type != halves[0] { return false }
        return subtype == "*" || subtype == halves[1]
    }

    /// How precisely the range names a media type: 0 for `*/*`, 1 for `type/*`,
    /// 2 for `type/subtype`, 3 when it also has parameters. The most specific range
    /// that matches a media type decides its quality.
    public var specificity: Int {
        if type == "*" { return 0 }
        if subtype == "*" { return 1 }
        return parameters.isEmpty ? 2 : 3
    }

    // MARK: - Helpers

    /// Splits `text` on `separator` outside double quotes.
    static func split(_ text: String, on separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
            } else if quoted, character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == separator, !quoted {
                parts.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }

    /// Whether `text` is an HTTP token (or `*`).
    static func isToken(_ text: Substring) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && scalar.value > 0x20 && scalar.value < 0x7F && !"()<>@,;:\\\"/[]?={}".unicodeScalars.contains(scalar)
        }
    }

    /// A quality value: `0`, `1`, or `0.` / `1.` with up to three decimals.
    static func quality(_ text: String) -> Double? {
        let digits = text.utf8
        guard let first = digits.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        let rest = digits.dropFirst()
        if !rest.isEmpty {
            guard rest.first == UInt8(ascii: "."), rest.count <= 4,
                  rest.dropFirst().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { return nil }
        }
        guard let value = Double(text), value <= 1 else { return nil }
        return value
    }
}

extension MediaRange: CustomStringConvertible {
    /// `type/subtype;name=value;q=0.5`, parameters sorted by name, `q` left out when 1.
    public var description: String {
        var text = "\(type)/\(subtype)"
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) { text += ";\(name)=\(value)" }
        if quality < 1 { text += ";q=\(quality)" }
        return text
    }
}
