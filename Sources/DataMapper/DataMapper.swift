// `import DataMapper` gives the value core and the mapping layer together: a user
// mapping models never needs to know that the value lives in a target of its own.
@_exported import DataMapperCore
