import DataMapper
import DataMapperFormats
import Foundation
import Testing

/// Codable through the XML format as the registry makes it.
@Suite struct XMLCodableFormatTests {
    struct Server: Codable, Equatable {
        var host: String
        var port: Int
        var tags: [String]
        var secure: Bool
        var weight: Double
        var note: String?
    }

    @Test("a model encoded through the registry's XML serializer decodes back", arguments: [FormatWriteOptions.Style.compact, .pretty])
    func roundTrip(layout: FormatWriteOptions.Style) throws {
        let format = try FormatRegistry.standard.format(fromSetting: "xml")
        let serializer = format.serializer(options: FormatWriteOptions(style: layout))
        for server in [
            Server(host: "a", port: 80, tags: ["edge"], secure: true, weight: 0.5, note: nil),
            Server(host: "  b  ", port: -1, tags: [], secure: false, weight: 1e-3, note: ""),
            Server(host: "c\nd", port: 0, tags: ["x", "y", "z"], secure: true, weight: 2, note: " n "),
        ] {
            let data = try serializer.encode(server)
            #expect(try serializer.decode(Server.self, from: data) == server, "\(String(decoding: data, as: UTF8.self))")
        }
    }

    @Test("a document with any root element name decodes through the registry's serializer")
    func foreignRoot() throws {
        let serializer = try FormatRegistry.standard.format(fromSetting: "xml").serializer()
        let document = "<config>\n  <host>h</host>\n  <port>9</port>\n  <secure>false</secure>\n  <weight>1</weight>\n</config>"
        let server = try serializer.decode(Server.self, fromString: document)
        #expect(server == Server(host: "h", port: 9, tags: [], secure: false, weight: 1, note: nil))
    }
}
