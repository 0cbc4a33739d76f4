import DataMapper

// The three mapping operators share the precedence of the standard library's `~>`,
// which is declared there (`infix operator ~> : DefaultPrecedence`) and reused here
// rather than declared again. `DefaultPrecedence` is above the ternary operator and
// has no associativity and no order against the arithmetic, comparison or
// nil-coalescing groups, so `field ~> data["key"]` reads as one mapping (subscripts
// bind first) and mixing a mapping operator with another operator without
// parentheses does not compile.

/// Maps a field both ways: `field <~> data["key"]` is `data["key"].map(&field)`.
infix operator <~> : DefaultPrecedence

/// Maps a field only while deserializing: `field <~ data["key"]` reads it as
/// `data["key"].map(&field)` would and writes nothing while serializing.
infix operator <~ : DefaultPrecedence
