import ReceiptModel
import ReceiptPipeline

/// The OpenAPI description of `StatsRoutes`: its operations and the schemas only they use.
extension StatsRoutes {
    static var operations: [APIOperation] {
        let window: [APIParameter] = [
            .query("asOf", "The reference day, YYYY-MM-DD (default today, UTC)", schema: .string(format: "date")),
            .query(
                "period",
                "The months of each currency's `period`: the last 3 or 12 full months, or all (default 3m)",
                schema: .oneOf(SpendingPeriod.allCases.map(\.rawValue))
            ),
        ]
        return [
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/stats",
                id: "stats",
                tags: ["spending"],
                summary:
                    "Spending: average monthly (last 3 full months) and weekly (last 3 full weeks), last week, mine, per month and merchant, per currency",
                parameters: window,
                responses: [.json(200, "Figures per currency", .ref("Stats"))],
                errors: [400]
            ),
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/stats/categories",
                id: "categoryStats",
                tags: ["spending"],
                summary: "Spending per product category (receipt lines by their matched product's category; others Uncategorised), per currency",
                parameters: window,
                responses: [.json(200, "Figures per currency, largest category first", .ref("CategoryStats"))],
                errors: [400]
            ),
        ]
    }

    static var schemas: [String: JSONSchema] {
        [
            "CategoryStats": .object(
                [
                    "period": .oneOf(SpendingPeriod.allCases.map(\.rawValue)),
                    "currencies": .array(
                        of: .object(
                            [
                                "currency": .string().orNull,
                                "categories": .array(
                                    of: .object(
                                        ["category": .string(), "total": .money, "lines": .integer(minimum: 1)],
                                        required: ["category", "total", "lines"]
                                    )
                                ),
                            ],
                            required: ["categories"]
                        )
                    ),
                ],
                required: ["period", "currencies"]
            ),
            "Period": .object(
                ["label": .string(), "start": .string(), "end": .string(), "total": .money, "carts": .integer()],
                required: ["label", "start", "end", "total", "carts"]
            ),
            "PeriodFigures": .object(
                [
                    "period": .oneOf(SpendingPeriod.allCases.map(\.rawValue)), "months": .array(of: .ref("Period")), "total": .money,
                    "carts": .integer(), "averageMonthly": .money,
                ],
                required: ["period", "months", "total", "carts", "averageMonthly"]
            ).described("Every month of the chosen period, months without carts at zero, with their total and average."),
            "MerchantSpending": .object(["merchant": .string(), "total": .money, "carts": .integer()], required: ["merchant", "total", "carts"]),
            "CurrencySpending": .object(
                [
                    "currency": .string().orNull.described("ISO code; null for carts whose currency is unknown."), "carts": .integer(),
                    "total": .money, "averageMonthly": .money, "months": .array(of: .ref("Period")), "averageWeekly": .money,
                    "weeks": .array(of: .ref("Period")), "lastWeek": .ref("Period"), "perMonth": .array(of: .ref("Period")),
                    "perMerchant": .array(of: .ref("MerchantSpending")),
                    "totalByUser": .string().orNull.described("What the caller's own carts add up to."), "period": .ref("PeriodFigures"),
                ],
                required: [
                    "carts", "total", "averageMonthly", "months", "averageWeekly", "weeks", "lastWeek", "perMonth", "perMerchant", "period",
                ]
            ).described("One currency's figures; amounts in different currencies are never added together."),
            "Stats": .object(
                [
                    "asOf": .string(), "period": .oneOf(SpendingPeriod.allCases.map(\.rawValue)), "carts": .integer(),
                    "currencies": .array(of: .ref("CurrencySpending")), "skippedNoTotal": .integer(),
                    "skippedNoDate": .integer(), "skippedDuplicates": .integer(),
                ],
                required: ["asOf", "period", "carts", "currencies", "skippedNoTotal", "skippedNoDate", "skippedDuplicates"]
            ),
        ]
    }
}
