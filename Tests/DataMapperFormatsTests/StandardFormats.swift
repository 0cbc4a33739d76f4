/// The names of the standard registry's formats, as error messages list them.
///
/// Written by hand; update it when a format joins `FormatRegistry.standard`.
let standardFormatNames = standardFormatList.joined(separator: ", ")

/// The canonical names of the standard registry's formats, in registration order.
let standardFormatList = ["json", "yaml", "msgpack", "xml", "jsonl"]
