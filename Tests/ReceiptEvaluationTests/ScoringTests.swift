import Foundation
import Logging
import ReceiptModel
import ReceiptParsing
import Testing

@testable import ReceiptEvaluation

@Suite struct SequenceMatcherTests {
    /// Expected values computed with Python 3: `difflib.SequenceMatcher(None, a, b).ratio()`.
    @Test(arguments: [
        ("abc", "abd", 0.6666666666666666),
        ("greenfield", "greenfieldrestaurant", 0.6666666666666666),
        ("mrdiymsdnbhd", "mrdiymsdnbhdkawasan", 0.7741935483870968),
        ("lunchspecial", "lunch", 0.5882352941176471),
        ("kitten", "sitting", 0.6153846153846154),
        ("", "abc", 0.0),
    ])
    func matchesPythonDifflib(_ a: String, _ b: String, _ expected: Double) {
        #expect(abs(SequenceMatcher(a, b).ratio() - expected) < 1e-12)
    }

    @Test func appliesAutojunkOnLongStrings() {
        let a = String(repeating: "abcd", count: 60)
        let b = String(repeating: "abce", count: 70)
        #expect(abs(SequenceMatcher(a, b).ratio() - 0.011538461538461539) < 1e-12)
        let c = String(repeating: "the quick brown fox jumps over the lazy dog", count: 6)
        let d = String(repeating: "the quick brown cat jumps over the lazy dog", count: 6)
        #expect(abs(SequenceMatcher(c, d).ratio() - 0.06201550387596899) < 1e-12)
    }
}

@Suite struct ScoringRuleTests {
    @Test func merchantByContainmentOrRatio() {
        #expect(Scoring.merchantMatches("GREEN FIELD", "Green Field Restaurant"))
        #expect(Scoring.merchantMatches("aldi", "ALDI SÜD"))
        #expect(Scoring.merchantMatches("MR. D.I.Y. (M) SDN BHD", "MR D.I.Y. (M) SDN. BHD"))
        #expect(!Scoring.merchantMatches("GREEN FIELD", "TACO BELL"))
        #expect(Scoring.merchantMatches("ab", "abc"))  // ratio 0.8: similar by the ratio rule, though too short for containment
        #expect(!Scoring.merchantMatches("ab", "xy"))
        #expect(!Scoring.merchantMatches("GREEN FIELD", nil))
    }

    @Test func itemsMatchGreedilyOnPriceAndName() {
        let labelled = [
            ReceiptLabel.Item(name: "Lunch", quantity: 2, price: Amount("45.90")),
            ReceiptLabel.Item(name: "Coke", quantity: 1, price: Amount("3.00")),
            ReceiptLabel.Item(name: "No price", quantity: 1, price: nil),
        ]
        let got = [
            ParsedReceipt.Item(name: "LUNCH", text: "", price: Amount("45.90")!),
            ParsedReceipt.Item(name: "Coke", text: "", price: Amount("3.01")!),
            ParsedReceipt.Item(name: "Lunch", text: "", price: Amount("45.90")!),
        ]
        let m = Scoring.matchItems(expected: labelled, got: got)
        #expect(m.matched == 1)
        #expect(m.predicted == 3)
        #expect(m.labelled == 2)
    }

    @Test func amountsCompareAsDecimals() {
        let label = ReceiptLabel(merchant: "Shop", date: "2016-05-26", total: Amount("56.5"), subtotal: Amount("51.90"), tax: Amount("4.68"))
        var got = ParsedReceipt(
            merchant: .init(name: "SHOP"),
            date: "2016-05-26",
            subtotal: Amount("51.9"),
            tax: Amount("4.60"),
            total: Amount("56.50")
        )
        got.items = []
        let score = Scoring.score(label: label, got: got)
        #expect(score.fields[.total] == true)
        #expect(score.fields[.subtotal] == true)
        #expect(score.fields[.tax] == false)
        #expect(score.fields[.date] == true)
        #expect(score.fields[.merchant] == true)
        #expect(score.fields[.itemCount] == nil)
    }

    @Test func noOutputIsWrongOnEveryLabelledField() {
        let label = ReceiptLabel(
            merchant: "Shop",
            date: "2016-05-26",
            total: Amount("1.00"),
            items: [.init(name: "A", price: Amount("1.00"))],
            itemCount: 1
        )
        let score = Scoring.score(label: label, got: nil)
        #expect(score.fields.values.allSatisfy { !$0 })
        #expect(score.fields.count == 4)
        #expect(score.itemsLabelled == 1)
        #expect(score.itemsMatched == 0)
    }
}

@Suite struct CorpusAndRunnerTests {
    func makeCorpus() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("eval-\(UUID().uuidString)")
        for set in ["alpha", "beta"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent("\(set)/images"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: root.appendingPathComponent("\(set)/labels"), withIntermediateDirectories: true)
            for stem in ["one", "two"] {
                try Data("not really an image".utf8).write(to: root.appendingPathComponent("\(set)/images/\(stem).jpg"))
                let label =
                    #"{"merchant": "SHOP ONE", "date": "2016-05-26", "total": "5.40", "subtotal": null, "items": [{"name": "BREAD", "quantity": 1, "price": "2.00"}], "item_count": null}"#
                try Data(label.utf8).write(to: root.appendingPathComponent("\(set)/labels/\(stem).json"))
            }
        }
        return root
    }

    @Test func readsCorpusAndScoresPerSet() async throws {
        let root = try makeCorpus()
        defer { try? FileManager.default.removeItem(at: root) }
        let entries = try Corpus.load(root)
        #expect(entries.count == 4)
        #expect(Set(entries.map(\.set)) == ["alpha", "beta"])
        let runner = EvaluationRunner(jobs: 2, logger: Logger(label: "test"))
        let report = await runner.run(entries) { entry in
            if entry.set == "beta", entry.stem == "two" { throw EvaluationError("test.fail", "no output") }
            let text = "SHOP ONE\n05/26/2016\nBREAD 2.00\nMILK 3.00\nSUBTOTAL 5.00\nTAX 0.40\nTOTAL 5.40\n"
            return EvaluationRunner.Result(ReceiptParser().parse(text: text), text: text)
        }
        #expect(report.overall.receipts == 4)
        #expect(report.overall.failed == 1)
        #expect(report.overall.fields["total"]?.correct == 3)
        #expect(report.overall.fields["total"]?.labelled == 4)
        #expect(report.overall.itemsMatched == 3)
        #expect(report.overall.itemsPredicted == 6)
        #expect(report.sets.map(\.name) == ["alpha", "beta"])
        #expect(report.sets[0].fields["merchant"]?.correct == 2)
        #expect(report.misses.contains { $0.stem == "two" && $0.set == "beta" && $0.got == "(no output)" })
        let table = report.table()
        #expect(table.contains("total"))
        #expect(table.contains("3/4"))
        // Every image is in exactly one part of the fixed split, and the parts add up.
        let check = report.parts.first { $0.name == "check" }?.receipts ?? 0
        let tuning = report.parts.first { $0.name == "tuning" }?.receipts ?? 0
        #expect(check + tuning == 4)
        // The ceiling: the labelled total is in the text of the three images that were read.
        #expect(report.overall.ceiling["total"]?.labelled == 3)
    }

    @Test func theSplitIsFixedAndAboutOneThirdCheck() {
        let stems = (0..<3000).map { "receipt-\($0)" }
        let check = stems.filter { CorpusPart(set: "s", stem: $0) == .check }.count
        #expect((900...1100).contains(check))
        // First bytes of SHA-256("<set>/<stem>"), from Python's hashlib: 112 and 133 are not
        // divisible by 3; 249 ("s/receipt-4") is.
        #expect(CorpusPart(set: "us-restaurant-photos", stem: "1000-receipt") == .tuning)
        #expect(CorpusPart(set: "s", stem: "receipt-1") == .tuning)
        #expect(CorpusPart(set: "s", stem: "receipt-4") == .check)
    }

    @Test func theCeilingFindsAmountsAndDatesAsPrinted() {
        let label = ReceiptLabel(merchant: "Green Field", date: "2016-05-26", total: Amount("56.58"), subtotal: Amount("51.90"), tax: Amount("4.68"))
        let text = "GREEN FIELD\n26.05.16 12:30\nSUMME EUR 56,58\nNetto 151.90\n"
        #expect(Ceiling.appears(.total, label: label, in: text) == true)
        #expect(Ceiling.appears(.subtotal, label: label, in: text) == false)
        #expect(Ceiling.appears(.tax, label: label, in: text) == false)
        #expect(Ceiling.appears(.date, label: label, in: text) == true)
        #expect(Ceiling.appears(.merchant, label: label, in: text) == true)
        #expect(Ceiling.appears(.date, label: label, in: "May 26, 2016") == true)
    }

    @Test func missingCorpusIsAClearError() {
        #expect(throws: EvaluationError.self) { try Corpus.load(URL(fileURLWithPath: "/nonexistent/corpus")) }
    }

    @Test func readsTesseractTSV() {
        let tsv = """
            level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext
            1\t1\t0\t0\t0\t0\t0\t0\t800\t1000\t-1\t
            5\t1\t1\t1\t1\t1\t10\t10\t50\t20\t96.5\tTOTAL
            5\t1\t1\t1\t1\t2\t700\t10\t60\t20\t91.0\t5.40
            """
        let input = TesseractTSV.parse(tsv)
        #expect(input.lines.count == 1)
        #expect(input.lines[0].text == "TOTAL 5.40")
        #expect(input.pageWidth == 800)
        #expect(ReceiptParser().parse(input).total == Amount("5.40"))
    }
}

@Suite struct TesseractTSVRoundTripTests {
    @Test func writtenTSVReadsBackTheSameLines() {
        let input = ParserInput(
            lines: [
                ParserInput.Line(
                    text: "COFFEE   3.00",
                    words: [
                        ParserInput.Word(text: "COFFEE", box: .init(x: 10, y: 20, width: 60, height: 12), confidence: 0.9612),
                        ParserInput.Word(text: "3.00", box: .init(x: 300, y: 21, width: 40, height: 12), confidence: 0.5),
                    ],
                    box: .init(x: 10, y: 20, width: 330, height: 13)
                ),
                ParserInput.Line(
                    text: "TAB\tAND\\SLASH",
                    words: [ParserInput.Word(text: "TAB\tAND\\SLASH", box: .init(x: 5, y: 40, width: 80, height: 12), confidence: 1)],
                    box: .init(x: 5, y: 40, width: 80, height: 12)
                ),
            ],
            pageWidth: 400
        )
        let read = TesseractTSV.parse(TesseractTSV.write(input, pageHeight: 600))
        #expect(read.pageWidth == 400)
        #expect(read.lines.map(\.text) == ["COFFEE   3.00", "TAB\tAND\\SLASH"])
        #expect(read.lines.map(\.box) == input.lines.map(\.box))
        #expect(read.lines[0].words.map(\.box) == input.lines[0].words.map(\.box))
        #expect(read.lines[0].words.map(\.confidence) == [0.9612, 0.5])
        #expect(read.lines[1].words.map(\.text) == ["TAB\tAND\\SLASH"])
    }
}
