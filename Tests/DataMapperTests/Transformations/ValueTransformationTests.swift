import DataMapper
import Testing

// The seed's value-type transformations, with our number rule: integers read as
// Double, whole Doubles read as Int, fractions and strings never do.

@Suite struct ValueTransformationTests {
    @Test("IntTransformation reads every integer kind and exact whole doubles", arguments: [
        (SupportedType.int(3), 3),
        (.intOrDouble(-4), -4),
        (.double(5.0), 5),
        (.bigNumber("12"), 12),
    ])
    func intAccepts(value: SupportedType, expected: Int) throws {
        #expect(try IntTransformation().transform(from: value) == expected)
    }

    @Test("IntTransformation refuses fractions, strings, booleans and out-of-range numbers", arguments: [
        (SupportedType.double(2.5), DataMapperError.Kind.typeMismatch),
        (.string("3"), .typeMismatch),
        (.bool(true), .typeMismatch),
        (SupportedType(.uint(UInt64.max)), .invalidValue),
        (.bigNumber("123456789012345678901234567890"), .invalidValue),
        (.double(1e30), .typeMismatch),
    ])
    func intRefuses(value: SupportedType, kind: DataMapperError.Kind) {
        #expect {
            try IntTransformation().transform(from: value)
        } throws: { ($0 as? DataMapperError)?.kind == kind }
    }

    @Test("DoubleTransformation reads floating-point values and integers", arguments: [
        (SupportedType.double(1.5), 1.5),
        (.int(1), 1.0),
        (.intOrDouble(2), 2.0),
        (SupportedType(.uint(UInt64.max)), 18_446_744_073_709_551_615.0),
        (.bigNumber("1.25"), 1.25),
    ])
    func doubleAccepts(value: SupportedType, expected: Double) throws {
        #expect(try DoubleTransformation().transform(from: value) == expected)
    }

    @Test("DoubleTransformation refuses strings and numbers beyond Double's range")
    func doubleRefuses() {
        #expect(throws: DataMapperError(.typeMismatch, message: "expected a number, found the string \"1\"")) {
            try DoubleTransformation().transform(from: "1")
        }
        #expect { try DoubleTransformation().transform(from: .bigNumber("1e999")) } throws: {
            ($0 as? DataMapperError)?.kind == .invalidValue
        }
    }

    @Test("a JSON-style integer fills a Double field")
    func integerIntoDoubleField() throws {
        let data = DeserializableData(value: ["price": 1], objectMapper: ObjectMapper())
        let price: Double = try data["price"].get()
        #expect(price == 1.0)
    }

    @Test("BoolTransformation and StringTransformation read only their own kind")
    func boolAndString() throws {
        #expect(try BoolTransformation().transform(from: true) == true)
        #expect(try StringTransformation().transform(from: "s") == "s")
        #expect(throws: DataMapperError(.typeMismatch, message: "expected a boolean, found the integer 1")) {
            try BoolTransformation().transform(from: 1)
        }
        #expect(throws: DataMapperError(.typeMismatch, message: "expected a string, found the integer 1; quote the value to keep it as text exactly as written")) {
            try StringTransformation().transform(from: 1)
        }
    }

    @Test("value transformations write their own kind")
    func writing() {
        #expect(IntTransformation().transform(object: 1).kind.isInt)
        #expect(DoubleTransformation().transform(object: 1).double == 1.0)
        #expect(DoubleTransformation().transform(object: 1).int == nil)
        #expect(BoolTransformation().transform(object: false) == false)
        #expect(StringTransformation().transform(object: "a") == "a")
    }
}

private extension SupportedType.Kind {
    var isInt: Bool {
        if case .int = self { return true }
        return false
    }
}
