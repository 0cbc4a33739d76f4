import DataMapperCore

// `map(_:using:)` in its three forms for the five shapes.

extension MappableData {
    // MARK: - Optional

    /// Reads the field as an optional object through `transformation` (`nil` when missing, null or failing), or writes it.
    @inlinable
    public mutating func map<X: Transformation>(_ field: inout X.Object?, using transformation: X) {
        apply(read: { field = $0.get(using: transformation) }, write: { $0.set(field, using: transformation) })
    }

    /// Reads the field as an optional array through `transformation` (`nil` when missing, null or failing), or writes it.
    @inlinable
    public mutating func map<X: Transformation>(_ field: inout [X.Object]?, using transformation: X) {
        apply(read: { field = $0.get(using: transformation) }, write: { $0.set(field, using: transformation) })
    }

    /// Reads the field as an optional dictionary through `transformation` (`nil` when missing, null or failing), or writes it.
    @inlinable
    public mutating func map<X: Transformation>(_ field: inout [String: X.Object]?, using transformation: X) {
        apply(read: { field = $0.get(using: transformation) }, write: { $0.set(field, using: transformation) })
    }

    /// Reads the field as an optional array with `nil` elements through `transformation` (`nil` when missing, null or failing), or writes it.
    @inlinable
    public mutating func map<X: Transformation>(_ field: inout [X.Object?]?, using transformation: X) {
        apply(read: { field = $0.get(using: transformation) }, write: { $0.set(field, using: transformation) })
    }

    /// Reads the field as an optional dictionary with `nil` values through `transformation` (`nil` when missing, null or failing), or writes it.
    @inlinable
    public mutating func map<X: Transformation>(_ field: inout [String: X.Object?]?, using transformation: X) {
        apply(read: { field = $0.get(using: transformation) }, write: { $0.set(field, using: transformation) })
    }

    // MARK: - Throwing

    /// Reads the field as a required object through `transformation`, or writes it.
    /// - Throws: While deserializing, ``DataMapperError`` when the value is missing, null or
    ///   unusable, with its key path and position. Never while serializing.
    @inlinable
    public mutating func map<X: Transformation>(_ field: inout X.Object, using transformation: X) throws {
        try apply(read: { field = try $0.get(using: transformation) }, write: { $0.set(field, using: transformation) })
    }

    /// Reads the field as a required array through `transformation`, or writes it.
    /// - Throws: While deserializing, ``DataMapperError`` when the value is missing, null or
    ///   unusable, with its key path and position. Never while serializing.
    @inlinable
    public mutating func map<X: Transformation>(_ field: inout [X.Object], using transformation: X) throws {
        try apply(read: { field = try $0.get(using: transformation) }, write: { $0.set(field, using: transformation) })
    }

    /// Reads the field as a required dictionary through `transformation`, or writes it.
    /// - Throws: While deserializing, ``DataMapperError`` when the value is missing, null or
    ///   unusable, with its key path and position. Never while serializing.
    @inlinable
    public mutating func map<X: Transformation>(_ field: inout [String: X.Object], using transformation: X) throws {
        try apply(read: { field = try $0.get(using: transformation) }, write: { $0.set(field, using: transformation) })
    }

    /// Reads the field as a required array with `nil` elements through `transformation`, or writes it.
    /// - Throws: While deserializing, ``DataMapperError`` when the value is missing, null or
    ///   unusable, with its key path and position. Never while serializing.
    @inlinable
    public mutating func map<X: Transformation>(_ field: inout [X.Object?], using transformation: X) throws {
        try apply(read: { field = try $0.get(using: transformation) }, write: { $0.set(field, using: transformation) })
    }

    /// Reads the field as a required dictionary with `nil` values through `transformation`, or writes it.
    /// - Throws: While deserializing, ``DataMapperError`` when the value is missing, null or
    ///   unusable, with its key path and position. Never while serializing.
    @inlinable
    public mutating func map<X: Transformation>(_ field: inout [String: X.Object?], using transformation: X) throws {
        try apply(read: { field = try $0.get(using: transformation) }, write: { $0.set(field, using: transformation) })
    }

    // MARK: - Default

    /// Reads the field as an object through `transformation`, storing `defaultValue` where the optional form gives `nil`, or writes it.
    @inlinable
    public mutating func map<X: Transformation>(_ field: inout X.Object, using transformation: X, or defaultValue: @autoclosure () -> X.Object) {
        apply(read: { field = $0.get(using: transformation, or: defaultValue()) }, write: { $0.set(field, using: transformation) })
    }

    /// Reads the field as an array through `transformation`, storing `defaultValue` where the optional form gives `nil`, or writes it.
    @inlinable
    public mutating func map<X: Transformation>(_ field: inout [X.Object], using transformation: X, or defaultValue: @autoclosure () -> [X.Object]) {
        apply(read: { field = $0.get(using: transformation, or: defaultValue()) }, write: { $0.set(field, using: transformation) })
    }

    /// Reads the field as a dictionary through `transformation`, storing `defaultValue` where the optional form gives `nil`, or writes it.
    @inlinable
    public mutating func map<X: Transformation>(_ field: inout [String: X.Object], using transformation: X, or defaultValue: @autoclosure () -> [String: X.Object]) {
        apply(read: { field = $0.get(using: transformation, or: defaultValue()) }, write: { $0.set(field, using: transformation) })
    }

    /// Reads the field as an array with `nil` elements through `transformation`, storing `defaultValue` where the optional form gives `nil`, or writes it.
    @inlinable
    public mutating func map<X: Transformation>(_ field: inout [X.Object?], using transformation: X, or defaultValue: @autoclosure () -> [X.Object?]) {
        apply(read: { field = $0.get(using: transformation, or: defaultValue()) }, write: { $0.set(field, using: transformation) })
    }

    /// Reads the field as a dictionary with `nil` values through `transformation`, storing `defaultValue` where the optional form gives `nil`, or writes it.
    @inlinable
    public mutating func map<X: Transformation>(_ field: inout [String: X.Object?], using transformation: X, or defaultValue: @autoclosure () -> [String: X.Object?]) {
        apply(read: { field = $0.get(using: transformation, or: defaultValue()) }, write: { $0.set(field, using: transformation) })
    }
}
