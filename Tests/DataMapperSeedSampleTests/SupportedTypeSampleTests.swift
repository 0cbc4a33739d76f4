import DataMapper
import Testing

// The README's SupportedType section: the accessors, `addToDictionary`, the static
// factories and `intOrDouble`.

@Suite struct SupportedTypeSampleTests {
    @Test("each accessor gives its value for its own kind and nil for the others")
    func accessors() {
        let type: SupportedType = .string("tide")
        #expect(type.string == "tide")
        // deviation: the README's sample asks for `number`, which its own list of
        // accessors does not have; `int` and `double` are the accessors it lists.
        #expect(type.int == nil)
        #expect(type.double == nil)
        #expect(type.bool == nil)
        #expect(!type.isNull)

        #expect(SupportedType.null.isNull)
        #expect(SupportedType.bool(true).bool == true)
        #expect(SupportedType.int(-4).int == -4)
        #expect(SupportedType.double(0.25).double == 0.25)
        #expect(SupportedType.array([.int(1), .null]).array == [.int(1), .null])
        #expect(SupportedType.dictionary(["k": .bool(false)]).dictionary == ["k": .bool(false)])
        #expect(SupportedType.int(3).array == nil)
        #expect(SupportedType.array([]).dictionary == nil)
    }

    @Test("addToDictionary adds to a dictionary and replaces anything else by one")
    func addToDictionary() {
        var dictionary: SupportedType = .dictionary(["a": .int(1)])
        dictionary.addToDictionary(key: "b", value: .string("two"))
        #expect(dictionary.dictionary == ["a": .int(1), "b": .string("two")])

        var scalar: SupportedType = .string("gone")
        scalar.addToDictionary(key: "fresh", value: .null)
        #expect(scalar.dictionary == ["fresh": .null])
    }

    @Test("intOrDouble answers to both numeric accessors, int only to int")
    func intOrDouble() {
        let either = SupportedType.intOrDouble(7)
        #expect(either.int == 7)
        #expect(either.double == 7.0)

        let integer = SupportedType.int(7)
        #expect(integer.int == 7)
        #expect(integer.double == nil)
    }
}
