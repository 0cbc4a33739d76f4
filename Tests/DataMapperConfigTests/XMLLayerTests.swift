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
        let error = try #require(throws: DataMapperError.self) {
            try ConfigLoader([try .defaults(TestConfig()), .file(path)], unknownKeys: .reject).load(TestConfig.self)
        }
        #expect(error.kind == .unknownKey)
        #expect(error.path == ["server", "prot"])
        #expect(error.location?.file == path)
        #expect(error.location?.line == 3)
    }
}
