import DataMapperCore

extension MappableData {
    /// The value at the end of `path`, whose steps are dictionary keys and array
    /// indexes: `try data[path: "location.continent"].map(&continent)`.
    ///
    /// Reading behaves as ``DeserializableData/subscript(path:)``, writing as
    /// ``SerializableData/subscript(path:)``, which creates the containers on the way.
    public subscript(path path: DataPath) -> MappableData {
        get {
            if isReading { return MappableData(deserializing: reading[path: path]) }
            if let writing { return MappableData(serializing: writing[path: path]) }
            return self
        }
        set {
            guard !isReading, let written = newValue.writing, var parent = writing else { return }
            writing = nil
            parent[path: path] = written
            writing = parent
        }
    }
}
