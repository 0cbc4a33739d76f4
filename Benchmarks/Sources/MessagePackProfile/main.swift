import DataMapperCore
import DataMapperJSON
import DataMapperMessagePack
import Foundation

// A small driver for instruction counts (callgrind) and sampling (perf) of the
// MessagePack reader and writer alone:
// `MessagePackProfile FILE [RUNS] [unpack|pack] [--format json]`. With `--format json`
// it reads or writes the JSON twin with the JSON serializer instead, so that both
// readers are measured by the same loop.
var arguments = Array(CommandLine.arguments.dropFirst())
var json = false
if let flag = arguments.firstIndex(of: "--format"), flag + 1 < arguments.count {
    json = arguments[flag + 1] == "json"
    arguments.removeSubrange(flag...(flag + 1))
}
guard !arguments.isEmpty else { print("usage: MessagePackProfile FILE [RUNS] [unpack|pack] [--format json]"); exit(2) }
let data = try Data(contentsOf: URL(fileURLWithPath: arguments[0]))
let runs = arguments.count > 1 ? Int(arguments[1]) ?? 1 : 1
let operation = arguments.count > 2 ? arguments[2] : "unpack"
let serializer: any Serializer = json ? JSONSerializer() : MessagePackSerializer()
let value = try serializer.deserialize(data)
var checksum = 0

@inline(never)
func unpack(_ data: Data) throws -> Int {
    try serializer.deserialize(data).orderedMap?.count ?? 0
}

@inline(never)
func pack(_ value: SupportedType) throws -> Int {
    try serializer.serialize(value).count
}

for _ in 0..<runs {
    checksum &+= operation == "pack" ? try pack(value) : try unpack(data)
}
print(checksum)
