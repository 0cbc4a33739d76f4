import DataMapper
import Foundation

/// What every target checks besides "no crash": the properties a parser and a writer
/// of one format owe each other. A broken property stops the run through `fatalError`,
/// which libFuzzer records as a finding with the input that caused it.
public enum Properties {
    /// For JSON, YAML and MessagePack: a value read from any input writes, and what it
    /// writes reads back as the same value.
    public static func roundTrip(
        _ bytes: UnsafeRawBufferPointer,
        read: (Data) throws -> SupportedType,
        write: (SupportedType) throws -> Data
    ) {
        guard let value = try? read(Data(bytes)) else { return }
        let written: Data
        do {
            written = try write(value)
        } catch {
            fatalError("a value read from the input cannot be written back: \(error)")
        }
        let back: SupportedType
        do {
            back = try read(written)
        } catch {
            fatalError("what was written does not read back: \(error)\n\(String(decoding: written, as: UTF8.self))")
        }
        guard back == value else {
            fatalError("the value read back differs:\n\(value)\n\(back)")
        }
    }

    /// For XML, whose conventions lose types on the way: after one write and read,
    /// writing and reading again changes nothing.
    public static func stableAfterOneRound(
        _ bytes: UnsafeRawBufferPointer,
        read: (Data) throws -> SupportedType,
        write: (SupportedType) throws -> Data
    ) {
        guard let value = try? read(Data(bytes)), let once = try? write(value) else { return }
        let first: SupportedType
        do {
            first = try read(once)
        } catch {
            fatalError("what was written does not read back: \(error)\n\(String(decoding: once, as: UTF8.self))")
        }
        let second: SupportedType
        do {
            second = try read(write(first))
        } catch {
            fatalError("the second round fails: \(error)")
        }
        guard second == first else {
            fatalError("a second round changed the value:\n\(first)\n\(second)")
        }
    }

    /// For the Codable decoder: decoding any input into ``FuzzModel`` either fails with
    /// an error or gives a model that, encoded and decoded again, is the same model.
    /// `checksRoundTrip` is off where the format's encoder and decoder do not yet agree.
    public static func codable(
        _ bytes: UnsafeRawBufferPointer,
        checksRoundTrip: Bool = true,
        decode: (Data) throws -> FuzzModel,
        encode: (FuzzModel) throws -> Data
    ) {
        guard let model = try? decode(Data(bytes)), checksRoundTrip else { return }
        let back: FuzzModel
        do {
            back = try decode(encode(model))
        } catch {
            fatalError("a decoded model does not survive encoding: \(error)")
        }
        guard back == model else { fatalError("the model changed on the way:\n\(model)\n\(back)") }
    }
}

/// A model touching every kind the Codable bridge handles.
public struct FuzzModel: Codable, Equatable, Sendable {
    public enum Level: String, Codable, Sendable { case low, high }
    public struct Child: Codable, Equatable, Sendable {
        public var name: String
        public var ratio: Double?
        public var flags: [Bool]?

        /// Field by field, except that a NaN ratio equals a NaN ratio: the formats
        /// that carry NaN carry it through, and `==` on `Double` would call the
        /// round trip of any NaN a change.
        public static func == (lhs: Child, rhs: Child) -> Bool {
            let sameRatio = lhs.ratio == rhs.ratio || (lhs.ratio?.isNaN == true && rhs.ratio?.isNaN == true)
            return lhs.name == rhs.name && sameRatio && lhs.flags == rhs.flags
        }
    }
    public var id: Int
    public var small: Int8?
    public var unsigned: UInt64?
    public var title: String?
    public var level: Level?
    public var tags: [String]?
    public var counts: [String: Int]?
    public var children: [Child]?
    public var payload: Data?
    public var when: Date?
}
