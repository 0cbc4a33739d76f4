import DataMapper

/// Hears about each object and collection an ``EntityDeserializer`` maps, to adjust
/// objects or to report progress.
///
/// Every method has an empty default; implement those you need. For a collection of
/// people each with an array of phones the calls come in this order:
///
/// 1. `willMapCollection` (the people)
/// 2. `willMapObject` (a person)
/// 3. `willMapCollection` (the person's phones)
/// 4. `willMapObject`, `didMapObject` (each phone)
/// 5. `didMapCollection` (the phones)
/// 6. `didMapObject` (the person), then 2–6 for the next person
/// 7. `didMapCollection` (the people)
///
/// The calls are made once the whole document has been read without error, as the
/// objects are made. An object whose key appears more than once is made from all of
/// its representations when it is first reached; later appearances report it again
/// without mapping it again. A weak relationship that finds nothing to bind to makes no
/// call for that object.
public protocol EntityDeserializerDelegate {
    /// An object is about to be made or updated from `representation`.
    func willMapObject<Model>(from representation: SupportedType, mapping: EntityMapping<Model>)
    /// `object` was made or updated from `representation`.
    func didMapObject<Model>(_ object: Model, from representation: SupportedType, mapping: EntityMapping<Model>)
    /// The objects of an array are about to be mapped.
    func willMapCollection<Model>(from representation: SupportedType, mapping: EntityMapping<Model>)
    /// The objects of an array were mapped; `objects` leaves out those a weak
    /// relationship found nothing for.
    func didMapCollection<Model>(_ objects: [Model], from representation: SupportedType, mapping: EntityMapping<Model>)
}

// Each default does nothing, so a delegate implements only what it needs.
extension EntityDeserializerDelegate {
    /// Does nothing.
    public func willMapObject<Model>(from representation: SupportedType, mapping: EntityMapping<Model>) {}
    /// Does nothing.
    public func didMapObject<Model>(_ object: Model, from representation: SupportedType, mapping: EntityMapping<Model>) {}
    /// Does nothing.
    public func willMapCollection<Model>(from representation: SupportedType, mapping: EntityMapping<Model>) {}
    /// Does nothing.
    public func didMapCollection<Model>(_ objects: [Model], from representation: SupportedType, mapping: EntityMapping<Model>) {}
}
