/// The names of the standard registry's formats, as error messages list them.
///
/// Written by hand; update it when a format joins `FormatRegistry.standard`.
let standardFormatNames = "json, yaml, msgpack, xml, jsonl"
