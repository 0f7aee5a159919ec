/// Polish receipts (`PARAGON FISKALNY`): VAT is `PTU` per rate letter, the total `SUMA PLN`.
extension Vocabulary {
    static let polish = Vocabulary(
        subtotal: ["PODSUMA", "SUMA CZESCIOWA"],
        total: ["SUMA", "SUMA PLN", "RAZEM", "DO ZAPŁATY", "DO ZAPLATY", "RAZEM PLN", "NALEZNOSC"],
        strongTotal: ["SUMA PLN", "DO ZAPŁATY", "DO ZAPLATY", "RAZEM PLN"],
        finalTotal: ["SUMA PLN", "DO ZAPŁATY", "DO ZAPLATY"],
        totalExcluded: ["LICZBA POZYCJI", "ILOSC POZYCJI", "SUMA RABATOW", "SUMA OPUSTOW"],
        totalTax: ["SUMA PTU", "RAZEM PTU", "PTU RAZEM"],
        tax: ["PTU", "VAT", "KWOTA PTU"],
        inclusive: ["W TYM"],
        taxTable: ["SPRZEDAZ OPODATKOWANA", "OPODATKOWANA"],
        tip: ["NAPIWEK"],
        tendered: ["GOTOWKA", "ZAPŁACONO", "ZAPLACONO", "WPŁATA", "WPLATA", "PRZYJETO"],
        cash: ["GOTOWKA"],
        card: ["KARTA", "KARTA PŁATNICZA", "KARTA PLATNICZA", "PŁATNOSC KARTA", "PLATNOSC KARTA", "BLIK", "ZBLIZENIOWO"],
        change: ["RESZTA"],
        discount: ["RABAT", "OPUST", "PROMOCJA", "UPUST"],
        void: ["ANULOWANO", "STORNO"],
        deposit: ["KAUCJA", "OPAKOWANIE ZWROTNE"],
        rounding: ["ZAOKRAGLENIE"],
        summaryHeads: ["SUMA PLN", "RAZEM", "DO ZAPŁATY", "SPRZEDAZ OPODATKOWANA"],
        columnHeads: ["NAZWA", "ILOSC", "CENA", "WARTOSC"],
        dateWords: ["DATA"],
        months: [
            "STYCZNIA": 1, "STYCZEN": 1, "LUTEGO": 2, "LUTY": 2, "MARCA": 3, "KWIETNIA": 4, "MAJA": 5, "CZERWCA": 6,
            "LIPCA": 7, "SIERPNIA": 8, "WRZESNIA": 9, "PAZDZIERNIKA": 10, "LISTOPADA": 11, "GRUDNIA": 12,
        ],
        legalForms: ["SP Z O O", "SP ZOO", "S A", "SP J", "SP K", "SPOLKA"],
        shopWords: ["SKLEP", "PIEKARNIA", "APTEKA", "DELIKATESY", "MARKET", "SUPERMARKET", "KWIACIARNIA"],
        addressWords: ["UL", "ULICA", "ALEJA", "PLAC", "OSIEDLE"],
        headerNoise: ["PARAGON FISKALNY", "PARAGON", "NIP", "DZIEKUJEMY", "ZAPRASZAMY", "KASJER", "KASA", "NIEFISKALNY"],
        currencyMarks: ["ZŁ": "PLN", "ZL": "PLN", "PLN": "PLN"],
        currencyWords: ["PTU": "PLN", "NIP": "PLN", "PARAGON": "PLN", "GOTOWKA": "PLN", "RESZTA": "PLN"]
    )
}
