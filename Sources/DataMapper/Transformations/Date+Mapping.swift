import DataMapperCore
import Foundation

// `Date` maps without `using:`, under the mapper's `dateStrategy`: the strategy lives
// on the mapper, so these read it from the data or mapper at hand instead of from a
// static default transformation.

extension Date: Mappable {
    /// Reads the date under the mapper's ``ObjectMapper/dateStrategy``.
    /// - Throws: ``DataMapperError`` when the value is missing, null or no date.
    public init(_ data: DeserializableData) throws {
        self = try data.get(using: DateStrategyTransformation(data.objectMapper.dateStrategy))
    }

    /// Reads a non-null value under the mapper's ``ObjectMapper/dateStrategy``.
    public static func deserialized(from value: SupportedType, by objectMapper: ObjectMapper) throws -> Date {
        try objectMapper.dateStrategy.date(from: value)
    }

    /// Reads or writes the date under the mapper's ``ObjectMapper/dateStrategy``.
    public mutating func mapping(_ data: inout MappableData) throws {
        try data.map(&self, using: DateStrategyTransformation(data.objectMapper.dateStrategy))
    }

    /// Writes the date under the mapper's ``ObjectMapper/dateStrategy``.
    public func serialize(to data: inout SerializableData) {
        data.set(self, using: DateStrategyTransformation(data.objectMapper.dateStrategy))
    }

    /// Writes the date under the mapper's ``ObjectMapper/dateStrategy``.
    public func serialized(by objectMapper: ObjectMapper) -> SupportedType {
        objectMapper.dateStrategy.value(from: self)
    }
}
