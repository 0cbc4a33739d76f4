import DataMapper

/// XML holds every scalar as text, so `decode(_:from:)` reads numbers, booleans and
/// dates from strings (``SupportedTypeDecoder/ScalarReading/fromText``).
extension XMLSerializer: TextScalarSerializer {}
