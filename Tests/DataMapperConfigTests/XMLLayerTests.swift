import DataMapperTestSupport
import DataMapper
import DataMapperConfig
import Testing

/// XML layers: the root element holds the settings, and text reads as the numbers and
/// booleans the type wants.
@Suite struct XMLLayerTests {
    @Test("a flat XML file of scalars merges over defaults whatever the root element is called")
    func flatScalars() throws {
        let files = try TemporaryFiles()
        let path = try files.write("settings.xml", """
            <?xml version="1.0"?>
            <settings>
              <debug>true</debug>
              <ratio>0.25</ratio>
              <server>
                <host>example.org</host>
                <port>9090</port>
              </server>
            </settings>
            """)
        let config = try ConfigLoader([try .defaults(TestConfig()), .file(path)], unknownKeys: .reject).load(TestConfig.self)
        var expected = TestConfig()
        expected.debug = true
        expected.ratio = 0.25
        expected.server.host = "example.org"
        expected.server.port = 9090
        #expect(config == expected)
    }

    @Test("an unknown element in an XML layer is rejected with its position")
    func unknownElement() throws {
        let files = try TemporaryFiles()
        let path = try files.write("settings.xml", "<settings>\n  <server>\n    <prot>1</prot>\n  </server>\n</settings>\n")
        let error = try expectError {
            try ConfigLoader([try .defaults(TestConfig()), .file(path)], unknownKeys: .reject).load(TestConfig.self)
        }
        #expect(error.kind == .unknownKey)
        #expect(error.path == ["server", "prot"])
        #expect(error.location?.file == path)
        #expect(error.location?.line == 3)
    }

    struct Upstreams: Codable, Equatable {
        struct Upstream: Codable, Equatable {
            var id: Int
            var host: String
        }
        var motd = "hello"
        var banner: String? = nil
        var tags: [String] = []
        var upstream: [Upstream] = []
    }

    @Test("XML layers follow the Codable rules: arrays from repeated elements, attributes, text kept, empty is \"\"")
    func typeDrivenRules() throws {
        let files = try TemporaryFiles()
        let path = try files.write("upstreams.xml", """
            <config>
              <motd>  two spaces either side  </motd>
              <banner></banner>
              <tags>solo</tags>
              <upstream id="1"><host>a.example</host></upstream>
              <upstream id="2"><host>b.example</host></upstream>
            </config>
            """)
        let config = try ConfigLoader([try .defaults(Upstreams()), .file(path)], unknownKeys: .reject).load(Upstreams.self)
        #expect(config == Upstreams(
            motd: "  two spaces either side  ", banner: "", tags: ["solo"],
            upstream: [.init(id: 1, host: "a.example"), .init(id: 2, host: "b.example")]))
    }

    @Test("an XML root element with nothing in it is an empty layer")
    func emptyRoot() throws {
        let files = try TemporaryFiles()
        for (name, text) in [("a.xml", "<config/>"), ("b.xml", "<config>\n  \n</config>")] {
            let path = try files.write(name, text)
            let config = try ConfigLoader([try .defaults(Upstreams()), .file(path)], unknownKeys: .reject).load(Upstreams.self)
            #expect(config == Upstreams(), "\(name)")
        }
    }
}
