import Foundation

/// Writes a progress line to standard error, so that standard output holds only the
/// tables the benchmark programs print.
public func progress(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
