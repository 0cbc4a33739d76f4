import DataMapper
import Testing

// Issue 28: `try data.name.get()` as sugar for `try data["name"].get()`.

@Suite struct DynamicMemberTests {
    let data = DeserializableData(
        value: ["name": "Rex", "owner": ["city": "Oslo"], "value": 7, "path": "p"],
        objectMapper: ObjectMapper()
    )

    @Test("a member reads the key of the same name, nested too")
    func membersReadKeys() throws {
        #expect(try data.name.get() == "Rex")
        #expect(try data.owner.city.get() == "Oslo")
    }

    @Test("a missing member throws the missing-key error with its path")
    func missingMember() {
        let error = #expect(throws: DataMapperError.self) {
            let _: String = try data.owner.street.get()
        }
        #expect(error?.kind == .missingKey)
        #expect(error?.path == ["owner", "street"])
    }

    @Test("the view's own members shadow keys of the same name; the subscript reaches them")
    func membersShadowKeys() throws {
        #expect(data.value?["name"] == "Rex", "`value` is the viewed value, not the key")
        #expect(data.path == .root, "`path` is the view's path, not the key")
        #expect(try data["value"].get() == 7)
        #expect(try data["path"].get() == "p")
    }
}
