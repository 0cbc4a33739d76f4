// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "DataMapper",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "DataMapper", targets: ["DataMapper"]),
        .library(name: "DataMapperJSON", targets: ["DataMapperJSON"]),
        .library(name: "DataMapperYAML", targets: ["DataMapperYAML"]),
        .library(name: "DataMapperXML", targets: ["DataMapperXML"]),
        .library(name: "DataMapperMessagePack", targets: ["DataMapperMessagePack"]),
        .library(name: "DataMapperFormats", targets: ["DataMapperFormats"]),
        .library(name: "DataMapperConfig", targets: ["DataMapperConfig"]),
        .library(name: "DataMapperConfiguration", targets: ["DataMapperConfiguration"]),
        .executable(name: "datamapper", targets: ["datamapper"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
    ],
    targets: [
        // MARK: - Core
        .target(name: "DataMapper", path: "Sources/DataMapper"),

        // MARK: - Formats
        .target(name: "DataMapperJSON", dependencies: ["DataMapper"], path: "Formats/JSON/DataMapperJSON"),
        .systemLibrary(
            name: "CYAML",
            path: "Formats/YAML/CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "DataMapperYAML", dependencies: ["DataMapper", "CYAML"], path: "Formats/YAML/DataMapperYAML"),
        .systemLibrary(
            name: "CLibXML2",
            path: "Formats/XML/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "DataMapperXML", dependencies: ["DataMapper", "CLibXML2"], path: "Formats/XML/DataMapperXML"),
        .target(name: "DataMapperMessagePack", dependencies: ["DataMapper"], path: "Formats/MessagePack/DataMapperMessagePack"),

        // MARK: - Registry and tool
        .target(name: "DataMapperFormats", dependencies: ["DataMapper", "DataMapperJSON", "DataMapperYAML", "DataMapperMessagePack", "DataMapperXML"], path: "Sources/DataMapperFormats"),
        .executableTarget(
            name: "datamapper",
            dependencies: ["DataMapperFormats", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/datamapper"
        ),

        // MARK: - Configuration
        .target(name: "DataMapperConfig", dependencies: ["DataMapper", "DataMapperFormats"], path: "Sources/DataMapperConfig"),
        .target(
            name: "DataMapperConfiguration",
            dependencies: [
                "DataMapper", "DataMapperFormats",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Sources/DataMapperConfiguration"
        ),
        .executableTarget(
            name: "config-demo",
            dependencies: ["DataMapperConfig", "DataMapperFormats"],
            path: "Examples/ConfigDemo",
            exclude: ["config"]
        ),

        // MARK: - Tests
        .target(name: "DataMapperTestSupport", dependencies: ["DataMapper"], path: "Tests/DataMapperTestSupport"),
        .testTarget(name: "DataMapperTests", dependencies: ["DataMapper", "DataMapperTestSupport"]),
        .testTarget(name: "DataMapperJSONTests", dependencies: ["DataMapperJSON", "DataMapperTestSupport"]),
        .testTarget(
            name: "DataMapperYAMLTests",
            dependencies: ["DataMapperYAML", "DataMapperTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "DataMapperXMLTests",
            dependencies: ["DataMapperXML", "DataMapperTestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "DataMapperMessagePackTests", dependencies: ["DataMapperMessagePack", "DataMapperJSON", "DataMapperTestSupport"]),
        .testTarget(
            name: "DataMapperCodableRoundTripTests",
            dependencies: [
                "DataMapperJSON", "DataMapperYAML", "DataMapperXML", "DataMapperMessagePack", "DataMapperTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "DataMapperHostileInputTests",
            dependencies: ["DataMapperJSON", "DataMapperYAML", "DataMapperXML", "DataMapperMessagePack", "DataMapperTestSupport"]
        ),
        .testTarget(name: "DataMapperFormatsTests", dependencies: ["DataMapperFormats", "DataMapperTestSupport"]),
        .testTarget(name: "DataMapperConfigTests", dependencies: ["DataMapperConfig", "DataMapperFormats", "DataMapperTestSupport"]),
        .testTarget(
            name: "DataMapperConfigurationTests",
            dependencies: [
                "DataMapperConfiguration", "DataMapperFormats", "DataMapperTestSupport",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .testTarget(
            name: "datamapperTests",
            dependencies: ["datamapper", "DataMapperFormats", "DataMapperTestSupport"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
