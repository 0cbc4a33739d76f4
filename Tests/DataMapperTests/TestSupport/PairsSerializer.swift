import DataMapper
import Foundation

/// A small format for testing the round-trip checker: a flat map of string values, one
/// `key=value` line each, read back with a chosen flaw.
struct PairsSerializer: Serializer {
    /// What the reader gets wrong.
    enum Flaw: Sendable {
        /// Nothing: every map of strings comes back as it was written.
        case none
        /// The last pair is lost.
        case dropsLastPair
        /// The pairs come back in reverse order: an equal map, written differently.
        case reversesPairs
        /// Reading throws.
        case refusesToRead
    }

    var flaw = Flaw.none

    func serialize(_ value: SupportedType) throws -> Data {
        guard let map = value.orderedMap else {
            throw DataMapperError(.unsupported, message: "a pairs document holds one map")
        }
        var text = ""
        for (key, element) in map {
            guard let string = element.string else {
                throw DataMapperError(.unsupported, message: "values must be strings", path: [key])
            }
            text += "\(key)=\(string)\n"
        }
        return Data(text.utf8)
    }

    func deserialize(_ data: Data) throws -> SupportedType {
        if flaw == .refusesToRead { throw DataMapperError(.syntax, message: "refused") }
        var pairs = String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), SupportedType.string(parts.count > 1 ? String(parts[1]) : ""))
        }
        switch flaw {
        case .dropsLastPair: pairs = pairs.dropLast()
        case .reversesPairs: pairs.reverse()
        case .none, .refusesToRead: break
        }
        return .dictionary(OrderedMap(pairs))
    }
}
