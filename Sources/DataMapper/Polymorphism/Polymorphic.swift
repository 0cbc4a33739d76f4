import DataMapperCore

/// A class whose subclasses ``StaticPolymorph`` can tell apart in the data.
///
/// A class names the key its type name is stored under (``polymorphicKey``) and
/// describes itself and its known subclasses (``polymorphicInfo``):
///
/// ```swift
/// class Vehicle: PolymorphicMappable {
///     class var polymorphicKey: String { "kind" }
///     class var polymorphicInfo: PolymorphicInfo {
///         createPolymorphicInfo(name: "vehicle").with(subtypes: Car.self, Bicycle.self)
///     }
///     ...
/// }
/// ```
///
/// Declare both properties as `class var` in the root class, so subclasses can
/// override them (a default from a protocol extension cannot be overridden).
///
/// - A subclass may override ``polymorphicKey``; each type is identified by its key
///   *and* its name, which together must be unique.
/// - Only subtypes reachable from the input type by chains of registrations are
///   considered; a subtype registered elsewhere does not exist for that input type.
/// - A class that does not override ``polymorphicInfo`` can still be found as a
///   subtype (under its type name), but cannot be the type asked for: reading it
///   through a ``StaticPolymorph`` is an error.
public protocol Polymorphic: AnyObject, SendableMetatype {
    /// The dictionary key whose string value names the concrete type; `"type"` by default.
    static var polymorphicKey: String { get }

    /// This type's name and the subtypes it knows about.
    static var polymorphicInfo: PolymorphicInfo { get }
}

extension Polymorphic {
    /// `"type"`.
    public static var polymorphicKey: String { "type" }

    /// An info naming this type after itself, with no subtypes.
    ///
    /// Classes used as input types should override it; see ``Polymorphic``.
    public static var polymorphicInfo: PolymorphicInfo { createPolymorphicInfo() }

    /// An info for this type, to which subtypes can be added with
    /// ``GenericPolymorphicInfo/with(subtype:)`` and ``GenericPolymorphicInfo/register(subtype:)``.
    /// - Parameter name: The name that identifies this type in the data; by default
    ///   the type's own name (`"Car"` for `Car`).
    public static func createPolymorphicInfo(name: String? = nil) -> GenericPolymorphicInfo<Self> {
        GenericPolymorphicInfo(name: name ?? String(describing: Self.self))
    }
}

/// A ``Polymorphic`` class that can be read by an ``ObjectMapper``.
public typealias PolymorphicDeserializable = Polymorphic & Deserializable

/// A ``Polymorphic`` class that can be written by an ``ObjectMapper``.
public typealias PolymorphicSerializable = Polymorphic & Serializable

/// A ``Polymorphic`` class that can be read and written by an ``ObjectMapper``.
public typealias PolymorphicMappable = Polymorphic & Mappable
