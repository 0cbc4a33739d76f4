import DataMapper

/// A place in a mapping paired with the transformation its field goes through, the
/// right-hand side of a mapping operator: `date <~> data["at"][using: DateTransformation()]`.
///
/// It is what the `[using:]` subscript of `MappableData` gives; changes made
/// through it reach the data it came from, as with `data["at"].map(&date, using: ...)`.
public struct TransformedMappableData<X>: Sendable where X: Sendable {
    /// The place the field is read from or written to.
    @usableFromInline var data: MappableData
    /// What turns the field into a value and back.
    @usableFromInline let transformation: X

    @inlinable
    init(data: MappableData, transformation: X) {
        self.data = data
        self.transformation = transformation
    }
}

extension MappableData {
    /// This place, with the field that a mapping operator maps here going through
    /// `transformation`: `date <~> data["at"][using: DateTransformation()]`.
    ///
    /// `<~>` needs a `Transformation`, `<~` a
    /// `DeserializableTransformation` and `~>` a
    /// `SerializableTransformation`.
    @inlinable
    public subscript<X: Sendable>(using transformation: X) -> TransformedMappableData<X> {
        get { TransformedMappableData(data: self, transformation: transformation) }
        set { self = newValue.data }
    }
}
