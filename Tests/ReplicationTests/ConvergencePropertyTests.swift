import Foundation
import ReceiptModel
import ReceiptTesting
import Replication
import Testing

/// Three replicas edit one list at random while their states travel a network that reorders,
/// duplicates and drops them and cuts replicas off for a while; then everyone reconnects. Every
/// replica must end with the same state, and no write may be lost: each one is still visible,
/// or a later write of the same field or a deletion of its entry superseded it.
///
/// Seeds are fixed (the same runs every time) and each failure names its seed: replay it with
/// `Simulation(seed:)`.
@Suite struct ConvergencePropertyTests {
    /// Fixed, spread-out seeds: `count` of them, the same in every run.
    static func seeds(_ count: Int, salt: UInt64) -> [Int] {
        var generator = SeededGenerator(seed: salt)
        return (0..<count).map { _ in Int(truncatingIfNeeded: generator.next() >> 1) }
    }

    @Test func replicasConvergeAndKeepEveryWrite() {
        for seed in Self.seeds(400, salt: 1) {
            var run = Simulation(seed: seed)
            run.play(steps: 120)
            run.reconnectEveryone()
            let states = run.replicas.map(\.state)
            #expect(states[0] == states[1] && states[1] == states[2], "seed \(seed): replicas differ")
            #expect(states[0].liveEntries == states[2].liveEntries, "seed \(seed)")
            for write in run.writes {
                let problem = Self.lost(write, in: states[0])
                #expect(problem == nil, "seed \(seed): \(problem ?? "")")
            }
        }
    }

    @Test func mergeIsCommutativeAssociativeAndIdempotent() {
        for seed in Self.seeds(300, salt: 2) {
            var run = Simulation(seed: seed)
            run.play(steps: 40)
            let (a, b, c) = (run.replicas[0].state, run.replicas[1].state, run.replicas[2].state)
            #expect(a.merged(with: b) == b.merged(with: a), "seed \(seed)")
            #expect(a.merged(with: b).merged(with: c) == a.merged(with: b.merged(with: c)), "seed \(seed)")
            #expect(a.merged(with: a) == a, "seed \(seed)")
            #expect(a.merged(with: b).merged(with: b) == a.merged(with: b), "seed \(seed)")
        }
    }

    @Test func theWireFormRoundTrips() {
        for seed in Self.seeds(100, salt: 3) {
            var run = Simulation(seed: seed)
            run.play(steps: 40)
            let state = run.replicas[0].state
            let decoded = try? JSONCoding.decoder.decode(ReplicatedDocument.self, from: JSONCoding.encoder.encode(state))
            #expect(decoded == state, "seed \(seed)")
        }
    }

    @Test func aStaleEditNeverBringsBackADeletedEntryAndTicksAreIdempotent() {
        var phone = ReplicatedDocument()
        var laptop = ReplicatedDocument()
        let t = (1...6).map { HybridTimestamp(wallMillis: Int64($0), counter: 0, replica: $0 % 2 == 0 ? "laptop" : "phone") }
        phone.set(entry: "e1", "name", .string("milk"), at: t[0])
        laptop.merge(phone)
        laptop.set(entry: "e1", "completed", .bool(true), at: t[1])
        laptop.set(entry: "e1", "completed", .bool(true), at: t[3])
        phone.remove(entry: "e1", at: t[2])
        // The laptop's later edit was made offline, before it heard of the deletion.
        laptop.set(entry: "e1", "note", .string("2 %"), at: t[5])
        phone.merge(laptop)
        laptop.merge(phone)
        #expect(phone == laptop)
        #expect(phone.liveEntries.isEmpty)

        var a = ReplicatedDocument()
        a.set(entry: "e2", "completed", .bool(true), at: t[0])
        let once = a
        a.merge(once)
        #expect(a == once)
    }

    @Test func differentFieldsOfOneEntryBothStayAndTheSameFieldGoesToTheLaterWrite() {
        var base = ReplicatedDocument()
        base.set(entry: "e1", "name", .string("milk"), at: HybridTimestamp(wallMillis: 1, counter: 0, replica: "a"))
        var a = base
        var b = base
        a.set(entry: "e1", "quantity", .number(2), at: HybridTimestamp(wallMillis: 5, counter: 0, replica: "a"))
        b.set(entry: "e1", "note", .string("organic"), at: HybridTimestamp(wallMillis: 4, counter: 0, replica: "b"))
        a.set(entry: "e1", "name", .string("oat milk"), at: HybridTimestamp(wallMillis: 6, counter: 0, replica: "a"))
        b.set(entry: "e1", "name", .string("soy milk"), at: HybridTimestamp(wallMillis: 6, counter: 0, replica: "b"))
        let merged = a.merged(with: b)
        #expect(merged == b.merged(with: a))
        let values = merged.liveEntries["e1"] ?? [:]
        #expect(values["quantity"] == .number(2))
        #expect(values["note"] == .string("organic"))
        #expect(values["name"] == .string("soy milk"))  // same wall time: the replica id decides
    }

    /// Why a write is missing from the final state, or nil when it is accounted for.
    static func lost(_ write: Simulation.Write, in state: ReplicatedDocument) -> String? {
        switch write.target {
        case .document(let field):
            guard let register = state.fields[field] else { return "document field \(field) missing" }
            return Self.superseded(register, write) ? nil : "document field \(field) lost \(write)"
        case .entry(let id, let field):
            guard let entry = state.entries[id] else { return "entry \(id) missing" }
            if let removed = entry.removed {
                return write.removes && removed < write.stamp ? "tombstone of \(id) older than its deletion" : nil
            }
            if write.removes { return "deleted entry \(id) is live" }
            guard let field, let register = entry.fields[field] else { return "entry \(id) lost field of \(write)" }
            return Self.superseded(register, write) ? nil : "entry \(id) lost \(write)"
        }
    }

    static func superseded(_ register: Register, _ write: Simulation.Write) -> Bool {
        register.at > write.stamp || (register.at == write.stamp && register.value == write.value)
    }
}

/// Replicas, their clocks (which drift and jump back), and a lossy network of whole states.
struct Simulation {
    struct Replica {
        var clock: HybridClock
        var state = ReplicatedDocument()
        var wall: Int64
        var online = true
    }

    enum Target: CustomStringConvertible {
        case document(String)
        case entry(String, String?)
        var description: String {
            switch self {
            case .document(let field): "list.\(field)"
            case .entry(let id, let field): "\(id).\(field ?? "<removed>")"
            }
        }
    }

    struct Write: CustomStringConvertible {
        var target: Target
        var value: JSONValue
        var stamp: HybridTimestamp
        var removes = false
        var description: String { "\(target)=\(value) at \(stamp)" }
    }

    struct Message {
        var to: Int
        var state: ReplicatedDocument
    }

    var random: SeededGenerator
    var replicas: [Replica]
    var inFlight: [Message] = []
    var writes: [Write] = []
    var nextEntry = 0

    init(seed: Int) {
        random = SeededGenerator(seed: UInt64(truncatingIfNeeded: seed))
        replicas = ["a", "b", "c"].map { Replica(clock: HybridClock(replica: $0), wall: 1_767_225_600_000) }
    }

    mutating func play(steps: Int) {
        for _ in 0..<steps {
            let who = Int.random(in: 0..<3, using: &random)
            // Wall clocks mostly move forward, sometimes stand still or jump back (NTP), and
            // differ from replica to replica.
            replicas[who].wall += Int64.random(in: -40...60, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5: edit(who)
            case 5..<7: send(from: who)
            case 7..<9: deliver()
            default: replicas[who].online.toggle()
            }
        }
    }

    /// Everyone back online; every state reaches every replica (twice, in random order).
    mutating func reconnectEveryone() {
        for index in replicas.indices { replicas[index].online = true }
        while !inFlight.isEmpty { deliver() }
        for _ in 0..<2 {
            for from in replicas.indices.shuffled(using: &random) {
                for to in replicas.indices.shuffled(using: &random) where to != from {
                    receive(replicas[from].state, at: to)
                }
            }
        }
    }

    private func now(_ who: Int) -> Date {
        Date(timeIntervalSince1970: Double(replicas[who].wall) / 1000)
    }

    private mutating func edit(_ who: Int) {
        let known = replicas[who].state.liveEntries.keys.sorted()
        let date = now(who)
        let stamp = replicas[who].clock.tick(now: date)
        let choice = known.isEmpty ? 0 : Int.random(in: 0..<7, using: &random)
        let entry = known.randomElement(using: &random) ?? ""
        switch choice {
        case 0:
            nextEntry += 1
            let id = "e\(nextEntry)"
            let name = JSONValue.string(["milk", "eggs", "bread", "tea"].randomElement(using: &random) ?? "milk")
            write(who, .entry(id, "name"), name, stamp)
            write(who, .entry(id, "quantity"), .number(Decimal(Int.random(in: 1...6, using: &random))), stamp)
            write(who, .entry(id, "completed"), .bool(false), stamp)
        case 1:
            write(who, .entry(entry, "name"), .string("name \(Int.random(in: 0..<5, using: &random))"), stamp)
        case 2:
            write(who, .entry(entry, "quantity"), .number(Decimal(Int.random(in: 1...9, using: &random))), stamp)
        case 3:
            write(who, .entry(entry, "completed"), .bool(true), stamp)
        case 4:
            write(who, .entry(entry, "completed"), .bool(false), stamp)
        case 5:
            replicas[who].state.remove(entry: entry, at: stamp)
            writes.append(Write(target: .entry(entry, nil), value: .null, stamp: stamp, removes: true))
        default:
            write(who, .document("name"), .string("list \(Int.random(in: 0..<5, using: &random))"), stamp)
        }
    }

    private mutating func write(_ who: Int, _ target: Target, _ value: JSONValue, _ stamp: HybridTimestamp) {
        switch target {
        case .document(let field): replicas[who].state.set(field, value, at: stamp)
        case .entry(let id, let field): replicas[who].state.set(entry: id, field ?? "", value, at: stamp)
        }
        writes.append(Write(target: target, value: value, stamp: stamp))
    }

    private mutating func send(from who: Int) {
        guard replicas[who].online else { return }
        let to = (who + Int.random(in: 1...2, using: &random)) % 3
        inFlight.append(Message(to: to, state: replicas[who].state))
    }

    /// One message, picked at random: lost when either end is offline, sometimes delivered and
    /// kept in flight to arrive again later.
    private mutating func deliver() {
        guard !inFlight.isEmpty else { return }
        let index = Int.random(in: inFlight.indices, using: &random)
        let message = inFlight[index]
        if Int.random(in: 0..<3, using: &random) != 0 { inFlight.remove(at: index) }
        guard replicas[message.to].online else { return }
        receive(message.state, at: message.to)
    }

    private mutating func receive(_ state: ReplicatedDocument, at who: Int) {
        replicas[who].state.merge(state)
        let date = now(who)
        if let newest = state.newestStamp { _ = replicas[who].clock.observe(newest, now: date) }
    }
}
