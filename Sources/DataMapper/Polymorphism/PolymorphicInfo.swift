import DataMapperCore

/// What ``StaticPolymorph`` knows about one ``Polymorphic`` type: the type, its name
/// in the data, and the subtypes registered with it.
public protocol PolymorphicInfo: Sendable {
    /// The type described.
    var type: any Polymorphic.Type { get }

    /// The name that identifies ``type`` in the data, under its ``Polymorphic/polymorphicKey``.
    var name: String { get }

    /// The subtypes registered with this type (direct or not).
    var registeredSubtypes: [any Polymorphic.Type] { get }
}
