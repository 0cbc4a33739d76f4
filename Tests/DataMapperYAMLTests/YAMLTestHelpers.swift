import DataMapper
import DataMapperYAML
import Foundation
import Testing

/// Reads `text` with the given options, for tests.
func readYAML(_ text: String, _ options: YAMLSerializer.Options = .init()) throws -> SupportedType {
    try YAMLSerializer(options: options).deserialize(fromString: text)
}

/// Writes `value` to a string with the given options, for tests.
func writeYAML(_ value: SupportedType, _ options: YAMLSerializer.Options = .init()) throws -> String {
    try YAMLSerializer(options: options).serialize(toString: value)
}
