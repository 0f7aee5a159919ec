/// Thai receipts (`ใบเสร็จรับเงิน`): `รวม`/`รวมทั้งสิ้น` the total, `ภาษีมูลค่าเพิ่ม` the VAT (7 %),
/// `เงินสด` cash and `เงินทอน` change, amounts in `บาท`/`฿`, years of the Buddhist era (`Dates`).
/// Written as printed; `normalized` folds the tone marks away as `ScriptText` does on the lines.
extension Vocabulary {
    static let thai = Vocabulary(
        subtotal: ["ยอดรวมย่อย", "รวมย่อย", "มูลค่าก่อนภาษี", "ราคาก่อนภาษี", "ก่อนภาษี"],
        total: ["รวม", "รวมทั้งสิ้น", "ยอดรวม", "ยอดสุทธิ", "รวมเงิน", "ยอดชำระ", "รวมสุทธิ", "สุทธิ"],
        strongTotal: ["รวมทั้งสิ้น", "ยอดสุทธิ", "ยอดชำระ", "รวมสุทธิ"],
        finalTotal: ["รวมทั้งสิ้น", "ยอดสุทธิ", "ยอดชำระ"],
        totalExcluded: ["รวมจำนวน", "จำนวนสินค้า", "รวมส่วนลด"],
        tax: ["ภาษีมูลค่าเพิ่ม", "ภาษี"],
        inclusive: ["รวมภาษีมูลค่าเพิ่ม", "รวมภาษี", "รวม VAT"],
        serviceCharge: ["ค่าบริการ"],
        tendered: ["เงินสด", "รับเงิน", "ชำระเงิน"],
        cash: ["เงินสด"],
        card: ["บัตรเครดิต", "บัตร"],
        change: ["เงินทอน", "ทอน", "ทอนเงิน"],
        discount: ["ส่วนลด"],
        summaryHeads: ["รวม", "รวมทั้งสิ้น", "ยอดรวม", "ยอดสุทธิ"],
        columnHeads: ["รายการ", "จำนวน", "ราคา"],
        dateWords: ["วันที่"],
        headerNoise: ["ใบเสร็จรับเงิน", "ใบกำกับภาษี", "เลขประจำตัวผู้เสียภาษี", "ขอบคุณ"],
        currencyMarks: ["฿": "THB", "บาท": "THB", "THB": "THB"],
        currencyWords: ["ภาษีมูลค่าเพิ่ม": "THB", "เงินทอน": "THB", "เงินสด": "THB", "ใบเสร็จรับเงิน": "THB", "วันที่": "THB"]
    ).normalized
}
