import Foundation

extension DataMapperError: LocalizedError {
    /// The same text as ``description``, so `localizedDescription` shows the whole message.
    public var errorDescription: String? { description }
}
