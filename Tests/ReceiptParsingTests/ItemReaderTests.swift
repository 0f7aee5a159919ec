import Foundation
import ReceiptModel
import Testing

@testable import ReceiptParsing

@Suite struct ItemReaderTests {
    /// The items of every line of `text`.
    func items(_ text: String, excluding dateLine: Int? = nil) -> [ParsedReceipt.Item] {
        let lines = analyzed(text)
        return ItemReader.items(in: lines, range: 0..<lines.count, excluding: dateLine)
    }

    @Test func eachPricedLineIsAnItem() {
        let read = items("BREAD 2.00\n2 MILK 6.00")
        #expect(read.map(\.name) == ["BREAD", "MILK"])
        #expect(read.map(\.quantity) == [1, 2])
        #expect(read.map(\.unitPrice) == [Amount("2.00"), Amount("3.00")])
    }

    @Test func aNameWrappedAboveItsPriceIsJoined() throws {
        let item = try #require(items("Chicken Tikka Masala\n12.00").first)
        #expect(item.name == "Chicken Tikka Masala")
        #expect(item.text == "Chicken Tikka Masala\n12.00")
    }

    @Test func aNamePrintedBelowItsPriceLineIsTaken() throws {
        let read = items("100027 1 5.25 5.25\nPARIS\n100028 1 4.95 4.95\nLYON")
        #expect(read.map(\.name) == ["PARIS", "LYON"])
        #expect(read.map(\.price) == [Amount("5.25"), Amount("4.95")])
    }

    @Test func aDiscountLineReducesTheItemAboveAndAVoidTakesAnItemBack() throws {
        let discounted = try #require(items("BREAD 2.00\nDISCOUNT 0.50").first)
        #expect(discounted.discount == Amount("-0.50"))
        #expect(items("BREAD 2.00\nMILK 3.00\nVOID MILK 3.00").map(\.name) == ["BREAD"])
    }

    @Test func aCountOnItsOwnLineCountsTheItemBelowOrAbove() {
        let below = items("2 x 1,29\nBUTTER 2,58")
        #expect(below.map(\.quantity) == [2])
        #expect(below.map(\.unitPrice) == [Amount("1.29")])
        let above = items("BUTTER 2,58\n2 x 1,29")
        #expect(above.map(\.quantity) == [2])
        #expect(above.first?.text == "BUTTER 2,58\n2 x 1,29")
    }

    @Test func paymentLinesAndTheDateLineAreNoItems() {
        #expect(items("BREAD 2.00\nCash 13.25\nVISA XXXX1234 2.00").map(\.name) == ["BREAD"])
        #expect(items("Order 12 2.00\nBREAD 2.00", excluding: 0).map(\.name) == ["BREAD"])
    }

    @Test func anAddressIsNoItem() {
        #expect(items("www.shop.com 0.00\nBREAD 2.00").map(\.name) == ["BREAD"])
    }
}
