import DataMapper
import DataMapperJSON
import DataMapperTestSupport
import Foundation

/// One case of msgpack-test-suite: the value it describes and every encoding listed
/// for it. A case that could not be loaded carries the reason, so it fails loudly.
struct ConformanceCase: Sendable, CustomStringConvertible {
    /// `file#index (kind)`, as the test list shows it.
    var description: String
    /// The value every encoding must decode to; `nil` when loading failed.
    var expected: SupportedType?
    /// Whether the value is a number, compared by numeric value across int and float.
    var isNumber: Bool
    /// The listed encodings, one of which our encoder must produce.
    var encodings: [[UInt8]]
    /// Why the case could not be loaded.
    var loadFailure: String?
}

/// Loads `conformance/msgpack/msgpack-test-suite.json` from the shared folder.
enum ConformanceSuite {
    /// The suite's folder.
    static let folder = SharedData.messagePackConformance
    /// The suite file.
    static let url = folder.file("msgpack-test-suite.json")

    /// Every case; none when the shared folder is missing (the tests are skipped
    /// then), or one failing case that says why the suite could not be loaded.
    static let cases: [ConformanceCase] = {
        guard folder.isPresent else { return [] }
        do {
            return try load()
        } catch {
            return [ConformanceCase(description: "the suite", expected: nil, isNumber: false, encodings: [],
                                    loadFailure: "cannot load \(url.path): \(error)")]
        }
    }()

    static func load() throws -> [ConformanceCase] {
        let document = try JSONSerializer().deserialize(Data(contentsOf: url))
        guard case .dictionary(let files) = document.kind else { throw SuiteError("the suite is not an object") }
        var cases: [ConformanceCase] = []
        for (file, list) in files {
            guard case .array(let entries) = list.kind else { throw SuiteError("\(file) is not an array") }
            for (index, entry) in entries.enumerated() {
                cases.append(try makeCase(entry, name: "\(file)#\(index)"))
            }
        }
        return cases
    }

    private static func makeCase(_ entry: SupportedType, name: String) throws -> ConformanceCase {
        guard case .dictionary(let fields) = entry.kind, case .array(let listed)? = fields["msgpack"]?.kind else {
            throw SuiteError("\(name) has no msgpack list")
        }
        let encodings = try listed.map { item -> [UInt8] in
            guard case .string(let hex) = item.kind else { throw SuiteError("\(name): an encoding is not a string") }
            return try bytes(hex)
        }
        let (kind, expected) = try value(of: fields, name: name)
        return ConformanceCase(description: "\(name) (\(kind))", expected: expected,
                               isNumber: kind == "number" || kind == "bignum", encodings: encodings, loadFailure: nil)
    }

    /// The case's value key and the value it describes.
    private static func value(of fields: OrderedMap, name: String) throws -> (String, SupportedType) {
        if let text = fields["bignum"]?.string {
            if let integer = Int64(text) { return ("bignum", .int(Int(integer))) }
            if let integer = UInt64(text) { return ("bignum", .uint64(integer)) }
            throw SuiteError("\(name): bignum \(text) fits no 64-bit integer")
        }
        for key in ["nil", "bool", "number", "string", "array", "map"] {
            if let value = fields[key] { return (key, value) }
        }
        if let hex = fields["binary"]?.string { return ("binary", .binary(Data(try bytes(hex)))) }
        if case .array(let pair)? = fields["timestamp"]?.kind, pair.count == 2,
           let seconds = pair[0].int, let nanoseconds = pair[1].int {
            return ("timestamp", .timestamp(seconds: Int64(seconds), nanoseconds: UInt32(nanoseconds)))
        }
        if case .array(let pair)? = fields["ext"]?.kind, pair.count == 2,
           let type = pair[0].int, let hex = pair[1].string {
            return ("ext", .ext(type: Int8(type), data: Data(try bytes(hex))))
        }
        throw SuiteError("\(name) has no value key the test knows")
    }

    /// The bytes of `cd-00-01`-style hex text; empty text is no bytes.
    static func bytes(_ hex: String) throws -> [UInt8] {
        guard !hex.isEmpty else { return [] }
        return try hex.split(separator: "-").map { part in
            guard let byte = UInt8(part, radix: 16) else { throw SuiteError("bad hex byte \(part)") }
            return byte
        }
    }

    struct SuiteError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
