import DataMapper

/// Where a configuration value came from: the defaults in code, a file, an
/// environment variable, or a layer you named.
///
/// The loader remembers the origin of every value it merges, so an error about a value
/// names the place to fix it: `config.yaml:14:11: ...` for a file, `APP_SERVER__PORT: ...`
/// for an environment variable.
public enum ConfigOrigin: Sendable, Hashable {
    /// The defaults given in code.
    case defaults
    /// A file, by the path it was loaded from.
    case file(String)
    /// An environment variable, by its name.
    case environment(variable: String)
    /// A layer of values you supplied under a name (command-line overrides, say).
    case named(String)

    /// The name printed in front of an error: the file path, the variable's name or
    /// the layer's name; `nil` for the defaults, which have no place to point at.
    public var sourceName: String? {
        switch self {
        case .defaults: return nil
        case .file(let path): return path
        case .environment(let variable): return variable
        case .named(let name): return name
        }
    }

    /// Whether the values of this origin are text that may stand for numbers and
    /// booleans (environment variables).
    var holdsText: Bool {
        if case .environment = self { return true }
        return false
    }
}

extension ConfigOrigin: CustomStringConvertible {
    /// `defaults`, the file path, `environment variable NAME`, or the layer's name.
    public var description: String {
        switch self {
        case .defaults: return "defaults"
        case .file(let path): return path
        case .environment(let variable): return "environment variable \(variable)"
        case .named(let name): return name
        }
    }
}
