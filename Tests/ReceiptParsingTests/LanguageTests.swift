import Foundation
import ReceiptModel
import Testing

@testable import ReceiptParsing

/// Which language a first reading shows (`LanguageDetection`).
@Suite struct LanguageDetectionTests {
    @Test(arguments: [
        (
            ReceiptLanguage.french,
            "BOULANGERIE DU PORT\n2 rue des Ecoles\nTOTAL TTC 12,40\nESPECES 20,00\nRENDU 7,60\nTVA 5,5% 0,65\nMerci de votre visite"
        ),
        (
            .italian,
            "DOCUMENTO COMMERCIALE\ndi vendita o prestazione\nTOTALE COMPLESSIVO 23,45\ndi cui IVA 2,11\nPagamento contante 30,00\nRESTO 6,55"
        ),
        (.spanish, "FACTURA SIMPLIFICADA\nFecha: 08/06/2024\nTOTAL 14,60\nIVA 10% 1,33\nEFECTIVO 20,00\nCAMBIO 5,40\nGracias por su visita"),
        (.dutch, "KAASHANDEL\nTOTAAL 18,73\nPIN 18,73\nBTW 9% 1,53\nDatum: 05-04-2024 Tijd: 16:48\nBedankt en tot ziens"),
        (.german, "FRISCHMARKT\nSUMME EUR 10,94\nGeg. Bar 20,00\nRueckgeld BAR 9,06\nMwSt Netto Steuer Brutto\nVielen Dank fuer Ihren Einkauf"),
    ])
    func receiptWordsTellTheLanguage(language: ReceiptLanguage, text: String) {
        let lines = text.components(separatedBy: "\n")
        #expect(LanguageDetection.otherLanguage(lines) == language, "\(LanguageDetection.scores(lines))")
    }

    @Test func englishReceiptsStayEnglish() {
        let diner = ["HARBOR LIGHT DINER", "1 FISH AND CHIPS $17.50", "Subtotal $35.00", "Tax $2.45", "GRAND TOTAL $37.45", "THANK YOU, COME AGAIN"]
        #expect(LanguageDetection.otherLanguage(diner) == nil)
        // Dishes named in another language do not make the receipt foreign.
        let trattoria = [
            "TRATTORIA ROMA", "1 PENNE CON POLLO 14.00", "1 TIRAMISU DELLA CASA 8.00", "SUBTOTAL 22.00", "TAX 1.98", "TOTAL 23.98", "THANK YOU",
        ]
        #expect(LanguageDetection.otherLanguage(trattoria) == nil)
    }

    @Test func malaysianReceiptsAreReadInEnglish() {
        let kedai = [
            "KEDAI RUNCIT SRI MAJU SDN BHD", "NO 12, JALAN MAWAR 3, TAMAN MELATI", "JUMLAH 45.60", "TUNAI 50.00", "BAKI 4.40",
            "TERIMA KASIH DAN SILA DATANG LAGI",
        ]
        #expect(LanguageDetection.otherLanguage(kedai) == nil)
    }

    @Test func oneForeignWordIsNotEnough() {
        #expect(LanguageDetection.otherLanguage(["CAFE", "TOTAL 4.50", "IVA 0.41"]) == nil)
        #expect(LanguageDetection.otherLanguage([]) == nil)
    }

    @Test func accentedLettersAreAClueButNotProofAlone() {
        let scores = LanguageDetection.scores(["Señor García", "jamón ibérico"])
        #expect(scores[.spanish, default: 0] > scores[.french, default: 0])
        #expect(LanguageDetection.otherLanguage(["Señor García", "jamón ibérico"]) == nil)
    }

    @Test func languagesNameTheirTesseractModels() {
        #expect(
            ReceiptLanguage.allCases.map(\.tesseractCode) == [
                "eng", "deu", "fra", "ita", "spa", "nld", "por", "pol", "ces", "tur", "rus", "ell", "tha", "hin", "ara",
            ]
        )
        #expect(ReceiptLanguage.dutch.isoCode == "nl")
    }
}

/// The keyword tables of the added languages (`Vocabulary`).
@Suite struct VocabularyTests {
    @Test func tablesAreWrittenAsKeywordsReadLines() {
        let lists: [KeyPath<Vocabulary, [String]>] = [
            \.subtotal, \.total, \.strongTotal, \.finalTotal, \.totalExcluded, \.totalTax, \.tax, \.inclusive, \.taxTable,
            \.tip, \.serviceCharge, \.tendered, \.cash, \.card, \.change, \.discount, \.void, \.deposit, \.rounding,
            \.summaryHeads, \.columnHeads, \.dateWords, \.legalForms, \.shopWords, \.addressWords, \.headerNoise,
        ]
        for vocabulary in Vocabulary.added {
            for list in lists {
                for phrase in vocabulary[keyPath: list] {
                    let bare = phrase.hasPrefix("=") ? String(phrase.dropFirst()) : phrase
                    // A phrase that `Keywords.words` would read otherwise could never match.
                    #expect(Keywords.words(bare).joined(separator: " ") == bare, "\(phrase)")
                }
            }
            for month in vocabulary.months.keys { #expect(Keywords.words(month) == [month]) }
        }
    }

    @Test(arguments: [
        ("TOTAL TTC 18,95", LineKind.total), ("NET A PAYER 18,95", .total), ("Sous-total 16,80", .subtotal),
        ("ESPÈCES 30,00", .tendered), ("RENDU 11,05", .change), ("TVA 5,5% 0,76", .tax), ("dont TVA 1,16", .tax),
        ("Remise fidélité -1,00", .discount), ("CB SANS CONTACT 18,95", .card),
        ("TOTALE COMPLESSIVO 23,45", .total), ("DI CUI IVA 2,11", .tax), ("Pagamento contante 50,00", .tendered),
        ("RESTO 6,55", .change), ("SCONTO 10% -0,50", .discount), ("Arrotondamento -0,02", .rounding),
        ("IMPORTE 14,60", .total), ("EFECTIVO 20,00", .tendered), ("CAMBIO 5,40", .change), ("TARJETA 14,60", .card),
        ("Descuento -1,20", .discount), ("Propina 1,50", .tip),
        ("TOTAAL 18,73", .total), ("TE BETALEN 18,73", .total), ("SUBTOTAAL 20,00", .subtotal), ("PIN 18,73", .card),
        ("Contant 20,00", .tendered), ("Wisselgeld 1,27", .change), ("Korting -0,50", .discount),
        ("Statiegeld 0,15", .deposit), ("Afronding 0,02", .rounding), ("BTW 9% 1,53", .tax),
        ("ENDBETRAG 12,40", .total), ("Gesamtsumme 12,40", .total),
    ])
    func lineKindsInEachLanguage(line: String, kind: LineKind) {
        #expect(Keywords.kind(of: line) == kind, "\(line)")
    }

    @Test func wordsMarkedExactForgiveNoLetter() {
        // One letter from RESTO, CARTE and MONTANT, and an item or a place, not a summary line.
        #expect(Keywords.kind(of: "PESTO GENOVESE 3,20") == .other)
        #expect(Keywords.kind(of: "2 CARTS 4.00") == .other)
        #expect(Keywords.kind(of: "BOZEMAN MONTANA 59715") == .other)
        // Longer words keep the usual tolerance of one OCR error.
        #expect(Keywords.kind(of: "WISSELGELO 1,27") == .change)
    }
}

/// Dates, amounts and currency of European receipts.
@Suite struct EuropeanFieldTests {
    @Test(arguments: [
        ("Le 14 mars 2024 à 08h42", "2024-03-14"), ("14 février 2024", "2024-02-14"), ("3 AOÛT 2023", "2023-08-03"),
        ("15 maggio 2024", "2024-05-15"), ("2 dic 2023", "2023-12-02"), ("8 de junio de 2024", "2024-06-08"),
        ("12 septiembre 2023", "2023-09-12"), ("5 april 2024", "2024-04-05"), ("17 mrt 2024", "2024-03-17"),
        ("1 okt. 2023", "2023-10-01"),
    ])
    func monthNamesInEachLanguage(text: String, iso: String) {
        let candidates = Dates.candidates(in: text, index: 0)
        #expect(Dates.resolve(candidates, monthFirstLocale: false)?.iso == iso, "\(text): \(candidates)")
    }

    @Test func numericDatesOfEuroReceiptsAreDayFirst() {
        for (text, iso) in [
            ("KAASHANDEL\nJonge kaas 5,85\nTOTAAL 5,85\nDatum: 05-04-2024 Tijd: 16:48", "2024-04-05"),
            ("CAFETERIA\nCafé 1,60\nTOTAL 1,60 €\nFecha: 08/06/2024 Hora: 19:05", "2024-06-08"),
            ("ALIMENTARI\nPane 2,10\nTOTALE 2,10\n03.02.24 12:31", "2024-02-03"),
        ] {
            #expect(ReceiptParser().parse(text: text).date == iso, "\(text)")
        }
    }

    @Test func frenchTimesWithAnH() {
        #expect(Dates.time(in: "Le 14/03/2024 à 08h42") == "08:42")
        #expect(Dates.time(in: "TOTAL 12.50") == nil)
    }

    @Test func dateWordsOfTheLanguagesMarkTheDateLine() {
        #expect(Dates.candidates(in: "Fecha: 04, 06, 2024", index: 0).first?.nearDateKeyword == true)
        #expect(Dates.candidates(in: "Data 04/06/2024", index: 0).first?.nearDateKeyword == true)
        #expect(Dates.candidates(in: "Le 04/06/2024", index: 0).first?.nearDateKeyword == true)
        #expect(Dates.candidates(in: "04/06/2024", index: 0).first?.nearDateKeyword == false)
    }

    @Test(arguments: [("12,50€", "12.50"), ("12,50EUR", "12.50"), ("€12,50", "12.50"), ("EUR12,50", "12.50"), ("1.234,50€", "1234.50")])
    func euroAmounts(token: String, value: String) {
        #expect(Numbers.money(Substring(token))?.0 == amount(value))
    }

    @Test func euroSignAloneIsNoAmount() {
        #expect(Numbers.money("€") == nil)
        #expect(Numbers.money("5€") == nil)
    }

    @Test func vatWordsMeanEUR() {
        #expect(CurrencyDetection.currency(of: analyzed("PAIN 1.20\nTVA 5,5% 0.06")) == "EUR")
        #expect(CurrencyDetection.currency(of: analyzed("PANE 1.20\nIVA 0.11")) == "EUR")
        #expect(CurrencyDetection.currency(of: analyzed("BROOD 2.20\nBTW 0.18")) == "EUR")
    }
}

/// Whole receipts in each language, as text, through the parser.
@Suite struct EuropeanReceiptTests {
    @Test func frenchReceipt() {
        let receipt = ReceiptParser().parse(
            text: """
                BOULANGERIE DES LILAS
                12 rue des Lilas
                69003 Lyon
                Le 14 mars 2024 à 08h42       Caisse 1
                Baguette tradition
                  2 x 1,20                    2,40 A
                Éclair au café                2,90 A
                Café crème                    2,20 B
                TOTAL TTC                 EUR 7,50
                ESPÈCES                      10,00
                RENDU                         2,50
                TVA     Taux     HT    TVA    TTC
                A      5,5 %   5,02   0,28   5,30
                B       10 %   2,00   0,20   2,20
                dont TVA                      0,48
                Merci de votre visite
                """
        )
        #expect(receipt.total == amount("7.50"))
        #expect(receipt.date == "2024-03-14")
        #expect(receipt.time == "08:42")
        #expect(receipt.currency == "EUR")
        #expect(receipt.merchant.name == "BOULANGERIE DES LILAS")
        #expect(receipt.payment.method == "cash")
        #expect(receipt.payment.change == amount("2.50"))
    }

    @Test func italianReceipt() {
        let receipt = ReceiptParser().parse(
            text: """
                ALIMENTARI ROSSI S.R.L.
                Via Garibaldi 18
                40121 Bologna (BO)
                DOCUMENTO COMMERCIALE
                DESCRIZIONE            IVA  Prezzo(€)
                Parmigiano Reggiano     4%      6,80
                Caffè macinato         22%      4,29
                TOTALE COMPLESSIVO             11,09
                DI CUI IVA                      1,04
                Pagamento contante             20,00
                RESTO                           8,91
                15-05-2024 12:31
                """
        )
        #expect(receipt.total == amount("11.09"))
        #expect(receipt.tax == amount("1.04"))
        #expect(receipt.date == "2024-05-15")
        #expect(receipt.payment.change == amount("8.91"))
        #expect(receipt.payment.method == "cash")
    }

    @Test func spanishReceipt() {
        let receipt = ReceiptParser().parse(
            text: """
                CAFETERÍA LA ESQUINA
                C/ Mayor 23
                FACTURA SIMPLIFICADA
                Fecha: 08/06/2024        Hora: 19:05
                2  Café con leche               3,20
                1  Tostada con tomate           2,50
                TOTAL (IVA incl.)             5,70 €
                TARJETA                         5,70
                """
        )
        #expect(receipt.total == amount("5.70"))
        #expect(receipt.date == "2024-06-08")
        #expect(receipt.payment.method == "card")
    }

    @Test func dutchReceipt() {
        let receipt = ReceiptParser().parse(
            text: """
                KAASHANDEL VAN DER MEER
                Kerkstraat 12
                1017 GC Amsterdam
                Omschrijving                  Bedrag
                Jonge kaas 450 g              5,85 L
                Stroopwafels                  2,49 L
                TOTAAL                        8,34
                PIN                           8,34
                Datum: 05-04-2024      Tijd: 16:48
                """
        )
        #expect(receipt.total == amount("8.34"))
        #expect(receipt.date == "2024-04-05")
        #expect(receipt.items.map(\.price) == [amount("5.85"), amount("2.49")])
        #expect(receipt.merchant.name == "KAASHANDEL VAN DER MEER")
    }
}
