/// The original DataMapper's name for the JSON serializer. Use `JSONSerializer`
/// (from `DataMapperJSON`) instead.
///
/// The same type under the old spelling, so that code written for the original
/// library compiles; note that our serializers throw a `DataMapperError` on bad input
/// where the original returned a value, so calls need `try`.
@available(*, deprecated, renamed: "JSONSerializer", message: "the original DataMapper's name; JSONSerializer is the same type")
public typealias JsonSerializer = JSONSerializer
