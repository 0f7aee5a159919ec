/// Czech receipts (`ÚČTENKA`, `DAŇOVÝ DOKLAD`): `CELKEM` the total, `DPH` the VAT, amounts in `Kč`.
extension Vocabulary {
    static let czech = Vocabulary(
        subtotal: ["MEZISOUCET", "ZAKLAD DANE", "CELKEM BEZ DPH"],
        total: ["CELKEM", "K UHRADE", "CELKEM KC", "CELKEM K UHRADE", "CELKOVA CASTKA", "=UHRADA"],
        strongTotal: ["K UHRADE", "CELKEM K UHRADE", "CELKEM KC"],
        finalTotal: ["K UHRADE", "CELKEM K UHRADE"],
        totalExcluded: ["POCET POLOZEK", "CELKEM POLOZEK", "CELKEM SLEVY", "USETRILI JSTE"],
        totalTax: ["CELKEM DPH", "DPH CELKEM"],
        tax: ["DPH", "DAN"],
        inclusive: ["VCETNE DPH", "VC DPH", "S DPH"],
        taxTable: ["SAZBA", "REKAPITULACE DPH", "ZAKLAD"],
        tip: ["SPROPITNE", "DYSKO"],
        tendered: ["HOTOVOST", "HOTOVE", "PRIJATO", "ZAPLACENO", "PLACENO"],
        cash: ["HOTOVOST", "HOTOVE"],
        card: ["PLATBA KARTOU", "KARTOU", "=KARTA", "BEZHOTOVOSTNE"],
        change: ["VRACENO", "VRATIT", "=VRACENI", "ZPET"],
        discount: ["SLEVA", "AKCE", "BONUS"],
        void: ["STORNO"],
        deposit: ["ZALOHA", "VRATNE OBALY"],
        rounding: ["ZAOKROUHLENI", "HALEROVE VYROVNANI"],
        summaryHeads: ["CELKEM", "K UHRADE", "MEZISOUCET"],
        columnHeads: ["NAZEV", "MNOZSTVI", "CENA", "POLOZKA", "=KS"],
        dateWords: ["DATUM", "DNE"],
        months: [
            "LEDNA": 1, "LEDEN": 1, "UNORA": 2, "UNOR": 2, "BREZNA": 3, "DUBNA": 4, "KVETNA": 5, "CERVNA": 6,
            "CERVENCE": 7, "SRPNA": 8, "ZARI": 9, "RIJNA": 10, "LISTOPADU": 11, "PROSINCE": 12,
        ],
        legalForms: ["S R O", "SRO", "A S", "SPOL S R O", "V O S"],
        shopWords: ["PRODEJNA", "POTRAVINY", "PEKARNA", "LEKARNA", "MASNA", "DROGERIE", "TRAFIKA", "OBCHOD"],
        addressWords: ["ULICE", "NAMESTI", "TRIDA"],
        headerNoise: ["UCTENKA", "DANOVY DOKLAD", "DIC", "ICO", "DEKUJEME", "ZA NAKUP", "POKLADNA", "PRODAVAC", "EET", "BKP", "FIK"],
        currencyMarks: ["KC": "CZK", "CZK": "CZK"],
        currencyWords: ["DPH": "CZK", "DIC": "CZK", "ICO": "CZK", "CELKEM": "CZK", "HOTOVOST": "CZK"]
    )
}
