import DataMapperCore

/// How an ``ObjectMapper`` reads the key given to a plain subscript such as `data["a.b"]`.
///
/// By default a plain subscript is one literal key, so keys like
/// `app.kubernetes.io/name` need no quoting; paths go through `data[path:]`.
/// Code ported from Mappable, whose `map.from("location.continent")` walks a path,
/// keeps working unchanged with ``mappable``.
public enum KeySplitting: Sendable, Hashable {
    /// `data["a.b"]` is the one key `a.b`.
    case literal
    /// `data["a.b"]` is the path `a` then `b`, and `` data["list.`2`"] `` the element at
    /// index 2 of `list`, as Mappable reads keys.
    ///
    /// The key is read with the path grammar of ``DataPath/init(parsing:)``, so
    /// `data["a[2]"]` is an index too. A key without `.`, `[` or `` ` ``, and a key that
    /// the grammar does not read (such as `a..b`), stays one literal key. Where Mappable
    /// wrote `keyPathIsNested: false`, quote the key in a path: `data[path: "[\"a.file\"]"]`.
    case mappable

    /// The path a plain subscript's `key` stands for under ``mappable``, or `nil` when
    /// it stays one literal key.
    @usableFromInline
    static func mappablePath(_ key: String) -> DataPath? {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "`") }),
              let path = try? DataPath(parsing: key), path.components.count > 1 || path.components.first != .key(key)
        else { return nil }
        return path
    }
}
