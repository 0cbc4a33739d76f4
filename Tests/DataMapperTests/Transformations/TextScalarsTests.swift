import DataMapper
import Foundation
import Testing

@Suite struct TextScalarsTests {
    @Test("strict by default: strings are not numbers or booleans, a single value is not an array")
    func strictByDefault() {
        #expect(throws: DataMapperError.self) { try IntTransformation().transform(from: "12") }
        #expect(throws: DataMapperError.self) { try DoubleTransformation().transform(from: "1.5") }
        #expect(throws: DataMapperError.self) { try BoolTransformation().transform(from: "true") }
        #expect(throws: DataMapperError.self) { try ObjectMapper().deserialize("1" as SupportedType, as: [String].self) }
        #expect(TextScalars.areAccepted == false)
    }

    @Test("integers are read from decimal text, surrounding whitespace ignored", arguments: [
        ("12", 12), (" -7\n", -7), ("+3", 3), ("9223372036854775807", Int.max),
    ])
    func integers(text: String, expected: Int) throws {
        #expect(try TextScalars.accepting { try IntTransformation().transform(from: .string(text)) } == expected)
    }

    @Test("text that is not a decimal integer is still refused", arguments: ["1.5", "0x10", "", "12a", "9223372036854775808"])
    func badIntegers(text: String) {
        #expect(throws: DataMapperError.self) {
            try TextScalars.accepting { try IntTransformation().transform(from: .string(text)) }
        }
    }

    @Test("doubles are read from decimal text; hexadecimal is refused")
    func doubles() throws {
        try TextScalars.accepting { () throws -> Void in
            #expect(try DoubleTransformation().transform(from: "2.5") == 2.5)
            #expect(try DoubleTransformation().transform(from: " 1e-3 ") == 0.001)
            #expect(try DoubleTransformation().transform(from: "-inf") == -.infinity)
            #expect(throws: DataMapperError.self) { try DoubleTransformation().transform(from: "0x1p3") }
            #expect(throws: DataMapperError.self) { try DoubleTransformation().transform(from: "one") }
        }
    }

    @Test("booleans are read from XML Schema's four spellings, in any case", arguments: [
        ("true", true), ("TRUE", true), ("1", true), ("false", false), (" False ", false), ("0", false),
    ])
    func booleans(text: String, expected: Bool) throws {
        #expect(try TextScalars.accepting { try BoolTransformation().transform(from: .string(text)) } == expected)
    }

    @Test("yes and no are not booleans even under the policy")
    func notBooleans() {
        #expect(throws: DataMapperError.self) { try TextScalars.accepting { try BoolTransformation().transform(from: "yes") } }
    }

    @Test("an array field reads a single value as a one-element array")
    func singleAsArray() throws {
        try TextScalars.accepting { () throws -> Void in
            #expect(try ObjectMapper().deserialize("a" as SupportedType, as: [String].self) == ["a"])
            #expect(try ObjectMapper().deserialize(["a", "b"] as SupportedType, as: [String].self) == ["a", "b"])
        }
    }

    @Test("the policy ends with its closure and does not reach other tasks")
    func scoped() async {
        TextScalars.accepting {
            #expect(TextScalars.areAccepted)
        }
        let other = await Task.detached { TextScalars.areAccepted }.value
        #expect(other == false)
        #expect(TextScalars.areAccepted == false)
    }
}
