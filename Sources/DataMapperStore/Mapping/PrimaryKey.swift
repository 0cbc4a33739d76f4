/// The value that identifies one object of an entity: what uniquing compares and
/// what a store looks objects up by.
///
/// Keys are text or whole numbers; an `Int` property and an `Int64` property holding
/// the same number give the same key.
public enum PrimaryKey: Hashable, Sendable, CustomStringConvertible {
    /// A text key, such as an e-mail address or a slug.
    case string(String)
    /// A numeric key, such as a database row id.
    case integer(Int64)

    /// The key as it reads in messages: text quoted, numbers bare.
    public var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .integer(let number): String(number)
        }
    }
}

/// A property type that can be an entity's primary key.
///
/// `String`, `Int`, `Int64` and `Int32` conform; conform a wrapper of your own
/// (a typed identifier) by saying which key it stands for.
public protocol PrimaryKeyConvertible: Sendable {
    /// The key this value stands for.
    var primaryKey: PrimaryKey { get }
}

extension String: PrimaryKeyConvertible {
    /// The string as a text key.
    public var primaryKey: PrimaryKey { .string(self) }
}

extension Int: PrimaryKeyConvertible {
    /// The number as a numeric key.
    public var primaryKey: PrimaryKey { .integer(Int64(self)) }
}

extension Int64: PrimaryKeyConvertible {
    /// The number as a numeric key.
    public var primaryKey: PrimaryKey { .integer(self) }
}

extension Int32: PrimaryKeyConvertible {
    /// The number as a numeric key.
    public var primaryKey: PrimaryKey { .integer(Int64(self)) }
}
