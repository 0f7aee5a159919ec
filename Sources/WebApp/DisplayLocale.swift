import Foundation
import ReceiptModel
import ReceiptPipeline

/// The locale a page shows money and dates in: the signed-in user's choice (their account's
/// preferences), set for the whole request by the page middleware; none keeps the plain forms
/// (`3.49 USD`, `2024-03-09`).
public enum DisplayLocale {
    @TaskLocal public static var current: Locale?

    /// Runs `body` with the locale of a BCP 47 tag (`de-DE`), or without one.
    public static func with<T: Sendable>(_ tag: String?, _ body: () async throws -> T) async rethrows -> T {
        try await $current.withValue(tag.map { Locale(identifier: $0.replacingOccurrences(of: "-", with: "_")) }, operation: body)
    }

    /// `3,49 $` for 3.49 USD in `de-DE`; nil without a locale or a currency.
    static func money(_ amount: some CustomStringConvertible, _ currency: String?) -> String? {
        guard let locale = current, let amount = amount as? Amount, let currency, currency.count == 3 else { return nil }
        return amount.value.formatted(.currency(code: currency).locale(locale).precision(.fractionLength(amount.scale)))
    }

    /// `9.3.2024` for `2024-03-09` in `de-DE`; nil without a locale or for text that is not a date.
    static func day(_ iso: String) -> String? {
        guard let locale = current, let day = CalendarDay(iso: iso) else { return nil }
        let date = Date(timeIntervalSince1970: TimeInterval(day.daysSinceEpoch) * 86_400)
        let utc = TimeZone(identifier: "UTC") ?? .gmt
        return date.formatted(Date.FormatStyle(date: .numeric, time: .omitted, locale: locale, timeZone: utc))
    }
}
