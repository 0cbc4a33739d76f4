import DataMapper
import DataMapperXML
import Foundation
import Testing

/// A document that does not fit the type is an error naming the element's path, line
/// and column, never an empty value.
@Suite("XML Codable errors")
struct XMLCodableErrorTests {
    struct Owner: Codable { var name: String }
    struct Server: Codable { var host: String; var port: Int; var owner: Owner? }
    struct Config: Codable { var server: Server }
    struct Tagged: Codable { var tag: [Owner] }

    let xml = XMLSerializer()

    /// The located ``DataMapperError`` carried by a `DecodingError`, with its coding path.
    func failure<T: Decodable>(_ type: T.Type, _ document: String) -> (DataMapperError, [String])? {
        do {
            _ = try xml.decode(T.self, fromString: document)
            return nil
        } catch let error as DecodingError {
            let context: DecodingError.Context
            switch error {
            case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found), .dataCorrupted(let found):
                context = found
            @unknown default:
                return nil
            }
            guard let cause = context.underlyingError as? DataMapperError else { return nil }
            return (cause, context.codingPath.map(\.stringValue))
        } catch {
            return nil
        }
    }

    @Test("text where a model is expected")
    func textForModel() throws {
        let document = "<config>\n  <server>\n    <host>a</host>\n    <port>1</port>\n    <owner>bob</owner>\n  </server>\n</config>"
        let (error, path) = try #require(failure(Config.self, document))
        #expect(error.kind == .typeMismatch)
        #expect(path == ["server", "owner"])
        #expect(error.location?.line == 5)
        #expect(error.location?.column == 5)
        #expect(error.path.description == "server.owner")
    }

    @Test("a missing required element")
    func missingElement() throws {
        let (error, path) = try #require(failure(Config.self, "<config>\n  <server>\n    <host>a</host>\n  </server>\n</config>"))
        // As with JSONDecoder, the path is the container's; the message names the key.
        #expect(error.kind == .missingKey)
        #expect(path == ["server"])
        #expect(error.message == #"the key "port" is missing"#)
        #expect(error.location?.line == 2)
        #expect(error.location?.column == 3)
    }

    @Test("a missing required model is not made up from nothing")
    func missingModel() throws {
        let (error, path) = try #require(failure(Config.self, "<config>\n</config>"))
        #expect(error.kind == .missingKey)
        #expect(path == [])
        #expect(error.message == #"the key "server" is missing"#)
        #expect(error.location?.line == 1)
    }

    @Test("text that is not a number")
    func notANumber() throws {
        let (error, path) = try #require(failure(Server.self, "<server>\n  <host>a</host>\n  <port>80a</port>\n</server>"))
        #expect(error.kind == .typeMismatch)
        #expect(path == ["port"])
        #expect(error.location?.line == 3)
        #expect(error.location?.column == 3)
        #expect(error.message == #"expected Int, found the string "80a""#)
    }

    @Test("text where an array of models is expected")
    func textForArrayItem() throws {
        let (error, path) = try #require(failure(Tagged.self, "<t>\n  <tag>plain</tag>\n</t>"))
        #expect(error.kind == .typeMismatch)
        #expect(path == ["tag", "Index 0"])
        #expect(error.location?.line == 2)
    }

    @Test("text where a top-level array is expected")
    func textForTopLevelArray() throws {
        let (error, path) = try #require(failure([Int].self, "<numbers>5</numbers>"))
        #expect(error.kind == .typeMismatch)
        #expect(path == [])
        #expect(error.location?.line == 1)
        #expect(error.location?.column == 1)
    }
}
