import DataMapperTestSupport
import DataMapper
import DataMapperConfig
import Testing

/// `.reject(allowing:)`: keys kept on purpose (Compose's `x-` anchors) pass by name.
@Suite struct AllowedKeyTests {
    struct Compose: Codable {
        struct Service: Codable { var image: String; var restart: String? }
        var services: [String: Service]
    }

    static let compose = """
        x-defaults: &defaults
          restart: always
        services:
          web:
            <<: *defaults
            image: nginx
            x-labels:
              team: web
          db:
            image: postgres
            restatr: no
        """

    @Test("plain reject stops at the first x- key, which the type does not read")
    func plainRejectStops() throws {
        let files = try TemporaryFiles()
        let path = try files.write("compose.yaml", Self.compose)
        let error = try expectError {
            try ConfigLoader([.file(path)], unknownKeys: .reject).load(Compose.self)
        }
        #expect(error.description == "\(path):1:13: x-defaults: unknown key, not read by the configuration type")
    }

    @Test("x-* lets x- keys through at any depth, and a misspelt key is still caught")
    func globAtAnyDepth() throws {
        let files = try TemporaryFiles()
        let path = try files.write("compose.yaml", Self.compose)
        let loader = ConfigLoader([.file(path)], unknownKeys: .reject(allowing: ["x-*"]))
        let error = try expectError { try loader.load(Compose.self) }
        #expect(error.description == "\(path):11:14: services.db.restatr: unknown key, not read by the configuration type")

        let fixed = try files.write("fixed.yaml", Self.compose.replacingOccurrences(of: "restatr", with: "restart"))
        let compose = try ConfigLoader([.file(fixed)], unknownKeys: .reject(allowing: ["x-*"])).load(Compose.self)
        #expect(compose.services["web"]?.restart == "always")
        #expect(compose.services["db"]?.restart == "no")
    }

    @Test("loadReporting leaves allowed keys out and lists the rest")
    func reportingLeavesAllowedOut() throws {
        let files = try TemporaryFiles()
        let path = try files.write("compose.yaml", Self.compose)
        let result = try ConfigLoader([.file(path)], unknownKeys: .reject(allowing: ["x-*"])).loadReporting(Compose.self)
        #expect(result.unknownKeys.map(\.path) == [["services", "db", "restatr"]])
        let everything = try ConfigLoader([.file(path)]).loadReporting(Compose.self)
        #expect(everything.unknownKeys.map(\.path) == [["x-defaults"], ["services", "web", "x-labels"], ["services", "db", "restatr"]])
    }

    @Test("* matches any run, ? one character, other characters themselves, case included", arguments: [
        (["x-*"], "x-", true), (["x-*"], "X-a", false), (["*_note"], "a_note", true), (["*_note"], "a_notes", false),
        (["v?"], "v1", true), (["v?"], "v", false), (["v?"], "v12", false), (["*a*b*"], "xxaxxbxx", true),
        (["*a*b*"], "xxbxxaxx", false), (["comment"], "comment", true), (["comment"], "comments", false),
        (["a*", "b?"], "b2", true), (["*"], "anything", true),
    ])
    func patterns(patterns: [String], key: String, allowed: Bool) throws {
        struct Empty: Codable {}
        let loader = ConfigLoader([.defaultValues([key: 1])], unknownKeys: .reject(allowing: patterns))
        let result = try loader.loadReporting(Empty.self)
        #expect(result.unknownKeys.isEmpty == allowed)
        if allowed {
            _ = try loader.load(Empty.self)
        } else {
            #expect(throws: DataMapperError.self) { try loader.load(Empty.self) }
        }
    }

    @Test("reject is reject(allowing:) with no pattern")
    func rejectIsEmptyAllowList() {
        #expect(ConfigLoader.UnknownKeyPolicy.reject == .reject(allowing: []))
        #expect(ConfigLoader.UnknownKeyPolicy.reject != .ignore)
    }
}
