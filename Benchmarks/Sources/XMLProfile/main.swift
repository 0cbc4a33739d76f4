import BareLibXML2
import DataMapperCore
import DataMapperXML
import Foundation

// A small driver for instruction counts (callgrind) and sampling (perf) of the XML
// reader alone: `XMLProfile FILE [RUNS] [ours|bare|both]`.
let arguments = CommandLine.arguments
guard arguments.count >= 2 else { print("usage: XMLProfile FILE [RUNS] [ours|bare|both]"); exit(2) }
let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 1 : 1
let which = arguments.count > 3 ? arguments[3] : "ours"
var checksum = 0

@inline(never)
func ours(_ data: Data) throws -> Int {
    let value = try XMLSerializer().deserialize(data)
    return value.dictionary?.count ?? 0
}

@inline(never)
func bare(_ data: Data) throws -> Int {
    try BareLibXML2.saxEventCount(data)
}

for _ in 0..<runs {
    if which != "bare" { checksum &+= try ours(data) }
    if which != "ours" { checksum &+= try bare(data) }
}
print(checksum)
