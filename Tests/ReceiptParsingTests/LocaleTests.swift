import Foundation
import ReceiptModel
import Testing

@testable import ReceiptParsing

/// Receipts of the languages added as locale tables (`Locales/`), parsed from text: the words
/// for total, VAT, cash and change, the dates and the currency of each.
@Suite struct LocaleTests {
    struct Case: Sendable, CustomStringConvertible {
        var language: ReceiptLanguage
        var text: String
        var total: String
        var date: String
        var currency: String
        var tax: String?
        var description: String { language.rawValue }
    }

    static let cases: [Case] = [
        Case(
            language: .polish,
            text: """
                PIEKARNIA POD LIPAMI SP. Z O.O.
                ul. Długa 12, 31-147 Kraków
                NIP 676-123-45-67
                PARAGON FISKALNY
                2024-03-12
                Chleb żytni 1 x 6,50 6,50 A
                Bułka 4 x 0,90 3,60 A
                Mleko 2% 2 x 3,49 6,98 B
                SPRZEDAŻ OPODATKOWANA A 10,10
                PTU A 23% 1,89
                SPRZEDAŻ OPODATKOWANA B 6,98
                PTU B 5% 0,33
                SUMA PTU 2,22
                SUMA PLN 17,08
                GOTÓWKA 20,00
                RESZTA 2,92
                """,
            total: "17.08",
            date: "2024-03-12",
            currency: "PLN",
            tax: "2.22"
        ),
        Case(
            language: .czech,
            text: """
                POTRAVINY U NÁDRAŽÍ s.r.o.
                Nádražní 8, 602 00 Brno
                IČO 12345678 DIČ CZ12345678
                ÚČTENKA
                Rohlík 5 x 3,90 19,50
                Máslo 250 g 54,90
                Pivo 0,5 l 2 x 24,00 48,00
                CELKEM 122,40 Kč
                DPH 12% 13,11
                HOTOVOST 200,00
                VRÁCENO 77,60
                Datum: 14.05.2024 10:22
                Děkujeme za nákup
                """,
            total: "122.40",
            date: "2024-05-14",
            currency: "CZK",
            tax: "13.11"
        ),
        Case(
            language: .portuguese,
            text: """
                PASTELARIA ESTRELA LDA
                Rua Augusta 45, 1100-048 Lisboa
                NIF 501234567
                FATURA SIMPLIFICADA
                Data: 21/06/2024 Hora: 09:15
                2 Pastel de nata 2,60
                1 Galão 1,40
                1 Tosta mista 3,20
                TOTAL A PAGAR 7,20 €
                IVA 13% 0,83
                NUMERÁRIO 10,00
                TROCO 2,80
                Obrigado pela preferência
                """,
            total: "7.20",
            date: "2024-06-21",
            currency: "EUR",
            tax: "0.83"
        ),
        Case(
            language: .turkish,
            text: """
                YILDIZ MARKET TİC. LTD. ŞTİ.
                Atatürk Cad. No: 15 Kadıköy İstanbul
                VKN 1234567890
                TARİH: 05.07.2024 SAAT: 18:40
                FİŞ NO: 0042
                EKMEK *7,50
                SÜT 1 L *32,90
                PEYNİR *89,00
                TOPKDV *2,57
                TOPLAM *129,40
                NAKİT *150,00
                PARA ÜSTÜ *20,60
                TEŞEKKÜRLER
                """,
            total: "129.40",
            date: "2024-07-05",
            currency: "TRY",
            tax: "2.57"
        ),
        Case(
            language: .russian,
            text: """
                ООО "ПРОДУКТЫ У ДОМА"
                г. Москва, ул. Тверская, д. 7
                ИНН 7701234567
                КАССОВЫЙ ЧЕК
                ПРИХОД
                Хлеб бородинский 1 x 54.90 =54.90
                Молоко 3,2% 2 x 89.00 =178.00
                Сыр российский =312.50
                ИТОГ =545.40
                НАЛИЧНЫМИ =600.00
                СДАЧА =54.60
                СУММА НДС 10% =49.58
                08.02.2024 14:05
                СПАСИБО ЗА ПОКУПКУ
                """,
            total: "545.40",
            date: "2024-02-08",
            currency: "RUB",
            tax: "49.58"
        ),
        Case(
            language: .greek,
            text: """
                ΦΟΥΡΝΟΣ Η ΑΚΡΟΠΟΛΗ Ο.Ε.
                Οδός Ερμού 22, Αθήνα
                ΑΦΜ 099123456 ΔΟΥ Α' ΑΘΗΝΩΝ
                ΑΠΟΔΕΙΞΗ ΛΙΑΝΙΚΗΣ
                Ψωμί χωριάτικο 2,20
                Τυρόπιτα 2 x 2,50 5,00
                Καφές φρέντο 3,00
                ΣΥΝΟΛΟ 10,20 €
                ΦΠΑ 13% 1,17
                ΜΕΤΡΗΤΑ 20,00
                ΡΕΣΤΑ 9,80
                ΗΜΕΡΟΜΗΝΙΑ 19/09/2024 11:30
                ΕΥΧΑΡΙΣΤΟΥΜΕ
                """,
            total: "10.20",
            date: "2024-09-19",
            currency: "EUR",
            tax: "1.17"
        ),
    ]

    @Test(arguments: cases)
    func eachLocaleReadsItsTotalDateAndCurrency(_ example: Case) {
        let receipt = ReceiptParser().parse(text: example.text)
        #expect(receipt.total == Amount(example.total), "\(example.language) total")
        #expect(receipt.date == example.date, "\(example.language) date")
        #expect(receipt.currency == example.currency, "\(example.language) currency")
        if let tax = example.tax { #expect(receipt.tax == Amount(tax), "\(example.language) tax") }
        let lines = example.text.components(separatedBy: "\n")
        #expect(LanguageDetection.otherLanguage(lines) == example.language, "\(LanguageDetection.scores(lines))")
    }

    @Test(arguments: [
        ("SUMA PLN 17,08", LineKind.total), ("DO ZAPŁATY 17,08", .total), ("SUMA PTU 2,22", .tax), ("GOTÓWKA 20,00", .tendered),
        ("RESZTA 2,92", .change), ("RABAT -1,00", .discount), ("CELKEM 122,40 Kč", .total), ("K ÚHRADĚ 122,40", .total),
        ("DPH 12% 13,11", .tax), ("HOTOVOST 200,00", .tendered), ("VRÁCENO 77,60", .change), ("SLEVA -5,00", .discount),
        ("TOTAL A PAGAR 7,20", .total), ("TROCO 2,80", .change), ("NUMERÁRIO 10,00", .tendered), ("MULTIBANCO 7,20", .card),
        ("TOPLAM *129,40", .total), ("ARA TOPLAM 120,00", .subtotal), ("TOPKDV *2,57", .tax), ("NAKİT *150,00", .tendered),
        ("PARA ÜSTÜ *20,60", .change), ("KREDİ KARTI 129,40", .card), ("ИТОГ =545.40", .total), ("ПОДЫТОГ =545.40", .subtotal),
        ("СУММА НДС 10% =49.58", .tax), ("НАЛИЧНЫМИ =600.00", .tendered), ("СДАЧА =54.60", .change),
        ("БЕЗНАЛИЧНЫМИ =545.40", .card), ("СКИДКА -10.00", .discount), ("ΣΥΝΟΛΟ 10,20", .total), ("ΜΕΡΙΚΟ ΣΥΝΟΛΟ 9,00", .subtotal),
        ("ΦΠΑ 13% 1,17", .tax), ("ΜΕΤΡΗΤΑ 20,00", .tendered), ("ΡΕΣΤΑ 9,80", .change), ("Σύνολο 10,20", .total),
    ])
    func lineKindsOfEachLocale(line: String, kind: LineKind) {
        #expect(Keywords.kind(of: line) == kind, "\(line)")
    }

    @Test(arguments: [
        ("15 marca 2024", "2024-03-15"), ("3 października 2023", "2023-10-03"), ("7 června 2024", "2024-06-07"),
        ("21 de março de 2024", "2024-03-21"), ("12 Mart 2024", "2024-03-12"), ("5 Ekim 2023", "2023-10-05"),
        ("15 марта 2024", "2024-03-15"), ("1 декабря 2023", "2023-12-01"), ("19 Σεπτεμβρίου 2024", "2024-09-19"),
    ])
    func monthNamesOfEachLocale(text: String, iso: String) {
        let candidates = Dates.candidates(in: text, index: 0)
        #expect(Dates.resolve(candidates, monthFirstLocale: false)?.iso == iso, "\(text): \(candidates)")
    }

    @Test(arguments: [
        ("CHLEB 6,50\nSUMA PLN 17,08", "PLN"), ("Rohlík 3,90\nCELKEM 122,40 Kč", "CZK"), ("Pão 1,20\nTOTAL R$ 12,50", "BRL"),
        ("EKMEK 7,50\nTOPLAM 129,40 TL", "TRY"), ("Хлеб 54.90\nИТОГ 545.40 ₽", "RUB"), ("Хлеб 54.90\nИТОГ 545.40 руб", "RUB"),
        ("PAINE 4,50\nTOTAL 20,00 lei", "RON"), ("ΨΩΜΙ 2,20\nΣΥΝΟΛΟ 10,20", "EUR"), ("BROT 1,20\nSUMME 12,50", "EUR"),
    ])
    func currencyFromMarksAndCountryWords(text: String, code: String) {
        #expect(CurrencyDetection.currency(of: analyzed(text)) == code, "\(text)")
    }

    @Test(arguments: [
        ("12,50zł", "12.50"), ("99,90Kč", "99.90"), ("=545.40", "545.40"), ("*129,40", "129.40"), ("R$12,50", "12.50"),
        ("120.00₽", "120.00"), ("₺45,00", "45.00"),
    ])
    func amountsWithTheirCurrencyGlued(token: String, amount: String) {
        #expect(Numbers.money(Substring(token))?.0 == Amount(amount), "\(token)")
    }

    @Test func everyLocaleTableHasMarkerWords() {
        let tabled: [ReceiptLanguage] = [.german, .french, .italian, .spanish, .dutch, .portuguese, .polish, .czech, .turkish, .russian, .greek]
        for language in tabled { #expect((LanguageDetection.markers[language]?.count ?? 0) >= 20, "\(language)") }
    }
}
