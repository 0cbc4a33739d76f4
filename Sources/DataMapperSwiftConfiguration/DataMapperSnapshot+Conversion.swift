import Configuration
import DataMapper
import Foundation

/// Turning a stored value into the `ConfigContent` a lookup asks for.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension DataMapperSnapshot {
    func content(of value: SupportedType, as type: ConfigType, key: [String]) throws -> ConfigContent {
        func fail(_ wanted: String) -> DataMapperError {
            DataMapperError(
                .typeMismatch, message: "expected \(wanted), found \(value.description)",
                path: DataPath(key.map { .key($0) }),
                location: SourceLocation(file: fileName, position: value.position))
        }
        switch type {
        case .string:
            guard let text = string(value) else { throw fail("a string") }
            return .string(text)
        case .int:
            guard let number = int(value) else { throw fail("an integer") }
            return .int(number)
        case .double:
            guard let number = double(value) else { throw fail("a number") }
            return .double(number)
        case .bool:
            guard let flag = bool(value) else { throw fail("a boolean") }
            return .bool(flag)
        case .bytes:
            guard let data = bytes(value) else { throw fail("bytes") }
            return .bytes(data)
        case .stringArray:
            guard let items = array(value, string) else { throw fail("an array of strings") }
            return .stringArray(items)
        case .intArray:
            guard let items = array(value, int) else { throw fail("an array of integers") }
            return .intArray(items)
        case .doubleArray:
            guard let items = array(value, double) else { throw fail("an array of numbers") }
            return .doubleArray(items)
        case .boolArray:
            guard let items = array(value, bool) else { throw fail("an array of booleans") }
            return .boolArray(items)
        case .byteChunkArray:
            guard let items = array(value, bytes) else { throw fail("an array of byte strings") }
            return .byteChunkArray(items)
        @unknown default:
            throw fail("\(type)")
        }
    }

    private func trimmedText(_ value: SupportedType) -> String? {
        guard readsText, case .string(let text) = value.kind else { return nil }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func string(_ value: SupportedType) -> String? {
        if case .string(let text) = value.kind { return text }
        return nil
    }

    private func int(_ value: SupportedType) -> Int? {
        switch value.kind {
        case .int(let number), .intOrDouble(let number): return number
        case .uint(let number): return Int(exactly: number)
        case .double(let number): return Int(exactly: number)
        default: return trimmedText(value).flatMap { Int($0) }
        }
    }

    private func double(_ value: SupportedType) -> Double? {
        switch value.kind {
        case .double(let number): return number
        case .int(let number), .intOrDouble(let number): return Double(number)
        case .uint(let number): return Double(number)
        default:
            guard let text = trimmedText(value), !text.lowercased().contains("x") else { return nil }
            return Double(text)
        }
    }

    private func bool(_ value: SupportedType) -> Bool? {
        if case .bool(let flag) = value.kind { return flag }
        switch trimmedText(value)?.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: return nil
        }
    }

    private func bytes(_ value: SupportedType) -> [UInt8]? {
        switch value.kind {
        case .binary(let data): return [UInt8](data)
        case .string(let text): return bytesDecoder.decode(text)
        default: return nil
        }
    }

    /// Every element read by `read`; in a text format a single value is an array of one.
    private func array<Element>(_ value: SupportedType, _ read: (SupportedType) -> Element?) -> [Element]? {
        switch value.kind {
        case .array(let elements):
            var items: [Element] = []
            items.reserveCapacity(elements.count)
            for element in elements {
                guard let item = read(element) else { return nil }
                items.append(item)
            }
            return items
        default:
            guard readsText, let item = read(value) else { return nil }
            return [item]
        }
    }
}
