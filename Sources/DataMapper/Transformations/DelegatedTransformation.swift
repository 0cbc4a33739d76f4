import DataMapperCore

/// A deserializing transformation that hands all work to another one.
///
/// Use it to give a configured transformation a name of its own, as
/// ``ISO8601DateTransformation`` names a ``CustomDateFormatTransformation`` with a
/// fixed format.
public protocol DelegatedDeserializableTransformation: DeserializableTransformation {
    /// The type of the transformation doing the work.
    associatedtype TransformationDelegate: DeserializableTransformation where TransformationDelegate.Object == Object

    /// The transformation doing the work.
    var transformationDelegate: TransformationDelegate { get }
}

/// A serializing transformation that hands all work to another one.
public protocol DelegatedSerializableTransformation: SerializableTransformation {
    /// The type of the transformation doing the work.
    associatedtype TransformationDelegate: SerializableTransformation where TransformationDelegate.Object == Object

    /// The transformation doing the work.
    var transformationDelegate: TransformationDelegate { get }
}

/// A two-way transformation that hands all work to another one.
///
/// Swift cannot infer ``Object`` through the delegate, so state it with a `typealias`.
///
/// ```swift
/// struct DayTransformation: DelegatedTransformation {
///     typealias Object = Date
///     let transformationDelegate = CustomDateFormatTransformation(formatString: "yyyy-MM-dd")
/// }
/// ```
public protocol DelegatedTransformation: Transformation {
    /// The type of the transformation doing the work.
    associatedtype TransformationDelegate: Transformation where TransformationDelegate.Object == Object

    /// The transformation doing the work.
    var transformationDelegate: TransformationDelegate { get }
}

extension DelegatedTransformation {
    /// Reads through ``transformationDelegate``.
    public func transform(from value: SupportedType) throws -> Object {
        try transformationDelegate.transform(from: value)
    }

    /// Writes through ``transformationDelegate``.
    public func transform(object: Object) -> SupportedType {
        transformationDelegate.transform(object: object)
    }
}

extension DelegatedDeserializableTransformation {
    /// Reads through ``transformationDelegate``.
    public func transform(from value: SupportedType) throws -> Object {
        try transformationDelegate.transform(from: value)
    }
}

extension DelegatedSerializableTransformation {
    /// Writes through ``transformationDelegate``.
    public func transform(object: Object) -> SupportedType {
        transformationDelegate.transform(object: object)
    }
}
