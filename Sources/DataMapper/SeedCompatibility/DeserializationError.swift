import DataMapperCore

/// The error a ``Deserializable`` initializer throws when its data makes no object;
/// the original DataMapper's name for it. Use ``DataMapperError`` instead.
///
/// It is ``DataMapperError`` under another name rather than a type of its own, so
/// that code written for the original library works both ways round:
///
/// - `throw DeserializationError(.invalidValue, message: "…")` inside `init(_:)` throws
///   the library's one error type, which gains the key path and source position of
///   the value being read as it travels out, exactly like the errors the mapping
///   layer raises itself;
/// - `catch let error as DeserializationError` catches every failure of a throwing
///   mapping call, whether your initializer or the library found it, with the same
///   kind, path and location.
///
/// A separate type would split failures into two families, one of them without
/// paths, and a `catch` for it would miss every error the library raises.
@available(*, deprecated, renamed: "DataMapperError", message: "the original DataMapper's name; DataMapperError is the same type")
public typealias DeserializationError = DataMapperError
