import Foundation
import ReceiptModel
import Testing

@Suite struct AmountTests {
    @Test func keepsTheReceiptsDecimals() throws {
        #expect(Amount("3.00")?.description == "3.00")
        #expect(Amount("1234.5")?.description == "1234.5")
        #expect(Amount("-0.99")?.description == "-0.99")
        #expect(Amount("12")?.description == "12")
        #expect(Amount(minorUnits: 1299).description == "12.99")
    }

    @Test func refusesWhatIsNotAPlainDecimal() {
        for text in ["", "abc", "1,50", "1.2.3", "$3.00", "1.", "--1"] {
            #expect(Amount(text) == nil, "\(text)")
        }
    }

    @Test func addsExactly() throws {
        let sum = try #require(Amount("0.10")) + #require(Amount("0.20"))
        #expect(sum == Amount("0.30"))
        #expect(sum.description == "0.30")
    }

    @Test func roundTripsThroughJSONAsAString() throws {
        let data = try JSONCoding.encoder.encode(["price": Amount("45.90")])
        #expect(String(decoding: data, as: UTF8.self) == #"{"price":"45.90"}"#)
        let back = try JSONCoding.decoder.decode([String: Amount].self, from: data)
        #expect(back["price"]?.description == "45.90")
    }

    @Test func jsonValueRoundTripsUnknownFields() throws {
        let text = #"{"a":[1,2.5,"x",null,true],"b":{"c":0.93}}"#
        let value = try JSONValue(jsonData: Data(text.utf8))
        #expect(String(decoding: try value.jsonData(), as: UTF8.self) == text)
    }
}

@Suite struct AmountTextTests {
    @Test(
        "amounts print with exactly their decimals, whatever their size or sign",
        arguments: [
            ("3.5", 2, "3.50"), ("0.05", 2, "0.05"), ("-12", 2, "-12.00"), ("1234567.891", 2, "1234567.89"), ("2.345", 2, "2.35"),
            ("-0.001", 2, "0.00"), ("7", 0, "7"), ("7.6", 0, "8"), ("0.1234", 3, "0.123"), ("100", 2, "100.00"), ("-0.5", 1, "-0.5"),
        ]
    )
    func text(value: String, scale: Int, expected: String) throws {
        let amount = Amount(try #require(Decimal(string: value)), scale: scale)
        #expect(amount.description == expected)
    }
}
