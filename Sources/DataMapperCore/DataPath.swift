/// The path from a document's root to one value, such as `servers[2].port`.
///
/// Errors carry a path so that a message names the value at fault even when the
/// document has no positions (a value built in code) or the position alone is not
/// enough to understand it.
public struct DataPath: Sendable, Hashable {
    /// One step of a path: a dictionary key or an array index.
    public enum Component: Sendable, Hashable {
        /// A key of a dictionary.
        case key(String)
        /// A zero-based index of an array.
        case index(Int)
    }

    /// The steps from the root, outermost first.
    public var components: [Component]

    /// Creates a path from its steps.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The path of the document's root value.
    public static let root = DataPath()

    /// Whether this is the root path.
    public var isRoot: Bool { components.isEmpty }

    /// This path extended by one key.
    public func appending(key: String) -> DataPath {
        DataPath(components + [.key(key)])
    }

    /// This path extended by one index.
    public func appending(index: Int) -> DataPath {
        DataPath(components + [.index(index)])
    }

    /// This path extended by another one.
    public func appending(_ other: DataPath) -> DataPath {
        DataPath(components + other.components)
    }
}

extension DataPath: CustomStringConvertible {
    /// The path as people write it: `servers[2].port`; keys that are not plain words are
    /// quoted, as in `labels["app.kubernetes.io/name"]`. The root prints as an empty string.
    public var description: String {
        rendered(index: { "[\($0)]" })
    }

    /// The path as ``description`` prints it, with every index as `[*]`: the pattern
    /// that `items[0].price` and `items[7].price` share.
    package var pattern: String {
        rendered(index: { _ in "[*]" })
    }

    private func rendered(index indexText: (Int) -> String) -> String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += indexText(index)
            case .key(let key) where Self.isPlainKey(key):
                if !text.isEmpty { text += "." }
                text += key
            case .key(let key):
                text += "[\"" + key.replacingBackslashesAndQuotes() + "\"]"
            }
        }
        return text
    }

    static func isPlainKey(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }
    }
}

extension DataPath: ExpressibleByArrayLiteral {
    /// Creates a path of keys, as in `["server", "port"]`.
    public init(arrayLiteral elements: String...) {
        self.init(elements.map(Component.key))
    }
}

extension String {
    func replacingBackslashesAndQuotes() -> String {
        var result = ""
        for character in self {
            if character == "\\" || character == "\"" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
