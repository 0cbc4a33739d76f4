import BenchmarkSupport
import CLibYAMLBare
import Foundation

/// libyaml driven with nothing on top: the floor our YAML reader and writer are
/// measured against.
///
/// Parsing calls `yaml_parser_parse` until the stream ends and only counts events.
/// Emitting feeds libyaml's emitter the events recorded from parsing the same
/// document, writing into a growing byte array as our writer does.
enum BareLibYAML {
    /// One parsed event, kept so it can be fed to the emitter again.
    struct RecordedEvent {
        var type: yaml_event_type_t
        /// Scalar text, or the anchor of an alias; NUL-terminated.
        var text: [UInt8] = [0]
        var anchor: [UInt8]?
        var tag: [UInt8]?
        var plainImplicit: Int32 = 0
        var quotedImplicit: Int32 = 0
        var implicit: Int32 = 0
        var scalarStyle = YAML_ANY_SCALAR_STYLE
        var sequenceStyle = YAML_ANY_SEQUENCE_STYLE
        var mappingStyle = YAML_ANY_MAPPING_STYLE
    }

    /// Parses `data` to the end of the stream and returns the number of events.
    static func countEvents(_ data: Data) throws -> Int {
        try withEvents(data) { _ in }
    }

    /// The events of `data`, recorded for ``emit(_:)``.
    static func record(_ data: Data) throws -> [RecordedEvent] {
        var events: [RecordedEvent] = []
        _ = try withEvents(data) { event in
            var recorded = RecordedEvent(type: event.type)
            switch event.type {
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                recorded.text = Array(UnsafeBufferPointer(start: scalar.value, count: scalar.length)) + [0]
                recorded.anchor = copy(scalar.anchor)
                recorded.tag = copy(scalar.tag)
                recorded.plainImplicit = scalar.plain_implicit
                recorded.quotedImplicit = scalar.quoted_implicit
                recorded.scalarStyle = scalar.style
            case YAML_ALIAS_EVENT:
                recorded.text = copy(event.data.alias.anchor) ?? [0]
            case YAML_SEQUENCE_START_EVENT:
                recorded.anchor = copy(event.data.sequence_start.anchor)
                recorded.tag = copy(event.data.sequence_start.tag)
                recorded.implicit = event.data.sequence_start.implicit
                recorded.sequenceStyle = event.data.sequence_start.style
            case YAML_MAPPING_START_EVENT:
                recorded.anchor = copy(event.data.mapping_start.anchor)
                recorded.tag = copy(event.data.mapping_start.tag)
                recorded.implicit = event.data.mapping_start.implicit
                recorded.mappingStyle = event.data.mapping_start.style
            case YAML_DOCUMENT_START_EVENT:
                recorded.implicit = event.data.document_start.implicit
            case YAML_DOCUMENT_END_EVENT:
                recorded.implicit = event.data.document_end.implicit
            default:
                break
            }
            events.append(recorded)
        }
        return events
    }

    /// Emits `events` with libyaml's emitter (block style, indent 2, no line folding,
    /// Unicode kept) and returns the number of bytes written.
    static func emit(_ events: [RecordedEvent]) throws -> Int {
        let emitter = UnsafeMutablePointer<yaml_emitter_t>.allocate(capacity: 1)
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer {
            emitter.deallocate()
            event.deallocate()
        }
        guard yaml_emitter_initialize(emitter) == 1 else { throw BenchmarkError("yaml_emitter_initialize failed") }
        defer { yaml_emitter_delete(emitter) }
        let sink = Sink()
        sink.bytes.reserveCapacity(4096)
        yaml_emitter_set_unicode(emitter, 1)
        yaml_emitter_set_indent(emitter, 2)
        yaml_emitter_set_width(emitter, -1)
        yaml_emitter_set_output(emitter, { context, buffer, size in
            guard let context, let buffer else { return 0 }
            Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: buffer, count: size))
            return 1
        }, Unmanaged.passUnretained(sink).toOpaque())

        for var recorded in events {
            let initialized: Int32 = recorded.text.withUnsafeMutableBufferPointer { text in
                withOptionalPointer(&recorded.anchor) { anchor in
                    withOptionalPointer(&recorded.tag) { tag in
                        switch recorded.type {
                        case YAML_STREAM_START_EVENT:
                            return yaml_stream_start_event_initialize(event, YAML_UTF8_ENCODING)
                        case YAML_STREAM_END_EVENT:
                            return yaml_stream_end_event_initialize(event)
                        case YAML_DOCUMENT_START_EVENT:
                            return yaml_document_start_event_initialize(event, nil, nil, nil, recorded.implicit)
                        case YAML_DOCUMENT_END_EVENT:
                            return yaml_document_end_event_initialize(event, recorded.implicit)
                        case YAML_ALIAS_EVENT:
                            return yaml_alias_event_initialize(event, text.baseAddress)
                        case YAML_SCALAR_EVENT:
                            return yaml_scalar_event_initialize(
                                event, anchor, tag, text.baseAddress, Int32(text.count - 1),
                                recorded.plainImplicit, recorded.quotedImplicit, recorded.scalarStyle
                            )
                        case YAML_SEQUENCE_START_EVENT:
                            return yaml_sequence_start_event_initialize(event, anchor, tag, recorded.implicit, recorded.sequenceStyle)
                        case YAML_SEQUENCE_END_EVENT:
                            return yaml_sequence_end_event_initialize(event)
                        case YAML_MAPPING_START_EVENT:
                            return yaml_mapping_start_event_initialize(event, anchor, tag, recorded.implicit, recorded.mappingStyle)
                        case YAML_MAPPING_END_EVENT:
                            return yaml_mapping_end_event_initialize(event)
                        default:
                            return 0
                        }
                    }
                }
            }
            guard initialized == 1 else { throw BenchmarkError("could not initialise a libyaml event") }
            guard yaml_emitter_emit(emitter, event) == 1 else { throw BenchmarkError("yaml_emitter_emit failed") }
        }
        return sink.bytes.count
    }

    private final class Sink {
        var bytes: [UInt8] = []
    }

    private static func withEvents(_ data: Data, _ body: (yaml_event_t) -> Void) throws -> Int {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer {
            parser.deallocate()
            event.deallocate()
        }
        guard yaml_parser_initialize(parser) == 1 else { throw BenchmarkError("yaml_parser_initialize failed") }
        defer { yaml_parser_delete(parser) }
        return try data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            yaml_parser_set_input_string(parser, base.assumingMemoryBound(to: UInt8.self), bytes.count)
            var count = 0
            while true {
                guard yaml_parser_parse(parser, event) == 1 else { throw BenchmarkError("libyaml could not parse the document") }
                count += 1
                body(event.pointee)
                let done = event.pointee.type == YAML_STREAM_END_EVENT
                yaml_event_delete(event)
                if done { return count }
            }
        }
    }

    private static func copy(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> [UInt8]? {
        guard let pointer else { return nil }
        return Array(UnsafeBufferPointer(start: pointer, count: strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self)) + 1))
    }

    private static func withOptionalPointer<Result>(_ bytes: inout [UInt8]?, _ body: (UnsafeMutablePointer<UInt8>?) -> Result) -> Result {
        guard bytes != nil else { return body(nil) }
        return bytes!.withUnsafeMutableBufferPointer { body($0.baseAddress) }
    }
}
