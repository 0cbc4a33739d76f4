import DataMapperCore

/// Decides, while mapping, which concrete type a value stands for, and records the
/// concrete type of an object being written.
///
/// Give one to ``ObjectMapper/init(polymorph:)``. While reading a `T`, the mapper asks
/// ``polymorphType(for:in:)`` which type to create; it may return `T` or any subtype
/// of `T`. While writing, it calls ``writeTypeInfo(to:of:)`` with the object's dynamic
/// type so the polymorph can add what it needs to find that type again.
///
/// ``StaticPolymorph`` is the ready-made one, driven by the ``Polymorphic`` protocol.
/// A polymorph is shared by every task using its mapper, so it must be `Sendable` and
/// keep no unsynchronized mutable state.
public protocol Polymorph: Sendable {
    /// The type to create for `value`, which is `type` itself or one of its subtypes.
    /// - Parameters:
    ///   - type: The type the caller asked for.
    ///   - value: The value about to be read; not null.
    /// - Throws: ``DataMapperError`` when the types involved are set up wrongly, for
    ///   example a ``Polymorphic`` class used as input type without its own
    ///   ``Polymorphic/polymorphicInfo``.
    func polymorphType<T>(for type: T.Type, in value: SupportedType) throws -> T.Type

    /// Adds to `value`, just written for an object of dynamic type `type`, what is
    /// needed to pick `type` again when reading.
    func writeTypeInfo<T>(to value: inout SupportedType, of type: T.Type)
}
