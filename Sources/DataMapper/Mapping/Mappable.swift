import DataMapperCore

/// A type that reads and writes itself with one description, ``mapping(_:)-(inout MappableData)``.
///
/// `mapping` lists each field once; it reads the field while deserializing and
/// writes it while serializing. The conformance gives ``Serializable/serialize(to:)``
/// for free; the initializer is written by hand, usually as one line:
///
/// ```swift
/// struct Track: Mappable {
///     var title: String = ""
///     var seconds: Int?
///
///     init(_ data: DeserializableData) throws {
///         try mapping(data)
///     }
///
///     mutating func mapping(_ data: inout MappableData) throws {
///         try data["title"].map(&title)
///         data["seconds"].map(&seconds)
///     }
/// }
/// ```
///
/// Classes conform the same way, with a `required init` that calls
/// `try mapping(data)` and a non-mutating `func mapping`. Constants (`let`) cannot be
/// passed to `map`; read them in `init` with `get` and write them in a custom
/// `serialize(to:)` that also calls ``mapping(_:)-(inout SerializableData)``.
public protocol Mappable: Deserializable, Serializable {
    /// Reads (deserializing) or writes (serializing) this object's fields.
    ///
    /// - Throws: ``DataMapperError`` from `try` forms of `map`, which throw only while
    ///   deserializing.
    mutating func mapping(_ data: inout MappableData) throws
}

extension Mappable {
    /// Fills this object's fields from `data`; call it from `init(_:)`.
    /// - Throws: What ``mapping(_:)-(inout MappableData)`` throws.
    @inlinable
    public mutating func mapping(_ data: DeserializableData) throws {
        var mappable = MappableData(deserializing: data)
        try mapping(&mappable)
    }

    /// Writes this object's fields into `data`; call it from a custom `serialize(to:)`.
    ///
    /// Runs ``mapping(_:)-(inout MappableData)`` on a copy, so a struct is not changed;
    /// errors cannot happen while serializing and are ignored.
    @inlinable
    public func mapping(_ data: inout SerializableData) {
        var copy = self
        var mappable = MappableData(serializing: data)
        try? copy.mapping(&mappable)
        data = mappable.serializingData ?? data
    }

    /// Writes this object by running ``mapping(_:)-(inout MappableData)`` in serializing mode.
    @inlinable
    public func serialize(to data: inout SerializableData) {
        mapping(&data)
    }
}

extension Mappable where Self: AnyObject {
    /// Fills this object's fields from `data`; call it from a class's `required init(_:)`.
    ///
    /// The class form of ``mapping(_:)-(DeserializableData)``: inside a class
    /// initializer `self` cannot be passed to a `mutating` method.
    /// - Throws: What ``mapping(_:)-(inout MappableData)`` throws.
    @inlinable
    public func mapping(_ data: DeserializableData) throws {
        var reference = self
        var mappable = MappableData(deserializing: data)
        try reference.mapping(&mappable)
    }
}
