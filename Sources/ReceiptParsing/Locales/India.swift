/// Indian receipts, mostly printed in English: the GST split into its central and state halves
/// (`CGST` + `SGST`, or the interstate `IGST`), each a tax line whose sum is the tax; amounts in
/// `₹`, `INR` or `Rs.` (told before an amount only, see `CurrencyDetection`), grouped in lakhs (`1,00,000.00`, see `Numbers`); and the Hindi words
/// for total and tax printed beside the English ones (`कुल`, `योग`, `जीएसटी`) or on a receipt in
/// Hindi (`उप योग` the sub total, `वापसी` the change given back).
extension Vocabulary {
    static let india = Vocabulary(
        subtotal: ["उप योग", "उपयोग", "उप कुल"],
        total: ["NET PAYABLE", "BILL AMOUNT", "NET AMT", "कुल", "योग", "कुल राशि", "कुल योग", "कुल रकम"],
        strongTotal: ["NET PAYABLE", "कुल राशि", "कुल योग"],
        finalTotal: ["NET PAYABLE"],
        totalTax: ["कुल जीएसटी"],
        tax: ["CGST", "SGST", "IGST", "UTGST", "जीएसटी"],
        tendered: ["नकद"],
        cash: ["नकद"],
        change: ["वापसी", "वापसी राशि", "शेष राशि"],
        dateWords: ["दिनांक", "तारीख"],
        headerNoise: ["GSTIN", "धन्यवाद"],
        currencyMarks: ["₹": "INR", "INR": "INR"],
        currencyWords: ["GSTIN": "INR", "CGST": "INR", "SGST": "INR", "IGST": "INR", "जीएसटी": "INR"]
    )
}
