/// Receipts of the Gulf (the Emirates, Saudi Arabia), usually bilingual Arabic and English:
/// `الإجمالي`/`المجموع` the total, `ضريبة القيمة المضافة` the VAT, `نقدا` cash and `الباقي` the
/// change; amounts in `AED`/`د.إ` or `SAR`/`ر.س`, a `TRN` (the Emirates' tax number, told in `CurrencyDetection`). The
/// hamza of `الإجمالي` is often left off in print and by OCR, so both spellings are listed.
/// Right-to-left lines put their amount first; the readers take a line's amount wherever it is.
/// OCR lists an Arabic phrase's words in reverse: `normalized` adds each phrase the other way round.
extension Vocabulary {
    static let arabic = Vocabulary(
        subtotal: ["المجموع الفرعي", "الإجمالي قبل الضريبة", "الاجمالي قبل الضريبة", "المبلغ قبل الضريبة"],
        total: ["الإجمالي", "الاجمالي", "المجموع", "المبلغ الإجمالي", "المبلغ الاجمالي", "الإجمالي شامل الضريبة"],
        strongTotal: ["المبلغ الإجمالي", "المبلغ الاجمالي", "الإجمالي شامل الضريبة"],
        finalTotal: ["المبلغ الإجمالي", "المبلغ الاجمالي", "الإجمالي شامل الضريبة"],
        totalExcluded: ["عدد الأصناف", "عدد الاصناف"],
        totalTax: ["إجمالي الضريبة", "اجمالي الضريبة", "مجموع الضريبة"],
        tax: ["ضريبة القيمة المضافة", "الضريبة", "ضريبة", "القيمة المضافة"],
        inclusive: ["شامل", "شاملة"],
        tendered: ["نقدا", "نقداً", "نقدي", "المدفوع", "المبلغ المدفوع"],
        cash: ["نقدا", "نقداً", "نقدي"],
        card: ["بطاقة", "مدى", "بطاقة ائتمان"],
        change: ["الباقي", "المتبقي", "الصرف"],
        discount: ["خصم", "الخصم"],
        summaryHeads: ["الإجمالي", "الاجمالي", "المجموع"],
        columnHeads: ["الصنف", "الكمية", "السعر", "المبلغ"],
        dateWords: ["التاريخ"],
        headerNoise: ["فاتورة ضريبية", "فاتورة", "الرقم الضريبي", "شكرا"],
        currencyMarks: ["AED": "AED", "د.إ": "AED", "درهم": "AED", "SAR": "SAR", "ر.س": "SAR", "ريال": "SAR"],
        currencyWords: ["ضريبة القيمة المضافة": "AED"]
    ).normalized
}
