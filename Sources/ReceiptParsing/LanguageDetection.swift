import Foundation

/// A language receipts are printed in, with the code of its Tesseract model.
public enum ReceiptLanguage: String, Sendable, Hashable, CaseIterable, Codable {
    case english = "eng"
    case german = "deu"
    case french = "fra"
    case italian = "ita"
    case spanish = "spa"
    case dutch = "nld"
    case portuguese = "por"
    case polish = "pol"
    case czech = "ces"
    case turkish = "tur"
    case russian = "rus"
    case greek = "ell"
    /// Languages told by their script alone (Tesseract's orientation and script detection):
    /// the parser has no words of theirs yet and reads their amounts and dates.
    case thai = "tha"
    case hindi = "hin"
    case arabic = "ara"

    /// The Tesseract model's name (`<code>.traineddata`, Debian package `tesseract-ocr-<code>`).
    public var tesseractCode: String { rawValue }

    /// The ISO 639-1 code, as the cart records it.
    public var isoCode: String {
        switch self {
        case .english: "en"
        case .german: "de"
        case .french: "fr"
        case .italian: "it"
        case .spanish: "es"
        case .dutch: "nl"
        case .portuguese: "pt"
        case .polish: "pl"
        case .czech: "cs"
        case .turkish: "tr"
        case .russian: "ru"
        case .greek: "el"
        case .thai: "th"
        case .hindi: "hi"
        case .arabic: "ar"
        }
    }
}

/// Tells the language of a receipt from the words a first (English) reading found.
///
/// A small scorer, cheap enough to run on every receipt: each language has a set of marker
/// words, the words any receipt in that language prints (its total, tax, payment and change
/// words) and its commonest short words (articles, prepositions). A marker word found on the
/// receipt counts once, shared between the languages that have it (`IVA` is Italian and
/// Spanish); letters only one language uses (`ñ`, `ß`) add a little. English words count
/// against the others, so an English receipt that prints one foreign word stays English.
/// The English model reads these words well enough: the accents it drops are folded away
/// before matching.
public enum LanguageDetection {
    /// Marker words per language, as `Keywords.words` sees them (uppercase, no diacritics).
    /// No word of Malay receipts (`DI`, `DAN`) is among them: those receipts are read in English.
    static let markers: [ReceiptLanguage: Set<String>] = [
        .english: [
            "SUBTOTAL", "TAX", "CHANGE", "CASH", "THANK", "YOU", "THE", "AND", "FOR", "ITEMS", "AMOUNT", "BALANCE",
            "DUE", "RECEIPT", "GUEST", "SERVER", "TIP", "PLEASE", "YOUR", "OF", "WITH", "CARD", "APPROVED", "ORDER",
            "STORE", "TENDERED", "TOTAL", "PAID",
        ],
        .german: [
            "SUMME", "MWST", "UST", "BAR", "RUECKGELD", "RUCKGELD", "GEGEBEN", "ZURUCK", "ZAHLEN", "BETRAG", "NETTO",
            "BRUTTO", "STEUER", "VIELEN", "DANK", "IHREN", "EINKAUF", "KASSE", "UND", "DER", "DIE", "DAS", "MIT",
            "FUR", "STK", "GMBH", "STRASSE", "GESAMT", "ZWISCHENSUMME", "PFAND", "QUITTUNG", "BELEG", "RECHNUNG",
            "UHRZEIT", "KARTENZAHLUNG", "GIROCARD", "BEDIENER", "FILIALE",
        ],
        .french: [
            "MONTANT", "TVA", "ESPECES", "RENDU", "TTC", "HT", "PAYER", "CARTE", "BANCAIRE", "MERCI", "VOTRE", "VISITE",
            "LES", "DES", "DU", "ET", "POUR", "AU", "AUX", "SOUS", "CAISSE", "ARTICLES", "REMISE", "RUE", "BIENVENUE",
            "FACTURE", "TAUX", "SIRET", "MONNAIE", "BOULANGERIE", "PRIX", "QTE",
        ],
        .italian: [
            "TOTALE", "IVA", "CONTANTI", "CONTANTE", "RESTO", "SCONTRINO", "DOCUMENTO", "COMMERCIALE", "VENDITA",
            "PRESTAZIONE", "IMPORTO", "GRAZIE", "ARRIVEDERCI", "CUI", "DEL", "DELLA", "PER", "IL", "CON",
            "PAGAMENTO", "ELETTRONICO", "CASSA", "PEZZI", "SCONTO", "PIAZZA", "VIALE", "PARTITA", "FISCALE",
            "DESCRIZIONE", "PREZZO", "EURO",
        ],
        .spanish: [
            "IVA", "IMPORTE", "EFECTIVO", "CAMBIO", "ENTREGADO", "TARJETA", "GRACIAS", "POR", "SU", "FACTURA",
            "SIMPLIFICADA", "NIF", "CIF", "BASE", "IMPONIBLE", "CUOTA", "FECHA", "HORA", "MESA", "CAJA", "EL", "LOS",
            "LAS", "DEL", "CON", "PARA", "CALLE", "AVDA", "ATENDIDO", "UDS", "DESCUENTO", "CLIENTE", "EUROS",
        ],
        .dutch: [
            "TOTAAL", "BTW", "CONTANT", "WISSELGELD", "BETALEN", "TE", "BETAALD", "PIN", "PINNEN", "BEDRAG", "BEDANKT",
            "TOT", "ZIENS", "VAN", "HET", "EEN", "EN", "VOOR", "MET", "KASSABON", "KASSA", "DATUM", "TIJD", "STATIEGELD",
            "KORTING", "STRAAT", "AANTAL", "OMSCHRIJVING", "SUBTOTAAL", "KLANT", "BETAALAUTOMAAT", "TRANSACTIE",
            "PRIJS", "UW",
        ],
        .portuguese: [
            "IVA", "NIF", "CONTRIBUINTE", "FATURA", "SIMPLIFICADA", "TROCO", "NUMERARIO", "DINHEIRO", "MULTIBANCO",
            "CARTAO", "OBRIGADO", "OBRIGADA", "PAGAR", "VALOR", "DESCONTO", "QTD", "PRECO", "DESCRICAO", "RUA", "DO",
            "DA", "DOS", "DAS", "EM", "CNPJ", "CUPOM", "FISCAL", "ICMS", "VOLTE", "SEMPRE", "ATENDIMENTO", "ARTIGOS",
        ],
        .polish: [
            "PARAGON", "FISKALNY", "PTU", "SUMA", "PLN", "GOTOWKA", "RESZTA", "KARTA", "SPRZEDAZ", "OPODATKOWANA",
            "NIP", "RAZEM", "ZAPŁATY", "ZAPLATY", "RABAT", "DZIEKUJEMY", "ZAPRASZAMY", "KASJER", "KASA", "UL", "SP",
            "NA", "DO", "SKLEP", "ILOSC", "CENA", "WARTOSC", "SZT",
        ],
        .czech: [
            "CELKEM", "DPH", "UHRADE", "HOTOVOST", "VRACENO", "KARTOU", "PLATBA", "UCTENKA", "DANOVY", "DOKLAD", "DIC",
            "ICO", "DEKUJEME", "NAKUP", "ZA", "POKLADNA", "PRODEJNA", "SLEVA", "SAZBA", "ZAKLAD", "KC", "CZK", "EET",
            "FIK", "BKP", "KS", "CENA", "JE", "SE", "NA", "PRODAVAC",
        ],
        .turkish: [
            "TOPLAM", "KDV", "TOPKDV", "NAKIT", "PARA", "USTU", "KREDI", "KARTI", "FIS", "TARIH", "SAAT", "VKN",
            "VERGI", "DAIRESI", "TESEKKUR", "TESEKKURLER", "ARA", "GENEL", "INDIRIM", "ADET", "TUTAR", "MAH", "CAD",
            "SOK", "TL", "KASIYER", "VE", "BIR", "ILE", "ODENEN",
        ],
        .russian: [
            "ИТОГ", "ИТОГО", "НДС", "НАЛИЧНЫМИ", "СДАЧА", "КАССОВЫИ", "ЧЕК", "ПРИХОД", "ИНН", "КАССИР", "СПАСИБО",
            "ПОКУПКУ", "ЗА", "СУММА", "ЦЕНА", "КОЛ", "ВО", "ОПЛАТЕ", "БЕЗНАЛИЧНЫМИ", "СКИДКА", "СМЕНА", "ККТ", "ФН",
            "ФД", "ФП", "РУБ", "В", "И", "НА", "С", "ООО", "МАГАЗИН", "ДАТА",
        ],
        .greek: [
            "ΣΥΝΟΛΟ", "ΦΠΑ", "ΜΕΤΡΗΤΑ", "ΡΕΣΤΑ", "ΚΑΡΤΑ", "ΑΦΜ", "ΔΟΥ", "ΑΠΟΔΕΙΞΗ", "ΛΙΑΝΙΚΗΣ", "ΕΥΧΑΡΙΣΤΟΥΜΕ",
            "ΠΛΗΡΩΤΕΟ", "ΜΕΡΙΚΟ", "ΓΕΝΙΚΟ", "ΤΙΜΗ", "ΠΟΣΟΤΗΤΑ", "ΑΞΙΑ", "ΗΜΕΡΟΜΗΝΙΑ", "ΩΡΑ", "ΤΑΜΕΙΟ", "ΚΑΙ", "ΤΟ",
            "ΤΗΣ", "ΤΟΥ", "ΓΙΑ", "ΜΕ", "ΣΑΣ", "ΕΚΠΤΩΣΗ", "ΕΥΡΩ", "ΟΔΟΣ", "ΠΕΡΙΓΡΑΦΗ",
        ],
        .thai: [], .hindi: [], .arabic: [],
    ]

    /// Letters only some of the languages print (as read, before folding), and whose they are.
    static let letters: [Character: [ReceiptLanguage]] = [
        "ñ": [.spanish], "Ñ": [.spanish], "¿": [.spanish], "¡": [.spanish], "ç": [.french], "Ç": [.french],
        "ê": [.french], "â": [.french], "î": [.french], "ô": [.french], "û": [.french], "œ": [.french],
        "é": [.french, .spanish, .italian], "É": [.french, .spanish, .italian], "è": [.french, .italian],
        "à": [.french, .italian], "ò": [.italian], "ì": [.italian], "ù": [.italian, .french],
        "á": [.spanish], "í": [.spanish], "ó": [.spanish], "ú": [.spanish],
        "ä": [.german], "Ä": [.german], "ö": [.german], "Ö": [.german], "ü": [.german], "Ü": [.german], "ß": [.german],
        "ë": [.dutch], "ï": [.dutch],
        "ã": [.portuguese], "õ": [.portuguese], "Ã": [.portuguese], "Õ": [.portuguese],
        "ł": [.polish], "Ł": [.polish], "ą": [.polish], "ę": [.polish], "ś": [.polish], "ź": [.polish], "ż": [.polish],
        "ń": [.polish], "Ż": [.polish], "Ś": [.polish],
        "č": [.czech], "Č": [.czech], "ř": [.czech], "Ř": [.czech], "ě": [.czech], "ů": [.czech], "ň": [.czech],
        "ş": [.turkish], "Ş": [.turkish], "ğ": [.turkish], "ı": [.turkish], "İ": [.turkish],
    ]
    /// What one distinct letter of `letters` is worth: less than a word, as OCR invents accents.
    static let letterWeight = 0.5
    /// The most the letters may add.
    static let lettersCap = 1.5

    /// How much evidence a language needs before the receipt is read again in it.
    public static let minimumScore = 3.0
    /// How far it must lead English and every other language.
    public static let minimumLead = 1.0

    /// The score of each language on `lines` (the receipt's text lines).
    public static func scores(_ lines: [String]) -> [ReceiptLanguage: Double] {
        var found = Set<String>()
        var seenLetters = Set<Character>()
        for line in lines.prefix(400) {
            found.formUnion(Keywords.words(line))
            for character in line.prefix(300) where letters[character] != nil { seenLetters.insert(character) }
        }
        var scores: [ReceiptLanguage: Double] = [:]
        for language in ReceiptLanguage.allCases { scores[language] = 0 }
        for word in found {
            let owners = ReceiptLanguage.allCases.filter { markers[$0]?.contains(word) == true }
            for owner in owners { scores[owner, default: 0] += 1 / Double(owners.count) }
        }
        var fromLetters: [ReceiptLanguage: Double] = [:]
        for character in seenLetters {
            let owners = letters[character] ?? []
            for owner in owners { fromLetters[owner, default: 0] += letterWeight / Double(owners.count) }
        }
        for (language, bonus) in fromLetters { scores[language, default: 0] += min(lettersCap, bonus) }
        return scores
    }

    /// Whether the lines show any language's words, English included, enough to pick it: a
    /// reading of lookalike letters (Cyrillic or Greek read with the English model) shows none.
    public static func showsAnyLanguage(_ lines: [String]) -> Bool {
        (scores(lines).values.max() ?? 0) >= minimumScore
    }

    /// Whether the parser knows words of `language` to tell it by (Thai, Hindi and Arabic are
    /// told by their script alone).
    public static func hasMarkers(_ language: ReceiptLanguage) -> Bool { markers[language]?.isEmpty == false }

    /// The language to read the receipt again in, nil when it is English (or nothing stands out).
    public static func otherLanguage(_ lines: [String]) -> ReceiptLanguage? {
        let scores = scores(lines)
        let ranked = scores.sorted { ($0.value, $0.key.rawValue) > ($1.value, $1.key.rawValue) }
        guard let best = ranked.first, best.key != .english, best.value >= minimumScore else { return nil }
        let runnerUp = ranked.dropFirst().first?.value ?? 0
        return best.value - runnerUp >= minimumLead ? best.key : nil
    }

    /// The language of a parser input's lines.
    public static func otherLanguage(_ input: ParserInput) -> ReceiptLanguage? {
        otherLanguage(input.lines.map(\.text))
    }
}
