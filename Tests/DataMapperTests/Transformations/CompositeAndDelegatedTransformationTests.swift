import DataMapper
import Foundation
import Testing

// The seed's CompositeTransformation and DelegatedTransformation.

/// Minutes stored as an integer, mapped to a Duration.
private struct MinutesTransformation: CompositeTransformation {
    typealias Object = Duration
    let transitiveTransformation = IntTransformation()

    func convert(from minutes: Int) throws -> Duration {
        guard minutes >= 0 else { throw DataMapperError(.invalidValue, message: "minutes cannot be negative") }
        return .seconds(minutes * 60)
    }

    func convert(object: Duration) -> Int { Int(object.components.seconds / 60) }
}

/// Reads only: a comma-separated list built on StringTransformation.
private struct ListReader: CompositeDeserializableTransformation {
    typealias Object = [String]
    let transitiveTransformation = StringTransformation()
    func convert(from text: String) throws -> [String] { text.split(separator: ",").map(String.init) }
}

/// A day, delegated to a pattern.
private struct DayTransformation: DelegatedTransformation {
    typealias Object = Date
    let transformationDelegate = CustomDateFormatTransformation(formatString: "yyyy-MM-dd").typeErased()
}

@Suite struct CompositeAndDelegatedTransformationTests {
    @Test("a composite transformation reuses another and converts its result")
    func composite() throws {
        #expect(try MinutesTransformation().transform(from: 2) == Duration.seconds(120))
        #expect(MinutesTransformation().transform(object: Duration.seconds(180)) == 3)
        #expect(try ListReader().transform(from: "a,b") == ["a", "b"])
    }

    @Test("a conversion error points at the value that was converted")
    func compositeError() {
        let value = SupportedType(.int(-1), position: .text(line: 2, column: 9))
        #expect {
            try MinutesTransformation().transform(from: value)
        } throws: { error in
            let error = error as? DataMapperError
            return error?.kind == .invalidValue && error?.location?.line == 2 && error?.location?.column == 9
        }
    }

    @Test("the underlying transformation's own errors pass through")
    func compositeUnderlyingError() {
        #expect(throws: DataMapperError(.typeMismatch, message: "expected an integer, found the string \"x\"")) {
            try MinutesTransformation().transform(from: "x")
        }
    }

    @Test("a delegated transformation hands everything to its delegate")
    func delegated() throws {
        let day = try DayTransformation().transform(from: "1970-01-02")
        #expect(day == Date(timeIntervalSince1970: 86_400))
        #expect(DayTransformation().transform(object: day) == "1970-01-02")
    }
}
