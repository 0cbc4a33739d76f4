import ArgumentParser
import DataMapperCore

/// Runs a command's work, turning a ``DataMapperError`` into its message on standard
/// error and exit status 1.
///
/// argument-parser would prefix the message with `Error:`; printing it ourselves keeps
/// the `file:line:column: message` form editors turn into links. Usage errors
/// (`ValidationError`) and exit codes pass through untouched.
func reportingFailures(_ work: () throws -> Void) throws {
    do {
        try work()
    } catch let error as DataMapperError {
        StandardError.print(error.toolDescription)
        throw ExitCode.failure
    }
}

