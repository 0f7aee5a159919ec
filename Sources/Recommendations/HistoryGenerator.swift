/// Generated household purchase histories for the offline evaluation: seeded, so every run with
/// the same seed gives the same households.
///
/// The model (docs/API.md, "Recommendations and presets", repeats it):
/// - A universe of ``Model/products`` products, `p000`, `p001`, …; product *k* has popularity
///   1/(k+1) (Zipf), which is how noise is drawn.
/// - A household shops every 2 to 4 days (uniform) for ``Model/days`` days.
/// - **Staples**: 4 to 8 products, each with its own interval of 4 to 21 days; after a purchase
///   the next is due one interval later, stretched or shrunk by up to ±``Model/jitter`` (uniform),
///   and is bought on the first trip on or after that day.
/// - **Co-purchased groups**: 2 or 3 groups of 3 or 4 products (taco night: tortillas, beans,
///   salsa, cheese); on each trip a group is bought with probability ``Model/groupChance``, and
///   then each member with probability 0.85.
/// - **Noise**: 0 to 3 products a trip drawn by popularity from the whole universe.
public struct HistoryGenerator: Sendable {
    public struct Model: Sendable, Hashable {
        public var products = 200
        public var days = 120
        public var jitter = 0.25
        public var groupChance = 0.15

        public init() {}
    }

    public let model: Model
    let cumulativePopularity: [Double]

    public init(model: Model = Model()) {
        self.model = model
        var total = 0.0
        cumulativePopularity = (0..<model.products).map { rank in
            total += 1 / Double(rank + 1)
            return total
        }
    }

    public static func productId(_ index: Int) -> String {
        let digits = String(index)
        return "p" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }

    /// One household's history, starting on day `start`.
    public func household(start: Day = Day(19_723), using random: inout some RandomNumberGenerator) -> PurchaseHistory {
        let products = model.products
        // Staples from the first third of the universe (everyday goods), groups from the rest.
        let stapleCount = Int.random(in: 4...8, using: &random)
        let staples = Array((0..<max(stapleCount, products / 3)).shuffled(using: &random).prefix(stapleCount))
        var intervals: [Int: Double] = [:]
        var nextDue: [Int: Double] = [:]
        for staple in staples {
            let interval = Double(Int.random(in: 4...21, using: &random))
            intervals[staple] = interval
            nextDue[staple] = Double.random(in: 0..<interval, using: &random)
        }
        var pool = Array((products / 3)..<products).shuffled(using: &random)
        var groups: [[Int]] = []
        for _ in 0..<Int.random(in: 2...3, using: &random) {
            let size = Int.random(in: 3...4, using: &random)
            guard pool.count >= size else { break }
            groups.append(Array(pool.prefix(size)))
            pool.removeFirst(size)
        }

        var baskets: [Basket] = []
        var day = Int.random(in: 0...3, using: &random)
        while day < model.days {
            var bought = Set<Int>()
            for staple in staples where Double(day) >= nextDue[staple, default: 0] {
                bought.insert(staple)
                let stretch = 1 + Double.random(in: -model.jitter...model.jitter, using: &random)
                nextDue[staple] = Double(day) + intervals[staple, default: 7] * stretch
            }
            for group in groups where Double.random(in: 0..<1, using: &random) < model.groupChance {
                for member in group where Double.random(in: 0..<1, using: &random) < 0.85 { bought.insert(member) }
            }
            for _ in 0..<Int.random(in: 0...3, using: &random) { bought.insert(noiseProduct(using: &random)) }
            if !bought.isEmpty {
                baskets.append(Basket(day: Day(start.number + day), products: Set(bought.map(Self.productId))))
            }
            day += Int.random(in: 2...4, using: &random)
        }
        return PurchaseHistory(baskets: baskets)
    }

    func noiseProduct(using random: inout some RandomNumberGenerator) -> Int {
        let target = Double.random(in: 0..<(cumulativePopularity.last ?? 1), using: &random)
        var low = 0
        var high = cumulativePopularity.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulativePopularity[middle] <= target { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
