import DataMapperCore
import Foundation

/// The outcome of content negotiation: the format to answer in and the media type to
/// put in the response's `Content-Type`.
public struct NegotiatedFormat: Sendable {
    /// The format to write the response in.
    public let format: DataFormat
    /// The one of the format's media types the client accepts best (`application/json`).
    public let mediaType: String
    /// The weight the client gave it, from above 0 to 1.
    public let quality: Double
}

extension FormatRegistry {
    // MARK: - Accept

    /// The format a client wants most, as its `Accept` header says, for writing a response.
    ///
    /// Each format is weighed by the quality of the most specific range that matches
    /// one of its media types (`application/json;q=0.5` beats `*/*;q=0.9` for JSON, as
    /// HTTP prescribes); ranges with `q=0` rule a format out. The heaviest format
    /// wins. Among equal weights, the formats named in `preferences` come first, in that
    /// order, then the others in registration order; so a service that prefers
    /// MessagePack but also speaks JSON passes `preferring: ["msgpack", "json"]`.
    ///
    /// An empty header, or one with no usable entry, accepts anything, as a missing
    /// `Accept` header does.
    ///
    /// ```swift
    /// let answer = try FormatRegistry.standard.negotiate(
    ///     accept: "application/json;q=0.5, application/x-msgpack", preferring: ["json"])
    /// answer.format.name   // "msgpack"
    /// answer.mediaType     // "application/x-msgpack"
    /// ```
    /// - Parameters:
    ///   - accept: The `Accept` header's value (several headers joined by commas).
    ///   - preferences: Names of the formats the server would rather use, best first;
    ///     names that are not registered are ignored.
    /// - Returns: The chosen format with its media type and weight.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/unsupported`` when no
    ///   registered format is acceptable (answer `406 Not Acceptable`).
    public func negotiate(accept: String, preferring preferences: [String] = []) throws -> NegotiatedFormat {
        var ranges = MediaRange.parseList(accept)
        if ranges.isEmpty { ranges = [MediaRange(type: "*", subtype: "*")] }
        var best: NegotiatedFormat?
        for format in candidates(preferring: preferences) {
            guard let offer = Self.bestMediaType(of: format, under: ranges) else { continue }
            if offer.quality > (best?.quality ?? 0) {
                best = NegotiatedFormat(format: format, mediaType: offer.mediaType, quality: offer.quality)
            }
        }
        if let best { return best }
        let known = names.isEmpty ? "none" : names.joined(separator: ", ")
        throw DataMapperError(
            .unsupported, message: "no format is acceptable for \"Accept: \(accept)\" (known formats: \(known))")
    }

    /// The format a client wants most, as its `Accept` header says; see
    /// ``negotiate(accept:preferring:)``, which also gives the media type to answer with.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/unsupported`` when no
    ///   registered format is acceptable.
    public func format(forAccept accept: String, preferring preferences: [String] = []) throws -> DataFormat {
        try negotiate(accept: accept, preferring: preferences).format
    }

    /// The formats in the order ties are broken: preferred ones first, then the rest
    /// in registration order.
    private func candidates(preferring preferences: [String]) -> [DataFormat] {
        var ordered: [DataFormat] = []
        for name in preferences {
            if let format = formats.last(where: { $0.answers(toName: name) }),
               !ordered.contains(where: { $0.name == format.name }) {
                ordered.append(format)
            }
        }
        for format in formats where !ordered.contains(where: { $0.name == format.name }) {
            ordered.append(format)
        }
        return ordered
    }

    /// The format's media type with the highest weight under `ranges`, each weighed by
    /// its most specific matching range; `nil` when none is acceptable.
    private static func bestMediaType(of format: DataFormat, under ranges: [MediaRange]) -> (mediaType: String, quality: Double)? {
        var best: (mediaType: String, quality: Double)?
        for mediaType in format.mediaTypes {
            var decisive: MediaRange?
            for range in ranges where range.matches(mediaType) {
                if decisive.map({ range.specificity > $0.specificity }) ?? true { decisive = range }
            }
            guard let quality = decisive?.quality, quality > 0 else { continue }
            if quality > (best?.quality ?? 0) { best = (mediaType, quality) }
        }
        return best
    }

    // MARK: - Settings

    /// The format a configuration value or command-line option names.
    ///
    /// Accepts, ignoring case and surrounding whitespace, what people write in a
    /// setting: a format name or alias (`json`, `yml`), a file extension with or
    /// without its dot (`.mpk`), or a media type (`application/x-msgpack`).
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/unsupported`` listing
    ///   the known names.
    public func format(fromSetting setting: String) throws -> DataFormat {
        let text = setting.trimmingCharacters(in: .whitespacesAndNewlines)
        if let format = try? format(named: text) { return format }
        if let format = try? format(forExtension: text) { return format }
        if text.contains("/"), let format = try? format(forMediaType: text) { return format }
        let known = names.isEmpty ? "none" : names.joined(separator: ", ")
        throw DataMapperError(.unsupported, message: "unknown format \"\(text)\" (known formats: \(known))")
    }

    /// The format an environment variable names, or `defaultSetting` when it is unset
    /// or empty; one setting that switches a deployment between, say, JSON in
    /// development and MessagePack in production.
    ///
    /// ```swift
    /// // APP_WIRE_FORMAT=msgpack in production, unset in development
    /// let wire = try FormatRegistry.standard.format(fromEnvironment: "APP_WIRE_FORMAT", default: "json")
    /// ```
    /// - Parameters:
    ///   - variable: The variable's name.
    ///   - defaultSetting: What to use when the variable is unset or empty.
    ///   - environment: The variables to read; the process's environment by default.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/unsupported`` naming
    ///   the variable (`APP_WIRE_FORMAT: unknown format "xson" (known formats: ...)`).
    public func format(
        fromEnvironment variable: String,
        default defaultSetting: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> DataFormat {
        guard let setting = environment[variable], !setting.trimmingCharacters(in: .whitespaces).isEmpty else {
            return try format(fromSetting: defaultSetting)
        }
        do {
            return try format(fromSetting: setting)
        } catch let error as DataMapperError {
            throw error.inFile(variable)
        }
    }
}
