// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "DataMapper",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "DataMapper", targets: ["DataMapper"]),
        .library(name: "DataMapperCore", targets: ["DataMapperCore"]),
        .library(name: "DataMapperOperators", targets: ["DataMapperOperators"]),
        .library(name: "DataMapperJSON", targets: ["DataMapperJSON"]),
        .library(name: "DataMapperYAML", targets: ["DataMapperYAML"]),
        .library(name: "DataMapperXML", targets: ["DataMapperXML"]),
        .library(name: "DataMapperMessagePack", targets: ["DataMapperMessagePack"]),
        .library(name: "DataMapperFormats", targets: ["DataMapperFormats"]),
        .library(name: "DataMapperConfig", targets: ["DataMapperConfig"]),
        .library(name: "DataMapperSwiftConfiguration", targets: ["DataMapperSwiftConfiguration"]),
        .library(name: "DataMapperStore", targets: ["DataMapperStore"]),
        .library(name: "DataMapperSQLite", targets: ["DataMapperSQLite"]),
        .executable(name: "datamapper", targets: ["datamapper"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // MARK: - Value core and mapping layer
        // The value, serializer protocols, errors, paths, positions and limits; what
        // the formats build on.
        .target(name: "DataMapperCore", path: "Sources/DataMapperCore"),
        // ObjectMapper, the map protocols, transformations, polymorphism and the
        // Codable bridge, over the core's public API; `import DataMapper` gives both.
        .target(name: "DataMapper", dependencies: ["DataMapperCore"], path: "Sources/DataMapper"),
        // The two-way mapping operators `<~>`, `<~` and `~>`, apart so that only code
        // that imports them sees the global operators.
        .target(name: "DataMapperOperators", dependencies: ["DataMapper"], path: "Sources/DataMapperOperators"),

        // MARK: - Formats
        .target(name: "DataMapperJSON", dependencies: ["DataMapperCore"], path: "Formats/JSON/DataMapperJSON"),
        .systemLibrary(
            name: "CYAML",
            path: "Formats/YAML/CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "DataMapperYAML", dependencies: ["DataMapperCore", "CYAML"], path: "Formats/YAML/DataMapperYAML"),
        .systemLibrary(
            name: "CLibXML2",
            path: "Formats/XML/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "DataMapperXML", dependencies: ["DataMapperCore", "CLibXML2"], path: "Formats/XML/DataMapperXML"),
        .target(name: "DataMapperMessagePack", dependencies: ["DataMapperCore"], path: "Formats/MessagePack/DataMapperMessagePack"),

        // MARK: - Registry and tool
        .target(name: "DataMapperFormats", dependencies: ["DataMapperCore", "DataMapperJSON", "DataMapperYAML", "DataMapperMessagePack", "DataMapperXML"], path: "Sources/DataMapperFormats"),
        .executableTarget(
            name: "datamapper",
            dependencies: ["DataMapperFormats", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/datamapper"
        ),

        // MARK: - Configuration
        .target(name: "DataMapperConfig", dependencies: ["DataMapper", "DataMapperFormats"], path: "Sources/DataMapperConfig"),
        .target(
            name: "DataMapperSwiftConfiguration",
            dependencies: [
                "DataMapper", "DataMapperFormats",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Sources/DataMapperSwiftConfiguration"
        ),
        .executableTarget(
            name: "config-demo",
            dependencies: ["DataMapperConfig", "DataMapperFormats"],
            path: "Examples/ConfigDemo",
            exclude: ["config"]
        ),

        // MARK: - Stores
        // Mappings described at run time, uniquing by primary key, assignment policies,
        // the object-store protocol and an in-memory store.
        .target(name: "DataMapperStore", dependencies: ["DataMapper"], path: "Sources/DataMapperStore"),
        // A store over SQLite through GRDB, apart so that only its users build GRDB.
        .target(
            name: "DataMapperSQLite",
            dependencies: [
                "DataMapperStore", .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's own functions, to read text to its length.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            path: "Sources/DataMapperSQLite"
        ),

        // MARK: - Tests
        .target(name: "DataMapperTestSupport", dependencies: ["DataMapper"], path: "Tests/DataMapperTestSupport"),
        .testTarget(name: "DataMapperCoreTests", dependencies: ["DataMapperCore", "DataMapperTestSupport"]),
        .testTarget(name: "DataMapperTests", dependencies: ["DataMapper", "DataMapperJSON", "DataMapperTestSupport"]),
        .testTarget(name: "DataMapperOperatorsTests", dependencies: ["DataMapper", "DataMapperOperators", "DataMapperJSON", "DataMapperTestSupport"]),
        .testTarget(name: "DataMapperJSONTests", dependencies: ["DataMapper", "DataMapperJSON", "DataMapperTestSupport"]),
        .testTarget(
            name: "DataMapperYAMLTests",
            dependencies: ["DataMapper", "DataMapperYAML", "DataMapperTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "DataMapperXMLTests",
            dependencies: ["DataMapper", "DataMapperXML", "DataMapperTestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "DataMapperMessagePackTests", dependencies: ["DataMapper", "DataMapperMessagePack", "DataMapperJSON", "DataMapperTestSupport"]),
        .testTarget(
            name: "DataMapperCodableRoundTripTests",
            dependencies: [
                "DataMapper", "DataMapperJSON", "DataMapperYAML", "DataMapperXML", "DataMapperMessagePack", "DataMapperTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "DataMapperHostileInputTests",
            dependencies: ["DataMapper", "DataMapperJSON", "DataMapperYAML", "DataMapperXML", "DataMapperMessagePack", "DataMapperTestSupport"]
        ),
        .testTarget(name: "DataMapperFormatsTests", dependencies: ["DataMapper", "DataMapperFormats", "DataMapperTestSupport"]),
        // Code in the shape the original DataMapper's README shows, seed names included;
        // the only target where their deprecation warnings are expected.
        .testTarget(
            name: "DataMapperSeedSampleTests",
            dependencies: ["DataMapper", "DataMapperFormats", "DataMapperJSON", "DataMapperTestSupport"]
        ),
        .testTarget(name: "DataMapperConfigTests", dependencies: ["DataMapper", "DataMapperConfig", "DataMapperFormats", "DataMapperTestSupport"]),
        .testTarget(
            name: "DataMapperSwiftConfigurationTests",
            dependencies: [
                "DataMapper", "DataMapperSwiftConfiguration", "DataMapperFormats", "DataMapperTestSupport",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .testTarget(
            name: "DataMapperStoreTests",
            dependencies: ["DataMapper", "DataMapperStore", "DataMapperFormats", "DataMapperTestSupport"]
        ),
        .testTarget(
            name: "DataMapperSQLiteTests",
            dependencies: [
                "DataMapper", "DataMapperStore", "DataMapperSQLite", "DataMapperJSON", "DataMapperTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "datamapperTests",
            dependencies: ["DataMapper", "datamapper", "DataMapperFormats", "DataMapperTestSupport"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
