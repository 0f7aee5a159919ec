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
