import DataMapper
import DataMapperXML
import Foundation
import Testing

@Suite struct XMLFixtureTests {
    func fixture(_ name: String, _ options: XMLSerializer.Options = .init()) throws -> SupportedType {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
        return try XMLSerializer(options: options).deserialize(Data(contentsOf: url))
    }

    @Test("a Maven POM: namespaces, repeated dependencies, CDATA, comments dropped")
    func pom() throws {
        let project = try #require(try fixture("pom.xml")["project"])
        #expect(project["@xmlns"] == "http://maven.apache.org/POM/4.0.0")
        #expect(project["@xsi:schemaLocation"]?.string?.hasPrefix("http://maven.apache.org/POM/4.0.0 ") == true)
        #expect(project["name"] == "Inventory & Stock Service")
        #expect(project["description"] == "Tracks <stock> levels & reorders.")
        #expect(project["properties"]?["java.version"] == "17")
        #expect(project["properties"]?["skipITs"] == .null)
        #expect(project["dependencies"]?["dependency"]?.array?.count == 2)
        #expect(project["dependencies"]?["dependency"]?[1]?["exclusions"]?["exclusion"]?["groupId"] == "org.hamcrest")
        #expect(project["build"]?["plugins"]?["plugin"]?["configuration"]?["compilerArgs"]?["arg"] == ["-Xlint:all", "-parameters"])
        #expect(project["dependencies"]?["dependency"]?[1]?.position == .text(line: 27, column: 5))
    }

    @Test("force list gives a POM's single plugin the same shape as two dependencies")
    func pomForceList() throws {
        let project = try #require(try fixture("pom.xml", .init(forceList: ["plugin", "exclusion"]))["project"])
        #expect(project["build"]?["plugins"]?["plugin"]?.array?.count == 1)
        #expect(project["dependencies"]?["dependency"]?[1]?["exclusions"]?["exclusion"]?.array?.count == 1)
    }

    @Test("a .csproj: attributes only, attributes with children, escaped attribute text")
    func csproj() throws {
        let project = try #require(try fixture("Service.csproj")["Project"])
        #expect(project["@Sdk"] == "Microsoft.NET.Sdk.Web")
        #expect(project["PropertyGroup"]?[1]?["@Condition"] == " '$(Configuration)' == 'Release' ")
        let references = try #require(project["ItemGroup"]?[0]?["PackageReference"]?.array)
        #expect(references.count == 3)
        #expect(references[1] == ["@Include": "Serilog.AspNetCore", "@Version": "8.0.1", "PrivateAssets": "all"])
        #expect(project["Target"]?["Message"]?["@Text"] == "Built $(AssemblyName) <$(Version)>")
    }

    @Test("an RSS feed: prefixed elements, attributes with text, CDATA holding markup")
    func rss() throws {
        let channel = try #require(try fixture("feed.rss")["rss"]?["channel"])
        #expect(channel["atom:link"]?["@rel"] == "self")
        #expect(channel["description"] == "Small tools, careful parsers — and the odd café review.")
        let items = try #require(channel["item"]?.array)
        #expect(items.count == 2)
        #expect(items[0]["guid"] == ["@isPermaLink": "false", "#text": "tag:example.org,2024:post-42"])
        #expect(items[0]["category"] == ["xml", "security"])
        #expect(items[1]["category"] == "mapping")
        #expect(items[0]["content:encoded"] == "<p>Entities are <em>off</em> by default &amp; stay off.</p>")
        #expect(items[0]["description"] == "Why <!ENTITY> declarations are refused.")
    }

    @Test("an SVG: repeated paths, mixed content, an empty group")
    func svg() throws {
        let svg = try #require(try fixture("icon.svg")["svg"])
        #expect(svg["@xmlns:xlink"] == "http://www.w3.org/1999/xlink")
        #expect(svg["desc"] == ["tspan": "mixed", "#text": "A gear beside an arrow, with a  description."])
        #expect(svg["g"]?[0]?["path"]?.array?.count == 2)
        #expect(svg["g"]?[0]?["use"]?["@xlink:href"] == "#gear")
        #expect(svg["g"]?[1] == .null)
        #expect(svg["defs"]?["style"]?["#text"] == ".ring { fill: none; stroke: url(#g1); stroke-width: 4 }")
    }
}
