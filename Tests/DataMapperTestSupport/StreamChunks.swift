import DataMapper

/// Every way of cutting `bytes` in two, then the bytes one at a time: the chunkings a
/// stream reader must read alike.
public func chunkings(of bytes: [UInt8]) -> [[ArraySlice<UInt8>]] {
    var all = (0...bytes.count).map { [bytes[..<$0], bytes[$0...]] }
    all.append(bytes.indices.map { bytes[$0...$0] })
    return all
}

/// The positions of a value and of everything inside it, depth first.
public func allPositions(_ value: SupportedType) -> [SourcePosition] {
    switch value.kind {
    case .array(let array): [value.position] + array.elements.flatMap(allPositions)
    case .dictionary(let map): [value.position] + map.values.flatMap(allPositions)
    default: [value.position]
    }
}

/// Reads `chunks` through `reader`, as a program would: drain after each chunk, then
/// finish and drain again.
public func readDocuments(
    of chunks: [ArraySlice<UInt8>], with reader: some DocumentStreamReader
) throws(DataMapperError) -> [SupportedType] {
    var reader = reader
    var documents: [SupportedType] = []
    for chunk in chunks {
        reader.append(chunk)
        while let document = try reader.next() { documents.append(document) }
    }
    try reader.finish()
    while let document = try reader.next() { documents.append(document) }
    return documents
}
