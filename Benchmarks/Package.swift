// swift-tools-version: 6.0
import PackageDescription

// The benchmarks are a package of their own so that the peers they compare against
// never become dependencies of DataMapper's users. Run them in release mode:
//
//     swift run -c release --package-path Benchmarks [DataMapperBenchmarks --filter TEXT]
let package = Package(
    name: "DataMapperBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "DataMapper", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "DataMapperBenchmarks",
            dependencies: [
                .product(name: "DataMapper", package: "DataMapper"),
                .product(name: "DataMapperJSON", package: "DataMapper"),
            ],
            path: "Sources/DataMapperBenchmarks"
        ),
    ],
    swiftLanguageModes: [.v6]
)
