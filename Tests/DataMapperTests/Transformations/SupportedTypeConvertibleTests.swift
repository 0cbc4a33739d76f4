import DataMapper
import Foundation
import Testing

// The seed's "SupportedTypeConvertible" section: types with a default transformation
// map without `using:`, including types of our own.

private struct Percent: SupportedTypeConvertible, Equatable {
    var value: Int
    static var defaultTransformation: AnyTransformation<Percent> {
        AnyTransformation(
            transformFrom: { value in
                let text = try StringTransformation().transform(from: value)
                guard text.hasSuffix("%"), let number = Int(text.dropLast()) else {
                    throw DataMapperError.invalidValue("\"\(text)\" is not a percentage", at: value)
                }
                return Percent(value: number)
            },
            transformObject: { .string("\($0.value)%") }
        )
    }
}

private struct Product: Mappable {
    var name: String = ""
    var price: Double = 0
    var stock: Int?
    var available: Bool = false
    var page: URL?
    var discount: Percent?
    var extra: SupportedType?

    init(_ data: DeserializableData) throws {
        try mapping(data)
    }

    mutating func mapping(_ data: inout MappableData) throws {
        try data["name"].map(&name)
        try data["price"].map(&price)
        data["stock"].map(&stock)
        data["available"].map(&available, or: false)
        data["page"].map(&page)
        data["discount"].map(&discount)
        data["extra"].map(&extra)
    }
}

@Suite struct SupportedTypeConvertibleTests {
    let value: SupportedType = [
        "name": "lamp", "price": 20, "stock": 3, "available": true,
        "page": "https://shop.example/lamp", "discount": "15%", "extra": ["any": [1, "x"]],
    ]

    @Test("Int, Double, Bool, String, URL, SupportedType and our own type map without using:")
    func mapsWithoutTransformation() throws {
        let product = try ObjectMapper().deserialize(value, as: Product.self)
        #expect(product.name == "lamp")
        #expect(product.price == 20)
        #expect(product.stock == 3)
        #expect(product.available)
        #expect(product.page?.absoluteString == "https://shop.example/lamp")
        #expect(product.discount == Percent(value: 15))
        #expect(product.extra == ["any": [1, "x"]])
    }

    @Test("they write back through the same default transformations")
    func writes() throws {
        let product = try ObjectMapper().deserialize(value, as: Product.self)
        let written = ObjectMapper().serialize(product)
        #expect(written["price"] == 20.0)
        #expect(written["discount"] == "15%")
        #expect(written["page"] == "https://shop.example/lamp")
    }

    @Test("a convertible type's failure reaches the try form with its path")
    func failure() {
        #expect(throws: DataMapperError(.invalidValue, message: "\"x%\" is not a percentage", path: ["d"])) {
            let data = DeserializableData(value: ["d": "x%"], objectMapper: ObjectMapper())
            let _: Percent = try data["d"].get()
        }
    }

    @Test("a convertible type also reads through ObjectMapper directly")
    func objectMapper() {
        let words: [String]? = ObjectMapper().deserialize(["a", "b"])
        #expect(words == ["a", "b"])
        let percent: Percent? = ObjectMapper().deserialize("5%")
        #expect(percent == Percent(value: 5))
    }
}
