import DataMapperCore

/// Reads and writes an array whose elements go through another transformation.
///
/// The five shapes of the mapping calls cover one level of container; nest this
/// transformation for more, as in `[String: [Int]]`:
///
/// ```swift
/// data["groups"].map(&groups, using: ArrayTransformation(IntTransformation()))
/// ```
///
/// Every element must be present and readable: the first that is not throws, with
/// its index in the path (so the optional forms give `nil` for the whole array).
public struct ArrayTransformation<ElementTransformation: Transformation>: Transformation {
    /// The transformation of each element.
    public let elementTransformation: ElementTransformation

    /// Creates the transformation.
    @inlinable
    public init(_ elementTransformation: ElementTransformation) {
        self.elementTransformation = elementTransformation
    }

    /// Reads an array, element by element.
    @inlinable
    public func transform(from value: SupportedType) throws -> [ElementTransformation.Object] {
        try ShapeReader.array(value, elementTransformation)
    }

    /// Writes an array, element by element.
    @inlinable
    public func transform(object: [ElementTransformation.Object]) -> SupportedType {
        ShapeWriter.array(object, elementTransformation)
    }
}

/// Reads and writes a dictionary whose values go through another transformation.
///
/// The counterpart of ``ArrayTransformation`` for dictionaries; keys are written sorted.
public struct DictionaryTransformation<ValueTransformation: Transformation>: Transformation {
    /// The transformation of each value.
    public let valueTransformation: ValueTransformation

    /// Creates the transformation.
    @inlinable
    public init(_ valueTransformation: ValueTransformation) {
        self.valueTransformation = valueTransformation
    }

    /// Reads a dictionary, value by value.
    @inlinable
    public func transform(from value: SupportedType) throws -> [String: ValueTransformation.Object] {
        try ShapeReader.dictionary(value, valueTransformation)
    }

    /// Writes a dictionary, value by value.
    @inlinable
    public func transform(object: [String: ValueTransformation.Object]) -> SupportedType {
        ShapeWriter.dictionary(object, valueTransformation)
    }
}
