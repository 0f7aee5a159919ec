/// Turkish receipts (`FİŞ`): `TOPLAM` the total, `KDV` the VAT (`TOPKDV` its sum), amounts in `TL`/`₺`.
extension Vocabulary {
    static let turkish = Vocabulary(
        subtotal: ["ARA TOPLAM", "ARATOPLAM", "KDV HARIC"],
        total: ["TOPLAM", "GENEL TOPLAM", "ODENECEK TUTAR", "TOPLAM TUTAR", "=TUTAR"],
        strongTotal: ["GENEL TOPLAM", "ODENECEK TUTAR", "TOPLAM TUTAR"],
        finalTotal: ["GENEL TOPLAM", "ODENECEK TUTAR"],
        totalExcluded: ["TOPLAM URUN", "URUN ADEDI", "TOPLAM INDIRIM", "MAL HIZMET TOPLAM"],
        totalTax: ["TOPKDV", "TOP KDV", "TOPLAM KDV", "KDV TOPLAM"],
        tax: ["KDV", "OTV"],
        inclusive: ["KDV DAHIL", "DAHIL"],
        taxTable: ["KDV ORANI", "MATRAH"],
        tip: ["BAHSIS"],
        serviceCharge: ["SERVIS UCRETI", "SERVIS"],
        tendered: ["NAKIT", "ALINAN", "ODENEN"],
        cash: ["NAKIT"],
        card: ["KREDI KARTI", "KREDI KARTIYLA", "BANKA KARTI", "=KART", "TEMASSIZ"],
        change: ["PARA USTU", "PARAUSTU", "=USTU"],
        discount: ["INDIRIM", "ISKONTO", "KAMPANYA"],
        void: ["IPTAL"],
        deposit: ["DEPOZITO"],
        rounding: ["YUVARLAMA"],
        summaryHeads: ["TOPLAM", "ARA TOPLAM", "GENEL TOPLAM"],
        columnHeads: ["URUN", "ADET", "FIYAT", "TUTAR", "MIKTAR"],
        dateWords: ["TARIH"],
        months: [
            "OCAK": 1, "SUBAT": 2, "MART": 3, "NISAN": 4, "MAYIS": 5, "HAZIRAN": 6, "TEMMUZ": 7, "AGUSTOS": 8,
            "EYLUL": 9, "EKIM": 10, "KASIM": 11, "ARALIK": 12,
        ],
        legalForms: ["A S", "LTD STI", "TIC LTD"],
        shopWords: ["MARKET", "FIRIN", "ECZANE", "KASAP", "MANAV", "BAKKAL", "PASTANE", "LOKANTA"],
        addressWords: ["CAD", "CADDESI", "SOK", "SOKAK", "MAH", "MAHALLESI", "BULVARI", "BLV"],
        headerNoise: ["FIS NO", "FIS", "VKN", "VERGI DAIRESI", "TESEKKUR", "TESEKKURLER", "KASIYER", "Z NO", "EKU NO"],
        currencyMarks: ["₺": "TRY", "TL": "TRY", "TRY": "TRY"],
        currencyWords: ["KDV": "TRY", "TOPKDV": "TRY", "VKN": "TRY", "NAKIT": "TRY", "TOPLAM": "TRY"]
    )
}
