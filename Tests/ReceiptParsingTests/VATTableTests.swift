import Foundation
import ReceiptModel
import Testing

@testable import ReceiptParsing

/// VAT tables read by their arithmetic: a rate, and one amount that is that rate of another.
@Suite struct VATTableTests {
    @Test func rowsWithTheirOwnRateAndNoTaxWord() {
        // Dutch: rate, excl., VAT, incl.; the 21 % row's VAT rounds to the cent.
        let summary = SummaryReader.read(
            analyzed(
                """
                Draagtas 0,25 H
                TOTAAL 19,28
                PIN 19,28
                BTW Excl. BTW Incl.
                9% 17,46 1,57 19,03
                21% 0,21 0,04 0,25
                """
            )
        )
        #expect(summary.total == Amount("19.28"))
        #expect(summary.taxes.map(\.amount) == [amount("1.57"), amount("0.04")])
        #expect(summary.taxes.map(\.rate) == [9, 21])
    }

    @Test func theRateOfTheHeadingAndAVATWhoseSeparatorWasLost() {
        // Spanish: the rate is on the heading only.
        let spanish = SummaryReader.read(
            analyzed(
                """
                TOTAL (IVA incl.) 18,40 €
                Base imp.    IVA 10%     Cuota
                16,73 1,67
                TARJETA 18,40
                """
            )
        )
        #expect(spanish.taxes.map(\.amount) == [amount("1.67")])
        // "1,57" read as "157": only the rate's arithmetic can say it is 1.57.
        let dutch = SummaryReader.read(analyzed("TOTAAL 19,03\nBTW Excl. BTW Incl.\n9% 17,46 157 19,03"))
        #expect(dutch.taxes.map(\.amount) == [amount("1.57")])
    }

    @Test func theTableWinsOverATaxHeadingThatTookARowsAmount() {
        // "MwSt" heads the table without an amount of its own; the table says 0.68 + 0.35.
        let summary = SummaryReader.read(
            analyzed(
                """
                SUMME EUR 12,66
                Geg. Bar 20,00
                Rueckgeld BAR 7,34
                MwSt Netto Steuer Brutto
                A= 7% 9,79 0,68 10,47
                B= 19% 1,84 0,35 2,19
                Gesamt 11,63 1,03 12,66
                """
            )
        )
        #expect(summary.total == Amount("12.66"))
        #expect(summary.taxes.map(\.amount).reduce(Amount.zero, +) == amount("1.03"))
        // 10.47 + 2.19 = 12.66 are two gross amounts of the table, not a subtotal and a tax.
        #expect(summary.subtotal == nil)
    }

    @Test func aTaxTheArithmeticConfirmsStays() {
        let summary = SummaryReader.read(analyzed("SUBTOTAL 10.00\nTAX 0.80\nTOTAL 10.80\nVAT 8% 10.00 0.80"))
        #expect(summary.taxes.map(\.amount) == [amount("0.80")])
        #expect(summary.taxes.first?.label == "TAX")
    }

    @Test func discountsChargesAndItemsAreNoVATRows() {
        // 10 % of 5.00 is 0.50, but the line says it is a discount; a service charge likewise.
        #expect(SummaryReader.read(analyzed("TOTAL 4.50\n10% DISCOUNT 5.00 0.50")).taxes.isEmpty)
        #expect(SummaryReader.read(analyzed("TOTAL 55.00\nSERVICE CHARGE 10% 50.00 5.00")).taxes.isEmpty)
        // An amount that is no rate of the other.
        #expect(SummaryReader.read(analyzed("TOTAL 3.00\nYogurt 10% 3 x 0.50 1.50")).taxes.isEmpty)
        // A VAT that would be more than a third of the total is no VAT of it.
        #expect(SummaryReader.read(analyzed("TOTAL 1.00\n20% 10.00 2.00")).taxes.isEmpty)
    }

    @Test func aSubtotalTheTableWouldContradictKeepsItOut() {
        // Subtotal 9.30 + VAT 0.65 is not the total 10.00: one of them is misread.
        #expect(SummaryReader.read(analyzed("SUBTOTAL 9.30\nTOTAL 10.00\n7% 9.35 0.65")).taxes.isEmpty)
    }

    @Test func aTableOCRLeftPartlyUnreadIsNoTax() {
        // One row of two read: 17.50 + 3.32 is not the total 29.78, so 3.32 is not all the VAT.
        #expect(SummaryReader.read(analyzed("TOTAL 29,78\nohne MwSt mit MwSt\nV 19,0% 3,32 17,50 20,82\nPinos 0,69 85h 8,96")).taxes.isEmpty)
    }

    @Test func aTaxLineOfItsOwnStaysBesideAPartlyReadTable() {
        // Row A is unreadable; the tax line says the whole VAT.
        let summary = SummaryReader.read(
            analyzed(
                """
                TOTAL TTC EUR 18,95
                A 55% 13,/9°-..0,/6
                B 10 % 4,00 0,40 4,40
                TVA 1,16
                """
            )
        )
        #expect(summary.taxes.map(\.amount).reduce(Amount.zero, +) == amount("1.16"))
        // Beside a whole table too: a tax line printing its own amount is not replaced by the table.
        let whole = SummaryReader.read(analyzed("TOTAL 4,40\nTVA 0,44\nB 10 % 4,00 0,40 4,40"))
        #expect(whole.taxes.map(\.amount) == [amount("0.44")])
    }

    @Test func rateArithmetic() {
        #expect(VATTable.isRate(9, of: amount("17.46"), giving: amount("1.57")))
        #expect(VATTable.isRate(21, of: amount("0.21"), giving: amount("0.04")))
        #expect(!VATTable.isRate(9, of: amount("17.46"), giving: amount("1.60")))
        #expect(!VATTable.isRate(40, of: amount("10.00"), giving: amount("4.00")))
    }
}
