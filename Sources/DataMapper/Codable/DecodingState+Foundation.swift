import DataMapperCore
import Foundation

/// `Date`, `Data` and `URL`, which the decoder reads by its strategies
/// rather than by their own `init(from:)`, as `JSONDecoder` does.
extension DecodingState {
    /// The date `value` holds by the date strategy; a time that is not a finite
    /// number (NaN or infinite seconds) is refused, since no date has it.
    func unboxDate(_ value: SupportedType, parent: CodingPathNode, tail: PathTail) throws -> Date {
        if let text = textContent(of: value) { return try unboxDate(text, parent: parent, tail: tail) }
        let date = try unboxAnyDate(value, parent: parent, tail: tail)
        guard date.timeIntervalSinceReferenceDate.isFinite else {
            throw corrupted("expected a date, found a time that is not a finite number of seconds", value, parent: parent, tail: tail)
        }
        return date
    }

    private func unboxAnyDate(_ value: SupportedType, parent: CodingPathNode, tail: PathTail) throws -> Date {
        if case .timestamp(let seconds, let nanoseconds) = value.kind {
            return RFC3339.date(seconds: seconds, nanoseconds: nanoseconds)
        }
        switch options.dates {
        case .deferredToDate:
            if options.fromText, case .string = value.kind {
                return Date(timeIntervalSinceReferenceDate: try unboxDouble(value, parent: parent, tail: tail))
            }
            return try descend(into: value, parent: parent, tail: tail) { try Date(from: self) }
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try unboxDouble(value, parent: parent, tail: tail))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try unboxDouble(value, parent: parent, tail: tail) / 1000)
        case .iso8601, .timestamp:
            if case .string(let written) = value.kind {
                let text = options.fromText ? written.trimmingXMLWhitespace() : written
                guard let (seconds, nanoseconds) = RFC3339.parse(text) else {
                    throw corrupted("expected an ISO 8601 date, found the string \"\(text)\"", value, parent: parent, tail: tail)
                }
                return RFC3339.date(seconds: seconds, nanoseconds: nanoseconds)
            }
            if case .timestamp = options.dates {
                return Date(timeIntervalSince1970: try unboxDouble(value, parent: parent, tail: tail))
            }
            throw mismatch(Date.self, expected: "an ISO 8601 date string", value, parent: parent, tail: tail)
        case .formatted(let formatter):
            let text = try unboxString(value, parent: parent, tail: tail)
            guard let date = formatter.date(from: text) else {
                throw corrupted("the string \"\(text)\" is not a date in the expected format", value, parent: parent, tail: tail)
            }
            return date
        case .custom(let read):
            return try descend(into: value, parent: parent, tail: tail) { try read(self) }
        }
    }

    func unboxData(_ value: SupportedType, parent: CodingPathNode, tail: PathTail) throws -> Data {
        if let text = textContent(of: value) { return try unboxData(text, parent: parent, tail: tail) }
        switch options.data {
        case .base64:
            switch value.kind {
            case .binary(let bytes):
                return bytes
            case .string(let text):
                guard let bytes = StrictBase64.decode(text) else {
                    throw corrupted("the string is not valid base64", value, parent: parent, tail: tail)
                }
                return bytes
            case .null where options.emptyForNull && !probingMissingKey:
                return Data()
            default:
                throw mismatch(Data.self, expected: "binary data or a base64 string", value, parent: parent, tail: tail)
            }
        case .deferredToData:
            if case .binary(let bytes) = value.kind { return bytes }
            return try descend(into: value, parent: parent, tail: tail) { try Data(from: self) }
        case .custom(let read):
            return try descend(into: value, parent: parent, tail: tail) { try read(self) }
        }
    }

    func unboxURL(_ value: SupportedType, parent: CodingPathNode, tail: PathTail) throws -> URL {
        let text = try unboxString(value, parent: parent, tail: tail)
        guard let url = URL(string: text) else {
            throw corrupted("the string \"\(text)\" is not a valid URL", value, parent: parent, tail: tail)
        }
        return url
    }
}
