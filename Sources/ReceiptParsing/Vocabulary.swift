import Foundation

/// What one language's receipts print, by what a line is about: the general words any shop
/// in that language uses, never a phrase copied from one receipt.
///
/// The tables are merged into `Keywords`' lists, so matching stays one pass over one list per
/// line kind. Words are written as `Keywords.words` sees them: uppercased, diacritics folded
/// ("ESPÈCES" is `ESPECES`), hyphens and dots as spaces ("SOUS-TOTAL" is `SOUS TOTAL`). A
/// leading `=` asks for an exact match: `Keywords.matches` forgives one wrong letter in words
/// of five letters or more, and some of these words are one letter from a common word of
/// another language (`RESTO`/PESTO, `CARTE`/CARTS, `MONTANT`/MONTANA, `REMISE`/PREMISE).
struct Vocabulary: Sendable {
    var subtotal: [String] = []
    var total: [String] = []
    /// Total phrases that outrank a bare total word.
    var strongTotal: [String] = []
    /// Phrases naming the amount to pay, printed last in the summary block.
    var finalTotal: [String] = []
    /// "Total" lines that count something else (articles, savings).
    var totalExcluded: [String] = []
    var totalTax: [String] = []
    var tax: [String] = []
    /// Words saying an amount includes the tax.
    var inclusive: [String] = []
    /// Headings of the VAT table printed after the total.
    var taxTable: [String] = []
    var tip: [String] = []
    var serviceCharge: [String] = []
    /// Payment words; `cash` also says the payment was in cash.
    var tendered: [String] = []
    var cash: [String] = []
    var card: [String] = []
    var change: [String] = []
    var discount: [String] = []
    var void: [String] = []
    var deposit: [String] = []
    var rounding: [String] = []
    var summaryHeads: [String] = []
    var columnHeads: [String] = []
    /// Words next to a date ("Fecha:", "Datum").
    var dateWords: [String] = []
    /// Month names and their printed abbreviations (not the Spanish "MAYO", an item's name
    /// before a price as often as a month).
    var months: [String: Int] = [:]
    /// Merchant header vocabulary: legal forms, shop kinds, address words, header noise.
    var legalForms: [String] = []
    var shopWords: [String] = []
    var addressWords: [String] = []
    var headerNoise: [String] = []
    /// Currency marks printed beside amounts or on the total line, by the ISO 4217 code they
    /// name: words as `Keywords.words` reads them (`ZŁ`, `KC` for `Kč`, `PLN`), symbols as
    /// printed (`₽`, `R$`, `₺`). Strong evidence, see `CurrencyDetection`.
    var currencyMarks: [String: String] = [:]
    /// Words that place a receipt in a country, by its currency (the VAT's name, a tax number's
    /// label): weak evidence, one point a line.
    var currencyWords: [String: String] = [:]

    /// The languages whose words are merged into `Keywords`' base lists (English, German and
    /// Malay live there). Each is a table of its own (`Locales/`); adding a language is adding a
    /// table here and its marker words in `LanguageDetection`.
    static let added: [Vocabulary] = [
        german, french, italian, spanish, dutch, portuguese, polish, czech, turkish, russian, greek, thai, india, arabic,
    ]

    /// The words of every added language for one line kind, in table order without repeats.
    static func merged(_ list: KeyPath<Vocabulary, [String]>) -> [String] {
        var seen = Set<String>()
        return added.flatMap { $0[keyPath: list] }.filter { seen.insert($0).inserted }
    }

    /// Gaps in the German words of the base lists.
    static let german = Vocabulary(
        total: ["GESAMTSUMME", "ENDBETRAG", "SUMME EUR", "ZAHLBETRAG"],
        strongTotal: ["GESAMTSUMME", "ENDBETRAG", "ZAHLBETRAG"],
        finalTotal: ["ENDBETRAG", "ZAHLBETRAG"],
        totalExcluded: ["ANZAHL ARTIKEL", "ARTIKELANZAHL", "POSITIONEN"],
        inclusive: ["ENTHALTEN", "ENTH"],
        taxTable: ["MWST NETTO", "STEUERSATZ"],
        tendered: ["BARGELD", "GEGEBEN BAR"],
        cash: ["BAR", "BARGELD"],
        card: ["EC KARTE", "KARTENZAHLUNG"],
        change: ["ZURUECK"],
        discount: ["ERMASSIGUNG"],
        rounding: ["RUNDUNGSDIFFERENZ"],
        columnHeads: ["ANZ", "BETRAG EUR"],
        dateWords: ["DATUM"],
        months: ["FEBR": 2, "APRIL": 4, "AUGUST": 8, "SEPTEMBER": 9, "NOVEMBER": 11],
        shopWords: ["BAECKEREI", "BACKEREI", "METZGEREI", "MARKT", "DROGERIE"],
        addressWords: ["ALLEE", "GASSE", "DAMM"]
    )

    static let french = Vocabulary(
        subtotal: ["SOUS TOTAL", "TOTAL HT", "MONTANT HT"],
        total: ["TOTAL TTC", "=MONTANT", "MONTANT TTC", "NET A PAYER", "A PAYER", "TOTAL A PAYER", "TOTAL EUR", "=MONTANT DU"],
        strongTotal: ["TOTAL TTC", "NET A PAYER", "TOTAL A PAYER", "MONTANT TTC"],
        finalTotal: ["NET A PAYER", "TOTAL A PAYER", "A PAYER"],
        totalExcluded: ["NOMBRE D ARTICLES", "NB ARTICLES", "NBRE ARTICLES", "TOTAL ARTICLES", "TOTAL REMISES"],
        totalTax: ["TOTAL TVA", "MONTANT TVA", "DONT TVA"],
        tax: ["TVA", "TAXE"],
        inclusive: ["TTC", "INCLUSE"],
        taxTable: ["TAUX", "CODE TVA"],
        tip: ["POURBOIRE"],
        tendered: ["ESPECES", "ESPECE", "=REGLEMENT", "PAYE"],
        cash: ["ESPECES", "ESPECE"],
        card: ["=CARTE", "CB", "CARTE BANCAIRE", "CARTE BLEUE", "SANS CONTACT"],
        change: ["=RENDU", "A RENDRE", "MONNAIE", "RENDU MONNAIE"],
        discount: ["=REMISE", "RABAIS", "REDUCTION", "PROMOTION", "=PROMO"],
        void: ["ANNULATION"],
        deposit: ["CONSIGNE"],
        rounding: ["ARRONDI"],
        summaryHeads: ["SOUS TOTAL", "TOTAL TTC", "NET A PAYER", "=MONTANT"],
        columnHeads: ["DESIGNATION", "QTE", "PRIX", "ARTICLE", "=MONTANT"],
        dateWords: ["DATE", "LE"],
        months: [
            "JANVIER": 1, "JANV": 1, "FEVRIER": 2, "FEVR": 2, "FEV": 2, "MARS": 3, "AVRIL": 4, "AVR": 4,
            "JUIN": 6, "JUILLET": 7, "JUIL": 7, "AOUT": 8, "SEPTEMBRE": 9, "OCTOBRE": 10, "NOVEMBRE": 11, "DECEMBRE": 12,
        ],
        legalForms: ["SARL", "SAS", "SASU", "EURL", "SA"],
        shopWords: ["BOULANGERIE", "PATISSERIE", "BRASSERIE", "EPICERIE", "PHARMACIE", "SUPERMARCHE", "BOUCHERIE", "FROMAGERIE", "TABAC"],
        addressWords: ["RUE", "BD", "BOULEVARD", "CHEMIN", "ALLEE", "QUAI", "IMPASSE", "CEDEX"],
        headerNoise: ["SIRET", "TICKET", "FACTURE", "BIENVENUE", "MERCI", "CAISSE", "TVA INTRA", "NAF"]
    )

    static let italian = Vocabulary(
        subtotal: ["SUBTOTALE", "SUB TOTALE", "IMPONIBILE", "TOTALE IMPONIBILE"],
        total: ["TOTALE", "TOTALE COMPLESSIVO", "TOTALE EURO", "TOTALE EUR", "=IMPORTO", "DA PAGARE", "IMPORTO PAGATO"],
        strongTotal: ["TOTALE COMPLESSIVO", "TOTALE EURO", "DA PAGARE"],
        finalTotal: ["TOTALE COMPLESSIVO", "DA PAGARE"],
        totalExcluded: ["NUMERO PEZZI", "TOTALE PEZZI", "N PEZZI", "TOTALE SCONTI"],
        totalTax: ["DI CUI IVA", "TOTALE IVA", "IVA TOTALE"],
        tax: ["IVA"],
        inclusive: ["IVA INCLUSA", "COMPRESA", "INCLUSA"],
        taxTable: ["ALIQUOTA", "RIEPILOGO IVA"],
        tip: ["=MANCIA"],
        serviceCharge: ["SERVIZIO"],
        tendered: ["CONTANTI", "CONTANTE", "PAGATO", "PAGAMENTO CONTANTE", "PAGAMENTO CONTANTI"],
        cash: ["CONTANTI", "CONTANTE"],
        card: ["=CARTA", "BANCOMAT", "PAGAMENTO ELETTRONICO", "CARTA DI CREDITO"],
        change: ["=RESTO", "RESTO EURO"],
        discount: ["SCONTO", "SCONTI", "=PROMO"],
        void: ["ANNULLO"],
        deposit: ["CAUZIONE", "VUOTO"],
        rounding: ["ARROTONDAMENTO", "ARROT"],
        summaryHeads: ["TOTALE", "SUBTOTALE", "TOTALE COMPLESSIVO"],
        columnHeads: ["DESCRIZIONE", "QTA", "PREZZO", "ARTICOLO", "=IMPORTO"],
        dateWords: ["DATA"],
        months: [
            "GENNAIO": 1, "GEN": 1, "FEBBRAIO": 2, "MARZO": 3, "APRILE": 4, "MAGGIO": 5, "MAG": 5, "GIUGNO": 6, "GIU": 6,
            "LUGLIO": 7, "LUG": 7, "AGOSTO": 8, "AGO": 8, "SETTEMBRE": 9, "SETT": 9, "OTTOBRE": 10, "OTT": 10,
            "NOVEMBRE": 11, "DICEMBRE": 12, "DIC": 12,
        ],
        legalForms: ["SRL", "S R L", "SPA", "S P A", "SNC", "SAS"],
        shopWords: [
            "ALIMENTARI", "PANETTERIA", "PANIFICIO", "FARMACIA", "SUPERMERCATO", "TABACCHERIA", "OSTERIA", "GELATERIA", "MACELLERIA", "PASTICCERIA",
        ],
        addressWords: ["VIA", "VIALE", "PIAZZA", "CORSO", "VICOLO"],
        headerNoise: ["DOCUMENTO COMMERCIALE", "SCONTRINO", "PARTITA IVA", "P IVA", "CODICE FISCALE", "GRAZIE", "ARRIVEDERCI", "CASSA"]
    )

    static let spanish = Vocabulary(
        subtotal: ["BASE IMPONIBLE", "TOTAL SIN IVA"],
        total: ["=IMPORTE", "TOTAL A PAGAR", "A PAGAR", "TOTAL EUROS", "TOTAL EUR", "IMPORTE TOTAL", "TOTAL COMPRA"],
        strongTotal: ["TOTAL A PAGAR", "IMPORTE TOTAL", "TOTAL EUROS"],
        finalTotal: ["TOTAL A PAGAR", "A PAGAR"],
        totalExcluded: ["TOTAL ARTICULOS", "NUM ARTICULOS", "ARTICULOS", "TOTAL UNIDADES", "TOTAL AHORRO", "TOTAL DESCUENTOS"],
        totalTax: ["TOTAL IVA", "CUOTA IVA"],
        tax: ["IVA", "CUOTA"],
        inclusive: ["IVA INCLUIDO", "INCLUIDO", "INCL"],
        taxTable: ["BASE IMP", "TIPO IVA", "DESGLOSE"],
        tip: ["PROPINA"],
        serviceCharge: ["SERVICIO"],
        tendered: ["EFECTIVO", "ENTREGADO", "ENTREGA", "PAGADO"],
        cash: ["EFECTIVO"],
        card: ["TARJETA", "TARJ", "DATAFONO"],
        change: ["CAMBIO", "CAMBIOS", "DEVOLUCION", "A DEVOLVER"],
        discount: ["DESCUENTO", "DTO", "AHORRO", "OFERTA"],
        void: ["ANULACION", "ANULADO"],
        deposit: ["ENVASE"],
        rounding: ["REDONDEO"],
        summaryHeads: ["TOTAL A PAGAR", "=IMPORTE"],
        columnHeads: ["DESCRIPCION", "CANT", "PRECIO", "ARTICULO", "UDS", "=IMPORTE"],
        dateWords: ["FECHA"],
        months: [
            "ENERO": 1, "ENE": 1, "FEBRERO": 2, "MARZO": 3, "ABRIL": 4, "ABR": 4, "JUNIO": 6,
            "JULIO": 7, "AGOSTO": 8, "SEPTIEMBRE": 9, "OCTUBRE": 10, "NOVIEMBRE": 11, "DICIEMBRE": 12,
        ],
        legalForms: ["S L", "SL", "SLU", "S A", "SA", "S COOP"],
        shopWords: ["PANADERIA", "CAFETERIA", "FRUTERIA", "FARMACIA", "SUPERMERCADO", "CARNICERIA", "PASTELERIA", "TABERNA", "BODEGA", "MERCADO"],
        addressWords: ["CALLE", "AVDA", "AVENIDA", "PLAZA", "PASEO", "CARRER", "CTRA"],
        headerNoise: ["FACTURA SIMPLIFICADA", "FACTURA", "NIF", "CIF", "GRACIAS", "MESA", "CAJA", "TICKET"]
    )

    static let dutch = Vocabulary(
        subtotal: ["SUBTOTAAL", "TOTAAL EXCL", "EXCL BTW"],
        total: ["TOTAAL", "TE BETALEN", "=BEDRAG", "TOTAAL BEDRAG", "TOTAAL EUR", "TOTAAL INCL"],
        strongTotal: ["TE BETALEN", "TOTAAL BEDRAG"],
        finalTotal: ["TE BETALEN"],
        totalExcluded: ["AANTAL ARTIKELEN", "TOTAAL ARTIKELEN", "TOTAAL KORTING", "UW VOORDEEL"],
        totalTax: ["TOTAAL BTW", "BTW TOTAAL"],
        tax: ["BTW"],
        inclusive: ["INCLUSIEF", "INCL BTW"],
        taxTable: ["BTW GROND", "GRONDSLAG", "TARIEF"],
        tip: ["FOOI"],
        tendered: ["CONTANT", "CONTANTEN", "BETAALD", "=KONTANT"],
        cash: ["CONTANT", "CONTANTEN"],
        card: ["PIN", "PINNEN", "BETAALKAART", "PINBETALING", "CREDITCARD", "CONTACTLOOS"],
        change: ["WISSELGELD", "=TERUG", "RETOUR"],
        discount: ["KORTING", "VOORDEEL", "=ACTIE", "BONUS"],
        deposit: ["STATIEGELD", "EMBALLAGE"],
        rounding: ["AFRONDING", "AFGEROND"],
        summaryHeads: ["TOTAAL", "SUBTOTAAL", "TE BETALEN"],
        columnHeads: ["OMSCHRIJVING", "ARTIKEL", "PRIJS", "=BEDRAG"],
        dateWords: ["DATUM"],
        months: [
            "JANUARI": 1, "FEBRUARI": 2, "MAART": 3, "MRT": 3, "MEI": 5, "JUNI": 6, "JULI": 7, "AUGUSTUS": 8,
            "OKTOBER": 10, "OKT": 10,
        ],
        legalForms: ["BV", "B V", "VOF", "V O F"],
        shopWords: ["BAKKERIJ", "SLAGERIJ", "APOTHEEK", "SUPERMARKT", "KAASHANDEL", "DROGISTERIJ", "GROENTEBOER", "VISHANDEL", "WINKEL"],
        addressWords: ["STRAAT", "LAAN", "PLEIN", "GRACHT", "KADE", "DIJK", "STEEG", "WEG"],
        headerNoise: ["KASSABON", "BEDANKT", "KVK", "BTW NR", "WELKOM", "KASSA"]
    )
}
