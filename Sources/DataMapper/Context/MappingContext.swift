/// Values an app hands to every model during one mapping: a tenant, a base URL, a
/// feature flag, a lookup table.
///
/// A context holds entries under typed ``MappingContextKey``s. Give one to a mapper as
/// its default, or to one call, and read it from any nested object as
/// `data.context[key]`:
///
/// ```swift
/// var context = MappingContext()
/// context[.tenant] = "acme"
/// let orders = try ObjectMapper().deserialize(value, as: [Order].self, context: context)
///
/// // inside Order.init(_ data: DeserializableData) or a nested type:
/// let tenant = data.context[.tenant]         // "acme"
/// ```
///
/// A context is an immutable value: setting an entry makes a new context and leaves
/// copies untouched, so concurrent mappings never see one another's entries.
///
/// An empty context is one `nil` reference, and a non-empty one a single reference to
/// its shared entries; a mapper keeps it in the box that holds its polymorph, so
/// copying a mapper (done for every mapped value) costs the same with or without one.
public struct MappingContext: Sendable {
    /// The entries by key name; `nil` exactly when there are none.
    @usableFromInline var storage: Storage?

    /// Creates an empty context.
    @inlinable
    public init() {
        storage = nil
    }

    /// Whether the context has no entries.
    @inlinable
    public var isEmpty: Bool { storage == nil }

    /// The value under `key`, or `nil` when there is none or it was stored under a
    /// key of the same name with another value type. Setting `nil` removes the entry.
    public subscript<Value>(key: MappingContextKey<Value>) -> Value? {
        get { storage?.entries[key.name] as? Value }
        set {
            var entries = storage?.entries ?? [:]
            entries[key.name] = newValue
            storage = entries.isEmpty ? nil : Storage(entries)
        }
    }

    /// A copy of this context with `value` under `key`.
    public func with<Value>(_ key: MappingContextKey<Value>, _ value: Value) -> MappingContext {
        var copy = self
        copy[key] = value
        return copy
    }

    /// This context's entries with `other`'s on top: where both have a key, `other`'s
    /// value wins.
    public func merging(_ other: MappingContext) -> MappingContext {
        guard let mine = storage else { return other }
        guard let theirs = other.storage else { return self }
        var result = MappingContext()
        result.storage = Storage(mine.entries.merging(theirs.entries) { _, new in new })
        return result
    }

    /// The entries as `userInfo` for the Codable bridge, each under its key's
    /// ``MappingContextKey/codingUserInfoKey``.
    var userInfo: [CodingUserInfoKey: any Sendable] {
        guard let storage else { return [:] }
        var info: [CodingUserInfoKey: any Sendable] = [:]
        for (name, value) in storage.entries {
            info[.mappingContextEntry(named: name)] = value
        }
        return info
    }

    /// The context of the object being mapped on this task, for transformations
    /// (which see only a value) such as ``CodableTransformation``. The mapper binds it
    /// while it maps an object with a non-empty context.
    @TaskLocal static var ofCurrentMapping = MappingContext()

    /// Whether `other` holds the very same entries (not merely equal ones).
    @inlinable
    func isSame(as other: MappingContext) -> Bool { storage === other.storage }

    /// The entries of a context, shared by its copies and never changed.
    @usableFromInline
    final class Storage: Sendable {
        let entries: [String: any Sendable]

        init(_ entries: [String: any Sendable]) {
            self.entries = entries
        }
    }
}
