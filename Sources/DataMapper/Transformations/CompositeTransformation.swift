import DataMapperCore

/// A deserializing transformation built on another one: the other reads a
/// ``TransitiveObject`` from the value, and ``convert(from:)`` turns it into the object.
///
/// Reuse existing transformations this way instead of inspecting ``SupportedType``
/// again. For example, a `Duration` read from a number of seconds uses
/// ``DoubleTransformation`` and only converts a `Double`.
public protocol CompositeDeserializableTransformation: DeserializableTransformation {
    /// The type the underlying transformation reads.
    associatedtype TransitiveObject
    /// The type of the underlying transformation.
    associatedtype TransitiveTransformation: DeserializableTransformation
        where TransitiveTransformation.Object == TransitiveObject

    /// The transformation that reads the intermediate value.
    var transitiveTransformation: TransitiveTransformation { get }

    /// Turns the intermediate value into the object.
    /// - Throws: ``DataMapperError`` (usually ``DataMapperError/Kind/invalidValue``);
    ///   when it has no location, the value's position is added.
    func convert(from transitiveObject: TransitiveObject) throws -> Object
}

/// A serializing transformation built on another one: ``convert(object:)`` turns the
/// object into a ``TransitiveObject``, which the other transformation writes.
public protocol CompositeSerializableTransformation: SerializableTransformation {
    /// The type the underlying transformation writes.
    associatedtype TransitiveObject
    /// The type of the underlying transformation.
    associatedtype TransitiveTransformation: SerializableTransformation
        where TransitiveTransformation.Object == TransitiveObject

    /// The transformation that writes the intermediate value.
    var transitiveTransformation: TransitiveTransformation { get }

    /// Turns the object into the intermediate value.
    func convert(object: Object) -> TransitiveObject
}

/// A two-way transformation built on another two-way transformation; see
/// ``CompositeDeserializableTransformation`` and ``CompositeSerializableTransformation``.
///
/// Implement ``transitiveTransformation`` and the two `convert` methods:
///
/// ```swift
/// struct SecondsTransformation: CompositeTransformation {
///     let transitiveTransformation = DoubleTransformation()
///     func convert(from seconds: Double) throws -> Duration { .seconds(seconds) }
///     func convert(object: Duration) -> Double { Double(object.components.seconds) }
/// }
/// ```
public protocol CompositeTransformation: Transformation {
    /// The type the underlying transformation reads and writes.
    associatedtype TransitiveObject
    /// The type of the underlying transformation.
    associatedtype TransitiveTransformation: Transformation where TransitiveTransformation.Object == TransitiveObject

    /// The transformation that reads and writes the intermediate value.
    var transitiveTransformation: TransitiveTransformation { get }

    /// Turns the intermediate value into the object.
    /// - Throws: ``DataMapperError`` (usually ``DataMapperError/Kind/invalidValue``);
    ///   when it has no location, the value's position is added.
    func convert(from transitiveObject: TransitiveObject) throws -> Object

    /// Turns the object into the intermediate value.
    func convert(object: Object) -> TransitiveObject
}

extension CompositeTransformation {
    /// Reads the intermediate value, then converts it.
    public func transform(from value: SupportedType) throws -> Object {
        try CompositeConversion.read(value, through: transitiveTransformation, convert: convert(from:))
    }

    /// Converts the object, then writes the intermediate value.
    public func transform(object: Object) -> SupportedType {
        transitiveTransformation.transform(object: convert(object: object))
    }
}

extension CompositeDeserializableTransformation {
    /// Reads the intermediate value, then converts it.
    public func transform(from value: SupportedType) throws -> Object {
        try CompositeConversion.read(value, through: transitiveTransformation, convert: convert(from:))
    }
}

extension CompositeSerializableTransformation {
    /// Converts the object, then writes the intermediate value.
    public func transform(object: Object) -> SupportedType {
        transitiveTransformation.transform(object: convert(object: object))
    }
}

/// The shared reading step of the composite transformations.
enum CompositeConversion {
    /// Reads `value` through `transformation`, converts the result, and points
    /// conversion errors without a location at `value`.
    static func read<X: DeserializableTransformation, Object>(
        _ value: SupportedType, through transformation: X, convert: (X.Object) throws -> Object
    ) throws -> Object {
        let transitive = try transformation.transform(from: value)
        do {
            return try convert(transitive)
        } catch var error as DataMapperError {
            if error.location == nil { error.location = value.sourceLocation }
            throw error
        }
    }
}
