extension SupportedType: ExpressibleByNilLiteral {
    /// `nil` is ``null``.
    public init(nilLiteral: ()) { self.init(.null) }
}

extension SupportedType: ExpressibleByBooleanLiteral {
    /// `true` and `false` are booleans.
    public init(booleanLiteral value: Bool) { self.init(.bool(value)) }
}

extension SupportedType: ExpressibleByIntegerLiteral {
    /// An integer literal is an integer, so `let port: SupportedType = 8080` is `.int(8080)`.
    public init(integerLiteral value: Int) { self.init(.int(value)) }
}

extension SupportedType: ExpressibleByFloatLiteral {
    /// A float literal is a ``Kind/double(_:)``.
    public init(floatLiteral value: Double) { self.init(.double(value)) }
}

extension SupportedType: ExpressibleByStringLiteral {
    /// A string literal is a string.
    public init(stringLiteral value: String) { self.init(.string(value)) }
}

extension SupportedType: ExpressibleByArrayLiteral {
    /// An array literal is an array.
    public init(arrayLiteral elements: SupportedType...) { self.init(.array(SupportedArray(elements))) }
}

extension SupportedType: ExpressibleByDictionaryLiteral {
    /// A dictionary literal is a dictionary that keeps the order written.
    public init(dictionaryLiteral elements: (String, SupportedType)...) {
        self.init(.dictionary(OrderedMap(elements)))
    }
}
