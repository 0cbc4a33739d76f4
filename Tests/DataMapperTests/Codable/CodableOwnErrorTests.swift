import DataMapper
import Testing

/// Errors a type's `init(from:)` throws of its own type.
@Suite struct CodableOwnErrorTests {
    struct Refused: Error, Equatable {}

    struct Picky: Decodable {
        init(from decoder: any Decoder) throws { throw Refused() }
    }

    @Test("by default an error of the type's own passes through untouched, as JSONDecoder lets it")
    func passesThrough() {
        #expect(throws: Refused.self) { try SupportedTypeDecoder().decode([String: Picky].self, from: ["a": 1]) }
    }

    @Test("a DataMapperError equals another that says the same, whatever error it stands for")
    func equalityIgnoresUnderlyingError() {
        var first = DataMapperError(.invalidValue, message: "refused", path: ["a"])
        let second = first
        first.underlyingError = Refused()
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first.underlyingError is Refused)
    }
}
