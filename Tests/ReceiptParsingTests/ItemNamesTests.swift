import Testing

@testable import ReceiptParsing

@Suite struct ItemNamesTests {
    @Test func theNameLeavesOutAUnitPriceNoteAndStrayPunctuation() {
        #expect(ItemNames.name(["Sandia", "Margarita", "($13.00/ea)"]) == "Sandia Margarita")
        #expect(ItemNames.name(["-Coffee."]) == "Coffee")
        #expect(ItemNames.name(["Fish", "&", "Chips", "(L)"]) == "Fish & Chips (L)")
    }

    @Test(arguments: [
        (["q", "1", "Flying", "Dog"], ["1", "Flying", "Dog"]),
        (["Hg", "1", "Mole", "Enchilada"], ["1", "Mole", "Enchilada"]),
        (["SIDE", "(SM)", "§&"], ["SIDE", "(SM)"]),
        (["2", "1", "Deccan", "Special"], ["1", "Deccan", "Special"]),
        (["“1", "Dal", "Fry"], ["1", "Dal", "Fry"]),
        (["2", "x", "Coke"], ["2", "x", "Coke"]),
    ])
    func junkAtTheEndsOfANameGoes(_ tokens: [String], _ expected: [String]) {
        #expect(ItemNames.withoutJunk(tokens.map { Substring($0) }) == expected.map { Substring($0) })
    }

    @Test func itemCodesAtTheEndsOfANameGo() {
        #expect(ItemNames.withoutCodes(["100027", "PARIS", "4005808"]) == ["PARIS"])
        #expect(ItemNames.withoutCodes(["1234", "MILK"]) == ["MILK"])
        #expect(ItemNames.withoutCodes(["2", "Coke", "500"]) == ["2", "Coke", "500"])
    }

    @Test func addressesAndUnsureTwoLetterNamesAreNoise() {
        #expect(ItemNames.isNoise("www.shop.com", confidence: 0.9))
        #expect(ItemNames.isNoise("orders@shop.example", confidence: 0.9))
        #expect(ItemNames.isNoise("Ab", confidence: 0.4))
        #expect(!ItemNames.isNoise("Ab", confidence: 0.9))
        #expect(!ItemNames.isNoise("Coffee", confidence: 0.3))
    }

    @Test func aNameNeedsTwoLetters() {
        #expect(ItemNames.isName("Tea"))
        #expect(!ItemNames.isName("#6"))
    }

    @Test func theNameTokensOfALineStopBeforeItsPrice() throws {
        let line = try #require(analyzed("2 Lunch Special 45.90").first)
        #expect(ItemNames.tokens(of: line, columnStart: nil, end: 3) == ["2", "Lunch", "Special"])
    }
}
