import Foundation
import ReceiptModel
import Testing

@testable import ReceiptParsing

/// Receipts from Thailand, India, the Gulf, South Africa, the UK and Spain parsed from text: other
/// scripts' digits, the Buddhist era, the GST's halves, Indian digit grouping, Arabic lines whose
/// amount comes first, and the currency each country's marks and VAT rate point to.
@Suite struct WorldLocaleTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var text: String
        var total: String
        var date: String?
        var currency: String
        var tax: String?
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "Thai, ASCII digits, Buddhist-era year",
            text: """
                ร้านสะดวกซื้อ สุขุมวิท
                ใบเสร็จรับเงิน
                น้ำดื่ม 14.00
                ขนมปัง 25.00
                รวมทั้งสิ้น 39.00 บาท
                ภาษีมูลค่าเพิ่ม 7% 2.55
                เงินสด 50.00
                เงินทอน 11.00
                วันที่ 14/03/2567 15:42
                """,
            total: "39.00",
            date: "2024-03-14",
            currency: "THB",
            tax: "2.55"
        ),
        Case(
            name: "Thai, Thai digits, two-digit Buddhist year",
            text: """
                ร้านข้าวแกง
                ข้าวผัด ๕๐.๐๐
                ชาเย็น ๒๕.๐๐
                รวม ๗๕.๐๐ ฿
                เงินสด ๑๐๐.๐๐
                เงินทอน ๒๕.๐๐
                วันที่ ๐๒/๑๑/๖๗
                """,
            total: "75.00",
            date: "2024-11-02",
            currency: "THB"
        ),
        Case(
            name: "Thai as Tesseract's Thai model reads it: letters apart, tone marks lost",
            text: """
                ร ้ า น ส ะ ด ว ก ซื ้ อ ส ุ ขุ ม ว ิ ท
                ใบ เส ร ็ จ ร ั บ เง ิ น
                ขน ม ป ั ง   25.00
                น ม ส ด   32.00
                ร ว ม ท ั ง ส ิ น   57.00 บ ท
                ภา ษี ม ู ล ค ่ า เพ ิ ม   7%   3.73
                เง ิ น ส ด   100.00
                เง ิ น ท อ น   43.00
                ว ั น ท ี   14/03/2567   15:42
                """,
            total: "57.00",
            date: "2024-03-14",
            currency: "THB",
            tax: "3.73"
        ),
        Case(
            name: "India, CGST + SGST, lakhs, rupee sign",
            text: """
                SHREE GANESH ELECTRONICS
                GSTIN 29ABCDE1234F1Z5
                TAX INVOICE
                Date: 14/03/2024
                LED TV 55in 54,990.00
                Refrigerator 260L 24,500.00
                Washing Machine 7kg 32,898.00
                Sub Total 1,12,388.00
                CGST @ 9% 10,114.92
                SGST @ 9% 10,114.92
                Grand Total ₹1,32,617.84
                Cash 1,33,000.00
                Change 382.16
                """,
            total: "132617.84",
            date: "2024-03-14",
            currency: "INR",
            tax: "20229.84"
        ),
        Case(
            name: "India, IGST, Rs.",
            text: """
                KRISHNA SWEETS
                Kaju Katli Rs. 450.00
                Gulab Jamun Rs. 180.00
                Sub Total Rs. 630.00
                IGST 5% Rs. 31.50
                Net Payable Rs. 661.50
                Date 02-11-2024
                """,
            total: "661.50",
            date: "2024-11-02",
            currency: "INR",
            tax: "31.50"
        ),
        Case(
            name: "India, Hindi words, Devanagari digits",
            text: """
                अग्रवाल किराना स्टोर
                दिनांक १४/०३/२०२४
                चावल ४५०.००
                दाल १८०.००
                जीएसटी २५.००
                कुल ६५५.०० ₹
                """,
            total: "655.00",
            date: "2024-03-14",
            currency: "INR",
            tax: "25.00"
        ),
        Case(
            name: "Emirates, bilingual, TRN and VAT 5%",
            text: """
                AL NOOR CAFE L.L.C
                TRN 100234567800003
                Karak Tea 6.00
                Chicken Shawarma 12.00
                Subtotal المجموع الفرعي 18.00
                VAT 5% ضريبة القيمة المضافة 0.90
                Total الإجمالي 18.90
                Cash نقدا 20.00
                Change الباقي 1.10
                14/03/2024 15:42
                """,
            total: "18.90",
            date: "2024-03-14",
            currency: "AED",
            tax: "0.90"
        ),
        Case(
            name: "Saudi Arabia, Arabic only, amounts first, Arabic-Indic digits",
            text: """
                مطعم الرياض
                ١٢٫٠٠ شاورما
                ٨٫٥٠ فلافل
                ٢٠٫٥٠ المجموع الفرعي
                ٣٫٠٨ ضريبة القيمة المضافة ١٥٪
                ٢٣٫٥٨ الإجمالي ر.س
                ٥٠٫٠٠ نقدا
                ٢٦٫٤٢ الباقي
                التاريخ ٢٠٢٤/٠٣/١٤
                """,
            total: "23.58",
            date: "2024-03-14",
            currency: "SAR",
            tax: "3.08"
        ),
        Case(
            name: "South Africa, R with a space, VAT 15%",
            text: """
                SPAR KLOOF STREET
                Bread R 18.99
                Milk 2L R 32.49
                TOTAL R 51.48
                VAT 15% INCL R 6.71
                CASH R 60.00
                CHANGE R 8.52
                2024/03/14 15:42
                """,
            total: "51.48",
            date: "2024-03-14",
            currency: "ZAR"
        ),
        Case(
            name: "UK, pound sign and VAT 20%",
            text: """
                CORNER SHOP LTD
                Sandwich £3.50
                Crisps £1.20
                TOTAL £4.70
                VAT 20% £0.78
                CASH £10.00
                CHANGE £5.30
                14/03/2024 15:42
                """,
            total: "4.70",
            date: "2024-03-14",
            currency: "GBP"
        ),
        Case(
            name: "Spain, euro after the amount",
            text: """
                BAR LA ESQUINA
                Café con leche 1,60 €
                Tostada 2,40 €
                Total a pagar 4,00 €
                IVA 10% incluido 0,36 €
                Efectivo 5,00 €
                Cambio 1,00 €
                Fecha: 14/03/2024
                """,
            total: "4.00",
            date: "2024-03-14",
            currency: "EUR"
        ),
    ]

    @Test(arguments: cases)
    func eachCountryReadsItsTotalDateAndCurrency(_ example: Case) {
        let receipt = ReceiptParser().parse(text: example.text)
        #expect(receipt.total == Amount(example.total), "total")
        #expect(receipt.date == example.date, "date")
        #expect(receipt.currency == example.currency, "currency")
        if let tax = example.tax { #expect(receipt.tax == Amount(tax), "tax") }
    }

    @Test(arguments: [
        ("٠١٢٣٤٥٦٧٨٩", "0123456789"), ("۱۲٬۳۴۵٫۶۷", "12,345.67"), ("०१२३४५६७८९", "0123456789"), ("๐๑๒๓๔๕๖๗๘๙", "0123456789"),
        ("\u{200E}AED\u{200F} 55.13", "AED 55.13"), ("รวม ๗๕.๐๐", "รวม 75.00"), ("ร ว ม ท ั ้ ง ส ิ ้ น   166.00", "รวมทังสิน   166.00"),
        ("น ้ ำ ด ื ่ ม  ขนมปัง", "นำดืม ขนมปัง"), ("TOTAL 12.50", "TOTAL 12.50"), ("Crème brûlée 4,50", "Crème brûlée 4,50"),
    ])
    func otherScriptsNormalized(text: String, ascii: String) {
        #expect(ScriptText.normalized(text) == ascii)
    }

    @Test func wordsKeepTheirDigitsInStepWithTheLine() {
        let input = ParserInput(lines: [.init(text: "รวม ๗๕.๐๐", words: [.init(text: "รวม"), .init(text: "๗๕.๐๐")])]).withScriptsNormalized
        #expect(input.lines[0].text == "รวม 75.00")
        #expect(input.lines[0].words.map(\.text) == ["รวม", "75.00"])
    }

    @Test(arguments: [
        ("1,00,000.00", "100000.00"), ("12,34,567.89", "1234567.89"), ("1,32,617.84", "132617.84"), ("₹1,32,617.84", "132617.84"),
        ("Rs.450.00", "450.00"), ("AED52.50", "52.50"), ("R12.99", "12.99"), ("฿75.00", "75.00"), ("1,234.50", "1234.50"),
    ])
    func indianGroupingAndCurrencyMarks(token: String, amount: String) {
        #expect(Numbers.money(Substring(token))?.0 == Amount(amount), "\(token)")
    }

    @Test(arguments: ["1,00,00.00", "10,00,000", "100,00.00", "1,0,000.00"])
    func groupingsNoCountryPrintsAreNoAmounts(token: String) {
        #expect(Numbers.money(Substring(token), allowRepair: false) == nil, "\(token)")
    }

    @Test(arguments: [
        ("วันที่ 14/03/2567", "2024-03-14"), ("วันที่ ๑๔/๐๓/๒๕๖๗", "2024-03-14"), ("วันที่ 14/03/67", "2024-03-14"),
        ("2567-03-14", "2024-03-14"), ("14/03/2024", "2024-03-14"),
    ])
    func buddhistEraYears(text: String, iso: String) {
        let receipt = ReceiptParser().parse(text: text)
        #expect(receipt.date == iso, "\(text)")
    }

    /// Outside Thai a two-digit year past the latest is an OCR misreading (`67` for `07`), as before.
    @Test func twoDigitYearsAreBuddhistOnlyOnThaiLines() {
        #expect(ReceiptParser().parse(text: "REF 14/03/67").date == "2007-03-14")
    }

    @Test(arguments: [
        ("Coffee 4.50\nTRN 100234567800003\nTotal 4.50", "AED"), ("Coffee 4.50\nTRN 4471 REG 2\nTotal 4.50", "USD"),
        ("Bread 18.99\nVAT 15% 2.48\nTotal 18.99", "ZAR"), ("خبز 18.99\nVAT 15% ضريبة 2.48\nTotal 18.99", "SAR"),
        ("Tea 2.50\nVAT 20% 0.42\nTotal 2.50", "GBP"), ("Kaju Rs.450.00\nTotal Rs. 450.00", "INR"),
    ])
    func currencyFromCountryCues(text: String, code: String) {
        #expect(CurrencyDetection.currency(of: analyzed(text)) == code, "\(text)")
    }

    @Test(arguments: [
        ("รวมทั้งสิ้น 39.00", LineKind.total), ("ภาษีมูลค่าเพิ่ม 7% 2.55", .tax), ("เงินสด 50.00", .tendered), ("เงินทอน 11.00", .change),
        ("CGST @ 9% 10,114.92", .tax), ("SGST 2.5% 12.50", .tax), ("IGST 5% 31.50", .tax), ("कुल 655.00", .total),
        ("जीएसटी 25.00", .tax), ("18.90 الإجمالي", .total), ("0.90 ضريبة القيمة المضافة", .tax), ("20.00 نقدا", .tendered),
        ("1.10 الباقي", .change), ("18.00 المجموع الفرعي", .subtotal), ("52.50   الفرعي المجموع", .subtotal),
        ("2.63   المضافة القيمة ضريبة \u{200E}VAT 5%\u{200F}", .tax), ("Net Payable 661.50", .total),
    ])
    func lineKindsOfEachCountry(line: String, kind: LineKind) {
        #expect(Keywords.kind(of: ScriptText.normalized(line)) == kind, "\(line)")
    }
}
