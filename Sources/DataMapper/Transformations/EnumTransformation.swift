import DataMapperCore

/// Reads and writes a `RawRepresentable` type, typically an enum, through its raw value.
///
/// The raw value is read and written with its own default transformation. A raw value
/// that names no case is an ``DataMapperError/Kind/invalidValue`` error naming the
/// value and, when the type is `CaseIterable`, the raw values it accepts (`null` for
/// the optional forms of `get`).
///
/// Mapping calls use it by themselves for such a type, so `using:` is only needed
/// where it is spelled out for clarity:
///
/// ```swift
/// enum Genre: String { case fiction, poetry }
/// let genre: Genre? = data["genre"].get()
/// let same: Genre? = data["genre"].get(using: EnumTransformation())
/// ```
///
/// It reads when the raw value type is ``DeserializableSupportedTypeConvertible``,
/// writes when it is ``SerializableSupportedTypeConvertible``, and is a two-way
/// ``Transformation`` when it is ``SupportedTypeConvertible``.
public struct EnumTransformation<Object: RawRepresentable>: Sendable {
    /// Creates the transformation.
    @inlinable public init() {}
}

extension EnumTransformation: DeserializableTransformation
where Object.RawValue: DeserializableSupportedTypeConvertible {
    /// Reads the raw value and makes the case it names.
    @inlinable
    public func transform(from value: SupportedType) throws -> Object {
        let raw = try Object.RawValue.defaultDeserializableTransformation.transform(from: value)
        guard let object = Object(rawValue: raw) else { throw Self.unknownRawValue(value) }
        return object
    }

    /// The error for `value`, whose raw value names no case of ``Object``.
    @usableFromInline @inline(never)
    static func unknownRawValue(_ value: SupportedType) -> DataMapperError {
        var message = "\(value.mismatchDescription) is not a raw value of \(Object.self)"
        if let allowed = RawValueList.describing(Object.self) {
            message += "; expected one of \(allowed)"
        }
        return DataMapperError.invalidValue(message, at: value)
    }
}

extension EnumTransformation: SerializableTransformation
where Object.RawValue: SerializableSupportedTypeConvertible {
    /// Writes the case's raw value.
    @inlinable
    public func transform(object: Object) -> SupportedType {
        Object.RawValue.defaultSerializableTransformation.transform(object: object.rawValue)
    }
}

extension EnumTransformation: Transformation where Object.RawValue: SupportedTypeConvertible {}

/// The raw values a `CaseIterable` type accepts, for error messages.
@usableFromInline
enum RawValueList {
    /// Longer lists are cut, so that an error stays one readable line.
    static let shownCount = 12

    /// `"a", "b", "c"` for a `CaseIterable` `type`, `nil` for any other type.
    @usableFromInline
    static func describing<Object: RawRepresentable>(_ type: Object.Type) -> String? {
        guard let iterable = type as? any CaseIterable.Type else { return nil }
        let raws = iterable.anyCases.compactMap { ($0 as? Object)?.rawValue }
        guard !raws.isEmpty else { return nil }
        var parts = raws.prefix(shownCount).map { raw in
            raw is String ? "\"\(raw)\"" : "\(raw)"
        }
        if raws.count > shownCount { parts.append("… (\(raws.count) in all)") }
        return parts.joined(separator: ", ")
    }
}

extension CaseIterable {
    /// The cases, without their static type.
    fileprivate static var anyCases: [Any] { allCases.map { $0 } }
}
