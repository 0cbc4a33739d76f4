import DataMapperCore

/// The ``PolymorphicInfo`` of the class `T`, to which subtypes of `T` are registered.
///
/// Make one with ``Polymorphic/createPolymorphicInfo(name:)``. Registering a type that
/// is not a subclass of `T` is checked and ignored, so a mistake cannot make the
/// polymorph create an unrelated type.
public struct GenericPolymorphicInfo<T: Polymorphic>: PolymorphicInfo {
    /// The name that identifies `T` in the data.
    public let name: String
    /// The subtypes registered so far, in order.
    public private(set) var registeredSubtypes: [any Polymorphic.Type] = []

    /// Creates the info of `T` under `name`.
    public init(name: String) {
        self.name = name
    }

    /// `T`.
    public var type: any Polymorphic.Type { T.self }

    /// Registers `subtype`, when it is a subclass of `T`.
    public mutating func register(subtype: any Polymorphic.Type) {
        guard subtype is T.Type else { return }
        registeredSubtypes.append(subtype)
    }

    /// Registers each of `subtypes` that is a subclass of `T`.
    public mutating func register(subtypes: [any Polymorphic.Type]) {
        for subtype in subtypes { register(subtype: subtype) }
    }

    /// Registers each of `subtypes` that is a subclass of `T`.
    public mutating func register(subtypes: any Polymorphic.Type...) {
        register(subtypes: subtypes)
    }

    /// A copy with `subtype` registered, for chaining.
    public func with(subtype: any Polymorphic.Type) -> GenericPolymorphicInfo<T> {
        var copy = self
        copy.register(subtype: subtype)
        return copy
    }

    /// A copy with `subtypes` registered, for chaining.
    public func with(subtypes: [any Polymorphic.Type]) -> GenericPolymorphicInfo<T> {
        var copy = self
        copy.register(subtypes: subtypes)
        return copy
    }

    /// A copy with `subtypes` registered, for chaining.
    public func with(subtypes: any Polymorphic.Type...) -> GenericPolymorphicInfo<T> {
        with(subtypes: subtypes)
    }
}
