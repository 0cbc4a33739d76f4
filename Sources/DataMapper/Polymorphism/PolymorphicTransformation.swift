import DataMapperCore

/// Reads and writes values of a family of types — structs, enums, classes, or the
/// conformers of a protocol — as dictionaries that name their concrete type under a key.
///
/// ``StaticPolymorph`` works only for class hierarchies. This transformation works for
/// any `Base`, because each member of the family is registered with a name and, where
/// Swift cannot convert on its own, a pair of closures:
///
/// ```swift
/// protocol Shape {}
/// struct Circle: Shape, Mappable { ... }
/// struct Square: Shape, Mappable { ... }
///
/// let shapes = PolymorphicTransformation<any Shape>(key: "shape")
///     .with(Circle.self, named: "circle")
///     .with(Square.self, named: "square")
///
/// let drawing: [any Shape]? = data["shapes"].get(using: shapes)
/// data["shapes"].set(drawing, using: shapes)
/// ```
///
/// For an enum with payloads, say how to wrap and unwrap each case:
/// `.with(Cat.self, named: "cat", wrap: { Pet.cat($0) }, unwrap: { if case .cat(let c) = $0 { c } else { nil } })`.
///
/// Reading looks the name up among the registered ones only: data can never make it
/// create a type that was not registered. A missing key, a name that is not a string,
/// and an unknown name are errors (``DataMapperError/Kind/missingKey``,
/// ``DataMapperError/Kind/typeMismatch`` and ``DataMapperError/Kind/invalidValue``).
/// Writing picks the member registered for the value's exact type, or else the first
/// whose `unwrap` accepts it, writes it and adds the key and name; a value of no
/// registered type is written as ``SupportedType/null``.
public struct PolymorphicTransformation<Base>: Transformation {
    /// The dictionary key whose string value names the concrete type.
    public let key: String
    /// The mapper that reads and writes the members.
    public let objectMapper: ObjectMapper
    private var members: [Member] = []

    private struct Member: Sendable {
        let name: String
        let type: ObjectIdentifier
        let read: @Sendable (SupportedType, ObjectMapper) throws -> Base
        let write: @Sendable (Base, ObjectMapper) -> SupportedType?
    }

    /// Creates a transformation with no members yet.
    /// - Parameters:
    ///   - key: The key naming the concrete type; `"type"` by default.
    ///   - objectMapper: The mapper used for the members' own fields.
    public init(key: String = "type", objectMapper: ObjectMapper = ObjectMapper()) {
        self.key = key
        self.objectMapper = objectMapper
    }

    /// The registered names, in registration order.
    public var registeredNames: [String] { members.map(\.name) }

    /// A copy with `type` registered under `name`, converted to and from `Base` by closures.
    ///
    /// A name registered before is replaced.
    /// - Parameters:
    ///   - type: The member type.
    ///   - name: Its name in the data.
    ///   - wrap: Makes a `Base` from a member (for an enum, the case holding it).
    ///   - unwrap: Gives the member inside a `Base`, or `nil` when it holds another type.
    public func with<T: Deserializable & Serializable & SendableMetatype>(
        _ type: T.Type,
        named name: String,
        wrap: @escaping @Sendable (T) -> Base,
        unwrap: @escaping @Sendable (Base) -> T?
    ) -> PolymorphicTransformation<Base> {
        adding(Member(
            name: name,
            type: ObjectIdentifier(T.self),
            read: { value, mapper in wrap(try T.deserialized(from: value, by: mapper)) },
            write: { base, mapper in unwrap(base).map { $0.serialized(by: mapper) } }
        ))
    }

    /// A copy with `type` registered under `name`, for a type whose values are `Base`
    /// values already: a conformer of the protocol `Base`, or a subclass of the class `Base`.
    ///
    /// A name registered before is replaced. If `T` turns out not to be a `Base`,
    /// reading it throws ``DataMapperError/Kind/unsupported``.
    public func with<T: Deserializable & Serializable & SendableMetatype>(_ type: T.Type, named name: String) -> PolymorphicTransformation<Base> {
        let key = self.key
        return adding(Member(
            name: name,
            type: ObjectIdentifier(T.self),
            read: { value, mapper in
                let member = try T.deserialized(from: value, by: mapper)
                guard let base = member as? Base else {
                    throw DataMapperError(.unsupported, message: "\(T.self), registered as \"\(name)\" under \"\(key)\", is not a \(Base.self)",
                                          location: value.sourceLocation)
                }
                return base
            },
            write: { base, mapper in (base as? T).map { $0.serialized(by: mapper) } }
        ))
    }

    private func adding(_ member: Member) -> PolymorphicTransformation<Base> {
        var copy = self
        copy.members.removeAll { $0.name == member.name }
        copy.members.append(member)
        return copy
    }

    /// Reads the member named under ``key``.
    /// - Throws: ``DataMapperError`` when `value` is not a dictionary, the key is missing,
    ///   its value is not a string or names no registered member, or the member fails.
    public func transform(from value: SupportedType) throws -> Base {
        guard case .dictionary = value.kind else {
            throw DataMapperError.typeMismatch(expected: "a dictionary naming its type under \"\(key)\"", found: value)
        }
        let path = DataPath([.key(key)])
        guard let nameValue = value[key], !nameValue.isNull else {
            throw DataMapperError(.missingKey, message: "the key \"\(key)\" naming the type is missing; expected one of \(namesList)",
                                  path: path, location: value.sourceLocation)
        }
        guard case .string(let name) = nameValue.kind else {
            throw DataMapperError.typeMismatch(expected: "a type name", found: nameValue).nested(under: path)
        }
        guard let member = members.first(where: { $0.name == name }) else {
            throw DataMapperError.invalidValue("unknown type name \"\(name)\"; expected one of \(namesList)", at: nameValue)
                .nested(under: path)
        }
        return try member.read(value, objectMapper)
    }

    /// Writes `object` as its member type and adds ``key`` with the member's name.
    public func transform(object: Base) -> SupportedType {
        let dynamicType = ObjectIdentifier(type(of: object as Any))
        let exact = members.first { $0.type == dynamicType }
        for member in (exact.map { [$0] } ?? []) + members {
            guard var written = member.write(object, objectMapper) else { continue }
            written.addToDictionary(key: key, value: .string(member.name))
            return written
        }
        return .null
    }

    private var namesList: String {
        members.isEmpty ? "(none registered)" : members.map { "\"\($0.name)\"" }.joined(separator: ", ")
    }
}
