/// The printed card number of a payment line.
enum CardNumber {
    /// The last four digits of a masked card number ("XXXX XXXX XXXX 1234", "************1234"),
    /// or of any four-digit run on a line naming an account or a card ("ACCT # 1234").
    static func last4(in text: String) -> String? {
        let chars = Array(text.prefix(200))
        var i = chars.count - 1
        while i >= 3 {
            if chars[i].isASCIIDigit, chars[i - 1].isASCIIDigit, chars[i - 2].isASCIIDigit, chars[i - 3].isASCIIDigit,
                i - 4 < 0 || !chars[i - 4].isASCIIDigit, i + 1 >= chars.count || !chars[i + 1].isASCIIDigit
            {
                let before = i - 4 >= 0 ? chars[max(0, i - 6)...(i - 4)] : []
                if before.contains(where: { "*Xx#".contains($0) }) || text.uppercased().contains("ACCT") || text.uppercased().contains("CARD") {
                    return String(chars[(i - 3)...i])
                }
            }
            i -= 1
        }
        return nil
    }
}
