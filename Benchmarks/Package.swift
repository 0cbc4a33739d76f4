// swift-tools-version: 6.0
import PackageDescription

// The benchmarks are a package of their own so that the peers they compare against
// never become dependencies of DataMapper's users. Run them in release mode:
//
//     swift run -c release --package-path Benchmarks [DataMapperBenchmarks --filter TEXT]
let package = Package(
    name: "DataMapperBenchmarks",
    platforms: [.macOS(.v13)],
    products: [
        // Counts allocations when preloaded (`LD_PRELOAD`), for `--allocations`.
        .library(name: "AllocationCounter", type: .dynamic, targets: ["AllocationCounter"]),
    ],
    dependencies: [
        .package(name: "DataMapper", path: ".."),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/CoreOffice/XMLCoder", from: "0.18.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "DataMapperBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "DataMapper", package: "DataMapper"),
                .product(name: "DataMapperJSON", package: "DataMapper"),
                .product(name: "DataMapperMessagePack", package: "DataMapper"),
                "CMessagePackC",
                .product(name: "DataMapperYAML", package: "DataMapper"),
                .product(name: "Yams", package: "Yams"),
                "CLibYAMLBare",
                .product(name: "DataMapperXML", package: "DataMapper"),
                .product(name: "XMLCoder", package: "XMLCoder"),
                "BareLibXML2",
            ],
            path: "Sources/DataMapperBenchmarks"
        ),
        // What the benchmark programs share: finding the corpus and the tool, the corpus
        // records and the large files made of them, running a child process.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "DataMapperCore", package: "DataMapper"),
                .product(name: "DataMapperJSON", package: "DataMapper"),
            ],
            path: "Sources/BenchmarkSupport"
        ),
        // Peak resident memory of `datamapper convert` on a large document; it runs the
        // release binary of the tool as a child process (`--datamapper PATH`).
        .executableTarget(
            name: "PeakMemory",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "DataMapperCore", package: "DataMapper"),
                .product(name: "DataMapperJSON", package: "DataMapper"),
            ],
            path: "Sources/PeakMemory"
        ),
        // Whole `datamapper convert` jobs against yq and Python scripts (`Scripts/`):
        // wall time and peak memory of each side, as child processes.
        .executableTarget(
            name: "EndToEnd",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "DataMapperJSON", package: "DataMapper"),
                .product(name: "DataMapperYAML", package: "DataMapper"),
            ],
            path: "Sources/EndToEnd"
        ),
        // Importing a generated document into SQLite through `DataMapperSQLite`, against
        // a hand-written import in one transaction (a lookup and a write per row).
        .executableTarget(
            name: "StoreImport",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "DataMapperCore", package: "DataMapper"),
                .product(name: "DataMapperStore", package: "DataMapper"),
                .product(name: "DataMapperSQLite", package: "DataMapper"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // The hand-written batched import binds and reads values with SQLite's own calls.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            path: "Sources/StoreImport"
        ),
        // The XML reader alone, for callgrind and perf.
        .executableTarget(
            name: "XMLProfile",
            dependencies: [.product(name: "DataMapperXML", package: "DataMapper"), "BareLibXML2"],
            path: "Sources/XMLProfile"
        ),
        // The MessagePack reader and writer alone (or the JSON ones, `--format json`).
        .executableTarget(
            name: "MessagePackProfile",
            dependencies: [
                .product(name: "DataMapperMessagePack", package: "DataMapper"),
                .product(name: "DataMapperJSON", package: "DataMapper"),
            ],
            path: "Sources/MessagePackProfile"
        ),
        // The YAML reader alone, likewise.
        .executableTarget(
            name: "YAMLProfile",
            dependencies: [.product(name: "DataMapperYAML", package: "DataMapper"), "CLibYAMLBare"],
            path: "Sources/YAMLProfile"
        ),
        // libyaml with nothing on top, the baseline of the YAML rows.
        .systemLibrary(name: "CLibYAMLBare", path: "Sources/CLibYAMLBare", pkgConfig: "yaml-0.1"),
        // libxml2 with nothing on top, the baseline of the XML rows.
        .target(name: "BareLibXML2", dependencies: ["CLibXML2Bare"], path: "Sources/BareLibXML2"),
        .systemLibrary(name: "CLibXML2Bare", path: "Sources/CLibXML2Bare", pkgConfig: "libxml-2.0"),
        // The allocation counter, preloaded rather than linked (see its header).
        .target(name: "AllocationCounter", path: "Sources/AllocationCounter"),
        // msgpack-c (apt libmsgpack-dev) with nothing on top, the peer of the MessagePack rows.
        .target(name: "CMessagePackC", path: "Sources/CMessagePackC", linkerSettings: [.linkedLibrary("msgpackc")]),
    ],
    swiftLanguageModes: [.v6]
)
