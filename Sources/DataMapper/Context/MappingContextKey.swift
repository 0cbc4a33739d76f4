/// A typed key for a value in a ``MappingContext``.
///
/// Declare each key once, as a constant, and read its value anywhere in a mapping:
///
/// ```swift
/// extension MappingContextKey where Value == String {
///     static let tenant = MappingContextKey("com.example.tenant")
/// }
/// let tenant = data.context[.tenant]          // String?
/// ```
///
/// The ``name`` is the key's identity: two keys with the same name are the same key,
/// whatever their `Value`, so a value stored under one and read under another of a
/// different type reads as `nil`. Use reverse-DNS names to keep keys of different
/// libraries apart. The name is also the raw value of ``codingUserInfoKey``, under
/// which `Codable` models find the same value in `decoder.userInfo`.
public struct MappingContextKey<Value: Sendable>: Sendable, Hashable {
    /// The name that identifies the key.
    public let name: String

    /// Creates a key named `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// The key under which the Codable bridge puts this key's value in
    /// `decoder.userInfo` and `encoder.userInfo`; its raw value is ``name``.
    ///
    /// ```swift
    /// let tenant = decoder.userInfo[MappingContextKey<String>.tenant.codingUserInfoKey] as? String
    /// ```
    public var codingUserInfoKey: CodingUserInfoKey {
        .mappingContextEntry(named: name)
    }
}

extension CodingUserInfoKey {
    /// The key of the context entry named `name`.
    static func mappingContextEntry(named name: String) -> CodingUserInfoKey {
        // `init(rawValue:)` accepts every string; only its signature is failable.
        CodingUserInfoKey(rawValue: name)!
    }
}
