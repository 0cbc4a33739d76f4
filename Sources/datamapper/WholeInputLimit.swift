import DataMapperCore
import DataMapperFormats
import Foundation

/// The size caps on input read whole: ``ParsingLimits/maxInputBytes`` and, when the
/// user sets one, ``ParsingLimits/maxStreamBytes``, each refusal naming its own limit.
enum WholeInputLimit {
    /// What `read` returns when given the smaller cap; a refusal for passing the
    /// stream limit names that limit and `inputName`.
    static func read(_ limits: ParsingLimits, inputName: String, _ read: (Int) throws -> Data) throws -> Data {
        guard let streamLimit = limits.maxStreamBytes, streamLimit < limits.maxInputBytes else {
            return try read(limits.maxInputBytes)
        }
        do {
            return try read(streamLimit)
        } catch let error as DataMapperError where error.kind == .limitExceeded {
            throw tooLarge(streamLimit, inputName: inputName)
        }
    }

    /// The refusal of an input of `size` bytes, when known, past
    /// ``ParsingLimits/maxStreamBytes``, `limit`.
    static func tooLarge(_ limit: Int, size: Int? = nil, inputName: String) -> DataMapperError {
        DataMapperError.Remedy.streamTooLarge(size, limit: limit, in: "ParsingLimits").inFile(inputName)
    }
}
