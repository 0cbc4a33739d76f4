import DataMapperCore
import Foundation

/// `Date` and `Data`, which the encoder writes by its strategies rather than by
/// their own `encode(to:)`, as `JSONEncoder` does. (`URL` is written as its absolute
/// string, `Decimal` as a big number.)
extension EncodingState {
    func boxDate(_ date: Date, tail: PathTail) throws -> SupportedType {
        switch options.dates {
        case .deferredToDate:
            return SupportedType(.double(date.timeIntervalSinceReferenceDate))
        case .secondsSince1970:
            return SupportedType(.double(date.timeIntervalSince1970))
        case .millisecondsSince1970:
            return SupportedType(.double(date.timeIntervalSince1970 * 1000))
        case .iso8601:
            guard let (seconds, _) = RFC3339.split(date) else {
                throw EncodingError.invalidValue(date, EncodingError.Context(
                    codingPath: child(at: tail).codingPath, debugDescription: "the date is too far away for ISO 8601"))
            }
            return SupportedType(.string(RFC3339.format(seconds: seconds, nanoseconds: 0)))
        case .formatted(let formatter):
            return SupportedType(.string(formatter.string(from: date)))
        case .timestamp:
            return TimestampDateTransformation().transform(object: date)
        case .custom(let write):
            let state = child(at: tail)
            try write(date, state)
            return state.finish()
        }
    }

    func boxData(_ data: Data, tail: PathTail) throws -> SupportedType {
        switch options.data {
        case .binary:
            return SupportedType(.binary(data))
        case .base64:
            return SupportedType(.string(data.base64EncodedString()))
        case .deferredToData:
            return SupportedType.array(data.map { SupportedType(.int(Int($0))) })
        case .custom(let write):
            let state = child(at: tail)
            try write(data, state)
            return state.finish()
        }
    }
}
