import DataMapper
import DataMapperFormats
import Foundation
import Testing

/// Big numbers through a serializer chosen by setting, as a deployment would: the
/// Codable bridge writes them exactly whichever format and big-number option is set.
@Suite struct CodableBigNumberFormatTests {
    struct Ledger: Codable, Equatable {
        var total: Decimal
        var id: UInt128
    }

    @Test("a ledger round-trips through every standard format chosen by setting", arguments: ["json", "yaml", "msgpack", "xml"])
    func bySetting(setting: String) throws {
        let ledger = Ledger(total: try #require(Decimal(string: "-12345678901234567890.123456789", locale: nil)), id: .max)
        for bigNumbers in FormatWriteOptions.BigNumbers.allCases {
            var options = FormatWriteOptions.default
            options.bigNumbers = bigNumbers
            let serializer = try FormatRegistry.standard.format(fromSetting: setting).serializer(options: options)
            #expect(try serializer.decode(Ledger.self, from: serializer.encode(ledger)) == ledger, "\(setting), \(bigNumbers)")
        }
    }
}
