import DataMapperCore
import DataMapperMessagePack
import Foundation

// A small driver for instruction counts (callgrind) and sampling (perf) of the
// MessagePack reader and writer alone: `MessagePackProfile FILE [RUNS] [unpack|pack]`.
let arguments = CommandLine.arguments
guard arguments.count >= 2 else { print("usage: MessagePackProfile FILE [RUNS] [unpack|pack]"); exit(2) }
let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 1 : 1
let operation = arguments.count > 3 ? arguments[3] : "unpack"
let serializer = MessagePackSerializer()
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
