// swift-tools-version: 6.0
// libFuzzer targets for every parser and for the Codable decoder of every format.
// Built by Fuzz/run (with -sanitize=fuzzer,address); not part of DataMapper's products.
import PackageDescription

let formats = ["JSON", "YAML", "XML", "MessagePack"]

let package = Package(
    name: "DataMapperFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "DataMapper", path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: formats.map { .product(name: "DataMapper\($0)", package: "DataMapper") }
                + [.product(name: "DataMapper", package: "DataMapper")]
        ),
    ] + formats.flatMap { format in
        [
            .executableTarget(name: "Fuzz\(format)Parser", dependencies: ["FuzzSupport"], path: "Sources/Fuzz\(format)Parser"),
            .executableTarget(name: "Fuzz\(format)Codable", dependencies: ["FuzzSupport"], path: "Sources/Fuzz\(format)Codable"),
        ]
    },
    swiftLanguageModes: [.v6]
)
