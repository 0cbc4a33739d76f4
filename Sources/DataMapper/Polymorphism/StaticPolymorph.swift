import DataMapperCore

/// A ``Polymorph`` for ``Polymorphic`` classes, driven by the information the classes
/// declare about themselves.
///
/// Reading a `T` that is ``Polymorphic``: every subtype reachable from
/// `T.polymorphicInfo` through registrations is a candidate; the first whose
/// ``Polymorphic/polymorphicKey`` holds its name in the value is created. When none
/// matches, `T` is created. Writing an object adds its key and name to the dictionary.
/// Types that are not ``Polymorphic`` are left alone in both directions.
///
/// Only registered classes are ever created: a type name in the data cannot make the
/// mapper instantiate anything else.
///
/// ```swift
/// let mapper = ObjectMapper(polymorph: StaticPolymorph())
/// let vehicles: [Vehicle]? = mapper.deserialize(value)   // Cars and Bicycles
/// ```
public struct StaticPolymorph: Polymorph {
    /// Creates the polymorph.
    public init() {}

    /// The registered subtype of `type` named in `value`, or `type` itself.
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/unsupported`` when
    ///   `type` is ``Polymorphic`` but does not declare its own
    ///   ``Polymorphic/polymorphicInfo``.
    public func polymorphType<T>(for type: T.Type, in value: SupportedType) throws -> T.Type {
        guard let polymorphic = type as? any Polymorphic.Type else { return type }
        let info = polymorphic.polymorphicInfo
        guard info.type == polymorphic else {
            throw DataMapperError(
                .unsupported,
                message: "\(type) cannot be read polymorphically: it does not declare its own polymorphicInfo "
                    + "(it inherits the one of \(info.type)); override `class var polymorphicInfo` in \(type)",
                location: value.sourceLocation
            )
        }
        guard case .dictionary = value.kind else { return type }
        for candidate in Self.candidates(from: info) {
            guard let candidateType = candidate as? T.Type,
                  value[candidate.polymorphicKey]?.string == Self.name(of: candidate) else { continue }
            return candidateType
        }
        return type
    }

    /// Adds the object's key and name, when its type is ``Polymorphic``.
    public func writeTypeInfo<T>(to value: inout SupportedType, of type: T.Type) {
        guard let polymorphic = type as? any Polymorphic.Type else { return }
        value.addToDictionary(key: polymorphic.polymorphicKey, value: .string(Self.name(of: polymorphic)))
    }

    /// The name of `type`: its info's name when it declares its own info, its type name otherwise.
    static func name(of type: any Polymorphic.Type) -> String {
        let info = type.polymorphicInfo
        return info.type == type ? info.name : String(describing: type)
    }

    /// `info`'s type and every type reachable from it through registrations, each once.
    static func candidates(from info: PolymorphicInfo) -> [any Polymorphic.Type] {
        var found: [any Polymorphic.Type] = [info.type]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(info.type)]
        var pending = info.registeredSubtypes
        while let next = pending.popLast() {
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            found.append(next)
            let nextInfo = next.polymorphicInfo
            // A subtype that inherits its parent's info registers nothing of its own.
            if nextInfo.type == next { pending.append(contentsOf: nextInfo.registeredSubtypes) }
        }
        return found
    }
}
