import DataMapperCore
import DataMapperMessagePack
import Foundation

extension DataFormat {
    /// MessagePack, hand-written in Swift: name `msgpack`, extensions `.msgpack` and
    /// `.mpk`, media types `application/vnd.msgpack`, `application/x-msgpack` and
    /// `application/msgpack`, and every `+msgpack` type. A binary format.
    ///
    /// Layout options mean nothing to a binary format, except
    /// ``FormatWriteOptions/sortKeys``, which writes every map's keys sorted.
    /// ``FormatWriteOptions/bigNumbers`` chooses how a number that fits neither a
    /// 64-bit integer nor a double exactly is written; NaN, the infinities and ext
    /// values are MessagePack's own, so their choices are ignored. Reads with
    /// ``FormatReadOptions/limits`` and ``FormatReadOptions/duplicateKeys`` (last-wins
    /// when not set), invalid UTF-8 refused, scalar map keys made text.
    public static let msgpack = DataFormat(
        name: "msgpack",
        fileExtensions: ["msgpack", "mpk"],
        mediaTypes: ["application/vnd.msgpack", "application/x-msgpack", "application/msgpack"],
        mediaTypeSuffixes: ["msgpack"],
        representation: .binary,
        fidelity: ValueFidelity(features: ValueFidelity.Features.all.subtracting(.bigNumbers)),
        sniff: sniffMessagePack,
        makeReadingSerializer: { options, reading in
            let serializer = MessagePackSerializer(options: messagePackOptions(options, reading))
            if options.sortKeys { return KeySortingSerializer(base: serializer) }
            return serializer
        },
        makeStreamReader: { reading in MessagePackStreamReader(options: messagePackOptions(.default, reading)) },
        makeStreamWriter: { options, reading in
            let writer = MessagePackStreamWriter(options: messagePackOptions(options, reading))
            if options.sortKeys { return KeySortingStreamWriter(base: writer) }
            return writer
        },
        makePieceReader: { bytes, reading, threshold in
            MessagePackPieceReader(bytes: bytes, options: messagePackOptions(.default, reading), openingAbove: threshold)
        }
    )

    /// The MessagePack serializer's options for a registry's writing and reading options.
    private static func messagePackOptions(_ options: FormatWriteOptions, _ reading: FormatReadOptions) -> MessagePackSerializer.Options {
        MessagePackSerializer.Options(
            limits: reading.limits,
            duplicateKeys: reading.duplicateKeys ?? .lastWins,
            bigNumbers: bigNumberEncoding(options.bigNumbers)
        )
    }

    private static func bigNumberEncoding(_ choice: FormatWriteOptions.BigNumbers) -> MessagePackSerializer.BigNumberEncoding {
        switch choice {
        case .error: .exactDoubleOrError
        case .string: .exactDoubleOrString
        case .nearest: .nearestDouble
        }
    }

    /// Judges whether `prefix` starts a MessagePack document.
    ///
    /// A document that is a map or an array (almost all of them) starts with a byte
    /// from 0x80 to 0x9F or 0xDC to 0xDF; 0x80–0x9F never start UTF-8 text. Such a start
    /// whose headers read cleanly as far as the prefix goes is ``SniffConfidence/likely``.
    /// Other starts are ``SniffConfidence/none``: a lone scalar document is rare, and
    /// every printable ASCII byte is also a MessagePack integer.
    static func sniffMessagePack(_ prefix: Data) -> SniffConfidence {
        guard let first = prefix.first else { return .none }
        guard (0x80...0x9F).contains(first) || (0xDC...0xDF).contains(first) else { return .none }
        do {
            switch try MessagePackSerializer().decodeNext(from: prefix) {
            case .value(_, let consumed):
                return consumed == prefix.count || prefix.count >= FormatRegistry.sniffLength ? .likely : .possible
            case .needMoreBytes:
                return .likely
            }
        } catch {
            return .none
        }
    }
}

/// A serializer that writes every dictionary with its keys sorted, then hands the value
/// to a format's own serializer; reading is unchanged.
struct KeySortingSerializer<Base: Serializer>: Serializer {
    let base: Base

    func serialize(_ value: SupportedType) throws -> Data {
        try base.serialize(Self.sorted(value))
    }

    func deserialize(_ data: Data) throws -> SupportedType {
        try base.deserialize(data)
    }

    func serializeAll(_ documents: [SupportedType]) throws -> Data {
        try base.serializeAll(documents.map(Self.sorted))
    }

    func deserializeAll(_ data: Data) throws -> [SupportedType] {
        try base.deserializeAll(data)
    }

    var writesStreams: Bool { base.writesStreams }

    /// `value` with the keys of every dictionary in it sorted.
    static func sorted(_ value: SupportedType) -> SupportedType {
        switch value.kind {
        case .array(let elements):
            return SupportedType(.array(SupportedArray(elements.map(sorted))), position: value.position)
        case .dictionary(let map):
            var copy = map.mapValues(sorted)
            copy.sortByKeys()
            return SupportedType(.dictionary(copy), position: value.position)
        default:
            return value
        }
    }
}

/// A stream writer that writes every dictionary with its keys sorted, the stream
/// counterpart of ``KeySortingSerializer``.
///
/// Pieces are taken with whole values sorted, but a dictionary cannot be opened piece
/// by piece: its first key to write may be its last to arrive, so such a
/// `beginDictionary` is refused.
struct KeySortingStreamWriter<Base: DocumentPieceWriter>: DocumentPieceWriter {
    var base: Base
    /// Where the pieces stand, for the path of a refusal.
    private var cursor = DocumentPieceCursor()

    init(base: Base) {
        self.base = base
    }

    mutating func write(_ document: SupportedType, into output: inout [UInt8]) throws(DataMapperError) {
        try base.write(KeySortingSerializer<MessagePackSerializer>.sorted(document), into: &output)
    }

    mutating func write(_ piece: DocumentPiece, into output: inout [UInt8]) throws(DataMapperError) {
        if case .beginDictionary = piece {
            throw DataMapperError(
                .unsupported,
                message: "a dictionary told piece by piece cannot be written with sorted keys, since its keys are not all known when it opens; write the document whole, or turn sortKeys off",
                path: cursor.path
            ).inDocument(cursor.documentsEnded + 1)
        }
        try base.write(piece.sortingKeys, into: &output)
        try cursor.accept(piece)
    }

    mutating func finish(into output: inout [UInt8]) throws(DataMapperError) {
        try base.finish(into: &output)
    }
}

extension DocumentPiece {
    /// This piece with the dictionaries of a `value` piece's value sorted by key.
    fileprivate var sortingKeys: DocumentPiece {
        guard case .value(let value) = self else { return self }
        return .value(KeySortingSerializer<MessagePackSerializer>.sorted(value))
    }
}
