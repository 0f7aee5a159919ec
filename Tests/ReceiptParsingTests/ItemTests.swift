import Foundation
import ReceiptModel
import Testing

@testable import ReceiptParsing

/// A line of words (text, x, y, confidence), 60 × 34 px each, as OCR gives them.
func scored(_ words: [(String, Double, Double, Double)]) -> ParserInput.Line {
    ParserInput.Line(
        text: words.map(\.0).joined(separator: " "),
        words: words.map { ParserInput.Word(text: $0.0, box: .init(x: $0.1, y: $0.2, width: 60, height: 34), confidence: $0.3) }
    )
}

@Suite struct ItemLayoutTests {
    @Test func backgroundLeftOfTheItemColumnIsNoPartOfTheName() {
        // "PME" is the table the photo caught beside the paper, left of where item lines start.
        let input = ParserInput(
            lines: [
                scored([("GREEN", 300, 400, 0.95), ("FIELD", 380, 400, 0.95)]),
                scored([("1", 250, 500, 0.95), ("Coffee", 280, 500, 0.96), ("3.00", 900, 500, 0.95)]),
                scored([("PME", 0, 550, 0.15), ("3", 250, 550, 0.9), ("Prem", 280, 550, 0.9), ("Glass", 350, 550, 0.9), ("22.50", 900, 550, 0.9)]),
                scored([("1", 250, 600, 0.95), ("Coke", 280, 600, 0.95), ("3.00", 900, 600, 0.95)]),
                scored([("SUBTOTAL", 250, 650, 0.95), ("28.50", 900, 650, 0.95)]),
            ],
            pageWidth: 1000
        )
        let items = ReceiptParser().parse(input).items
        #expect(items.map(\.name) == ["Coffee", "Prem Glass", "Coke"])
        #expect(items.map(\.quantity) == [1, 3, 1])
    }

    @Test func anUnsureScrapAfterTheNameIsLeftOut() {
        let input = ParserInput(
            lines: [
                scored([("CAFE", 300, 400, 0.95)]),
                scored([
                    ("Enmoladas", 60, 460, 0.93), ("with", 230, 460, 0.97), ("Meat", 310, 460, 0.95), ("eee", 600, 460, 0.1),
                    ("14.95", 900, 460, 0.66),
                ]),
                scored([("TOTAL", 60, 520, 0.95), ("14.95", 900, 520, 0.95)]),
            ],
            pageWidth: 1000
        )
        #expect(ReceiptParser().parse(input).items.map(\.name) == ["Enmoladas with Meat"])
    }

    /// A line as OCR grouped it on a page leaning up to the right: each word (text, x, and
    /// the baseline of the printed line it belongs to) sits 0.05 px higher per px of x.
    static func tilted(_ words: [(String, Double, Double)]) -> ParserInput.Line {
        scored(words.map { ($0.0, $0.1, $0.2 - 0.05 * ($0.1 - 60), 0.93) })
    }

    @Test func onATiltedPageEachPriceGoesToTheNameItWasPrintedBeside() {
        // A price at the right edge rises 42 px above its name, so OCR joined it to the
        // line above: "12.00" stands alone, "Green Soup" got 7.50, "Iced Tea" got nothing.
        let input = ParserInput(
            lines: [
                Self.tilted([("CAFE", 300, 300)]),
                Self.tilted([("12.00", 900, 400)]),
                Self.tilted([("Green", 60, 400), ("Soup", 200, 400), ("7.50", 900, 450)]),
                Self.tilted([("Chicken", 60, 450), ("Tenders", 200, 450), ("9.00", 900, 500)]),
                Self.tilted([("Flautas", 60, 500), ("Chicken", 200, 500), ("4.25", 900, 550)]),
                Self.tilted([("Iced", 60, 550), ("Tea", 200, 550)]),
                Self.tilted([("SUBTOTAL", 60, 640), ("32.75", 900, 640)]),
                Self.tilted([("TOTAL", 60, 700), ("32.75", 900, 700)]),
            ],
            pageWidth: 1000
        )
        let items = ReceiptParser().parse(input).items
        #expect(items.map(\.name) == ["Green Soup", "Chicken Tenders", "Flautas Chicken", "Iced Tea"])
        #expect(items.map(\.price) == ["12.00", "7.50", "9.00", "4.25"].compactMap { Amount($0) })
    }

    @Test func aShortItemBlockTakesTheSlopeOfTheWholePage() {
        // Three items read with middling confidence cannot give the page's lean on their own;
        // the header and the balance line can. Each price rises 42 px towards the line above.
        func line(_ words: [(String, Double, Double)], _ confidence: Double) -> ParserInput.Line {
            scored(words.map { ($0.0, $0.1, $0.2 - 0.05 * ($0.1 - 60), confidence) })
        }
        let input = ParserInput(
            lines: [
                line([("TAVERN", 300, 300), ("GRILL", 400, 300)], 0.93),
                line([("Table", 60, 350), ("Seven", 160, 350), ("48.00", 900, 400)], 0.9),
                line([("Manhattan", 60, 400), ("28.50", 900, 450)], 0.6),
                line([("Grey", 60, 450), ("Goose", 200, 450), ("3.00", 900, 500)], 0.6),
                line([("Rocks", 60, 500)], 0.6),
                line([("Subtotal", 60, 620)], 0.93),
                line([("79.50", 900, 662)], 0.93),
                line([("Balance", 60, 700), ("Due", 200, 700), ("79.50", 900, 700)], 0.9),
            ],
            pageWidth: 1000
        )
        let items = ReceiptParser().parse(input).items
        #expect(items.map(\.name) == ["Manhattan", "Grey Goose", "Rocks"])
        #expect(items.map(\.price) == ["48.00", "28.50", "3.00"].compactMap { Amount($0) })
    }
}

@Suite struct ItemNameTests {
    @Test func aTipWordInsideADishNameIsNoTip() {
        let r = ReceiptParser().parse(text: "PASTA CAFE\nSteak Tip Skewers $12.99\nRoot Beer $2.50\nSubtotal $15.49\nTax $1.00\nTotal $16.49\n")
        #expect(r.items.map(\.name) == ["Steak Tip Skewers", "Root Beer"])
        #expect(r.tip == nil)
        #expect(Keywords.kind(of: "Steak Tip Skewers 12.99") == .other)
        #expect(Keywords.kind(of: "18% TIPS: 8.09") == .tip)
        #expect(Keywords.kind(of: "TIP AMOUNT 3.00") == .tip)
    }

    @Test func aNameOnTheLineBelowItsPriceKeepsItsQuantity() throws {
        let r = ReceiptParser().parse(text: "CARL'S\n——\n$11.38\n2 Santa Fe Ckn\nSub Total $11.38\nTotal $12.30\n")
        let item = try #require(r.items.first)
        #expect(item.name == "Santa Fe Ckn")
        #expect(item.quantity == 2)
        #expect(item.unitPrice == Amount("5.69"))
    }

    @Test func unsureTwoLetterScrapsAndWebAddressesAreNoItems() {
        let input = ParserInput(
            lines: [
                scored([("DINER", 300, 300, 0.95)]),
                scored([("Cheeseburger", 60, 400, 0.93), ("7.89", 900, 400, 0.93)]),
                scored([("rf", 60, 450, 0.3), ("$0.00", 900, 450, 0.4)]),
                scored([("OJ", 60, 500, 0.92), ("2.99", 900, 500, 0.92)]),
                scored([("Subtotal", 60, 560, 0.95), ("10.88", 900, 560, 0.95)]),
                scored([("TOTAL", 60, 620, 0.95), ("10.88", 900, 620, 0.95)]),
            ],
            pageWidth: 1000
        )
        #expect(ReceiptParser().parse(input).items.map(\.name) == ["Cheeseburger", "OJ"])
        let footer = ReceiptParser().parse(text: "DINER\nCheeseburger 7.89\nsurvey at diner-feedback.com 5.00\nSubtotal 7.89\nTotal 7.89\n")
        #expect(footer.items.map(\.name) == ["Cheeseburger"])
    }

    @Test func leadingCountsAndMenuNumbers() {
        let r = ReceiptParser().parse(text: "OM CAFE\n1. Onion Naan 3.95\n1 13. Shrimp Tempura Roll 4.25\n16. Spicy Salmon Roll 4.25\nTOTAL 12.45\n")
        #expect(r.items.map(\.name) == ["Onion Naan", "13. Shrimp Tempura Roll", "16. Spicy Salmon Roll"])
        #expect(r.items.map(\.quantity) == [1, 1, 1])
    }
}

@Suite struct ItemArithmeticTests {
    @Test func identicalLinesInARowBecomeOneCartLine() {
        let r = ReceiptParser().parse(
            text:
                "PITA\n20 Mixed Meat Lunch 180.00\n1 Reg 12pe Falafel 6.50\n1 Reg 12pc Falafel 6.50\n1 Miscellaneous 20.00\nSubtotal 213.00\nTotal 213.00\n"
        )
        #expect(r.items.count == 3)
        #expect(r.items[1].quantity == 2)
        #expect(r.items[1].price == Amount("13.00"))
        #expect(r.items[1].unitPrice == Amount("6.50"))
        #expect(r.checks.itemsMatchSubtotal == true)
        // The same dish ordered again later is a line of its own.
        let apart = ReceiptParser().parse(text: "GRILL\nMake It Blue 5.00\nAdd Lobster 21.00\nMake It Blue 5.00\nSubtotal 31.00\nTotal 31.00\n")
        #expect(apart.items.count == 3)
    }

    @Test func aLineHoldingTheSumOfTheItemsAboveIsTheSubtotal() {
        let r = ReceiptParser().parse(text: "PASTA CAFE\nSteak Skewers $12.99\nPiatto Gorgonzola $12.99\nRoot Beer $2.50\nubtota] $28.48\nax $2.28\n")
        #expect(r.items.map(\.name) == ["Steak Skewers", "Piatto Gorgonzola", "Root Beer"])
        #expect(r.subtotal == Amount("28.48"))
    }

    @Test func oneMisreadDigitIsRepairedWhenOnlyOneRepairFitsTheSubtotal() {
        let r = ReceiptParser().parse(
            text: "DINER\n2 Enchi Omelete 29.98\n1 Coffee Hot 2.99\n1 Diet Coke 2.99\nSUBTOTAL 31.96\nTAX 2.00\nTOTAL 33.96\n"
        )
        #expect(r.items.first?.price == Amount("25.98"))
        #expect(r.items.first?.unitPrice == Amount("12.99"))
        #expect(r.checks.itemsMatchSubtotal == true)
        let swapped = ReceiptParser().parse(text: "PHO\n1 Special Combo Pho $12.59\nSubtotal: $12.95\nTax $1.23\nTotal $14.18\n")
        #expect(swapped.items.first?.price == Amount("12.95"))
        // Two lines could each be the misread one: neither is changed.
        let ambiguous = ReceiptParser().parse(text: "DINER\nPasta 19.00\nSteak 29.00\nSUBTOTAL 44.00\nTOTAL 44.00\n")
        #expect(ambiguous.items.map(\.price) == [Amount("19.00"), Amount("29.00")])
    }

    @Test func aLinePriceWhoseDollarSignWasReadAsADigitIsRepaired() {
        let r = ReceiptParser().parse(text: "GRILL\nBurger $11.50\nIced Tea 82.75\nSubtotal $14.25\nTax $1.18\nTotal $15.43\n")
        #expect(r.items.map(\.price) == [Amount("11.50"), Amount("2.75")])
        #expect(r.checks.itemsMatchSubtotal == true)
    }

    @Test func aDoubtfulLineTheSubtotalLeavesOutIsDropped() {
        func input(noise confidence: Double) -> ParserInput {
            ParserInput(
                lines: [
                    scored([("CAFE", 300, 400, 0.95)]),
                    scored([("Coffee", 60, 460, 0.95), ("3.00", 900, 460, 0.95)]),
                    scored([("Tea", 60, 500, 0.95), ("4.00", 900, 500, 0.95)]),
                    scored([("Complimentary", 60, 540, confidence), ("2.00", 900, 540, confidence)]),
                    scored([("SUBTOTAL", 60, 580, 0.95), ("7.00", 900, 580, 0.95)]),
                    scored([("TOTAL", 60, 620, 0.95), ("7.00", 900, 620, 0.95)]),
                ],
                pageWidth: 1000
            )
        }
        #expect(ReceiptParser().parse(input(noise: 0.3)).items.map(\.name) == ["Coffee", "Tea"])
        // A line read with confidence stays: the subtotal may be what is wrong.
        #expect(ReceiptParser().parse(input(noise: 0.95)).items.count == 3)
    }

    @Test func aDiscountOnTheWholeBillIsAnItemWithANegativePrice() {
        let text =
            "OM INDIAN FOOD\n1 Vegetable Biryani $12.95\n1 Malai Kofta $12.95\n1 Onion Naan $3.95\nSUBTOTAL: $29.85\n"
            + "LUNCH DISCOUNT 50% OFF : -$14.93\nTAX: $1.32\nTOTAL : $16.24\nYou have saved : $14.93\n"
        let r = ReceiptParser().parse(text: text)
        #expect(r.items.count == 4)
        #expect(r.items.last?.name == "LUNCH DISCOUNT 50% OFF")
        #expect(r.items.last?.price == Amount("-14.93"))
        #expect(r.checks.itemsMatchSubtotal == true)
    }
}
