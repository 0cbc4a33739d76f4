import CLibYAMLBare
import DataMapperCore
import DataMapperYAML
import Foundation

// A small driver for instruction counts (callgrind) and sampling (perf) of the YAML
// reader alone: `YAMLProfile FILE [RUNS] [ours|bare|both|kept]`. "bare" runs libyaml's
// event loop with nothing on top, the floor of the benchmark's "parse vs bare" rows.
let arguments = CommandLine.arguments
guard arguments.count >= 2 else { print("usage: YAMLProfile FILE [RUNS] [ours|bare|both]"); exit(2) }
let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 1 : 1
let which = arguments.count > 3 ? arguments[3] : "ours"
var checksum = 0

@inline(never)
func ours(_ data: Data) throws -> Int {
    try YAMLSerializer().deserialize(data).dictionary?.count ?? 0
}

/// Parses without dropping the tree, to tell building from freeing.
@inline(never)
func oursKept(_ data: Data, into kept: inout [SupportedType]) throws {
    kept.append(try YAMLSerializer().deserialize(data))
}

@inline(never)
func bare(_ data: Data) -> Int {
    let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
    defer {
        parser.deallocate()
        event.deallocate()
    }
    guard yaml_parser_initialize(parser) == 1 else { return -1 }
    defer { yaml_parser_delete(parser) }
    return data.withUnsafeBytes { bytes in
        guard let base = bytes.baseAddress else { return 0 }
        yaml_parser_set_input_string(parser, base.assumingMemoryBound(to: UInt8.self), bytes.count)
        var count = 0
        while yaml_parser_parse(parser, event) == 1 {
            count += 1
            let done = event.pointee.type == YAML_STREAM_END_EVENT
            yaml_event_delete(event)
            if done { break }
        }
        return count
    }
}

// `YAMLProfile FILE RUNS kept` parses RUNS times, keeping every tree until the end.
var kept: [SupportedType] = []
/// CPU time of this process, in milliseconds: steadier than wall time on a shared machine.
func cpuMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
}

// `both` alternates the two and reports the fastest run of each, the least disturbed
// by other work on the machine.
if which == "both" {
    var best = (ours: Double.infinity, bare: Double.infinity)
    for _ in 0..<runs {
        var begin = cpuMilliseconds()
        checksum &+= try ours(data)
        best.ours = min(best.ours, cpuMilliseconds() - begin)
        begin = cpuMilliseconds()
        checksum &+= bare(data)
        best.bare = min(best.bare, cpuMilliseconds() - begin)
    }
    print(checksum, String(format: "fastest: ours %.2f ms, bare %.2f ms, bare/ours %.3f", best.ours, best.bare, best.bare / best.ours))
    exit(0)
}

let start = cpuMilliseconds()
for _ in 0..<runs {
    if which == "kept" {
        try oursKept(data, into: &kept)
        continue
    }
    if which != "bare" { checksum &+= try ours(data) }
    if which != "ours" { checksum &+= bare(data) }
}
print(checksum, String(format: "%.1f ms/run (CPU)", (cpuMilliseconds() - start) / Double(runs)))
