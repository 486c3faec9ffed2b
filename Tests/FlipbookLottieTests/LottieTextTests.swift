import FlipbookGeometry
import FlipbookLottie
import FlipbookRaster
import Testing

/// Text layers set through the text engine: justified about their origin, lines `lh` apart,
/// in their fill, with document keyframes held; animators warn naming the layer.
struct LottieTextTests {
    /// A 200 × 100 document of one text layer at (100, 40) whose documents are `documents`
    /// (a `t.d.k` list), with `extra` members of its `t`.
    private func textDocument(_ documents: String, extra: String = "") -> String {
        LottieFixture.document(
            layers: """
                [{"ty": 5, "nm": "Words", "ip": 0, "op": 10, "st": 0, "ks": {"p": {"a": 0, "k": [100, 40]}},
                  "t": {"d": {"k": \(documents)}\(extra)}}]
                """, width: 200, height: 100)
    }

    /// One document of `text` justified `j`, 20 points of Inter, white, lines 30 apart.
    private func document(_ text: String, justification: Int, frame: Int = 0) -> String {
        #"{"t": \#(frame), "s": {"t": "\#(text)", "f": "Inter", "s": 20, "j": \#(justification), "lh": 30, "fc": [1, 1, 1]}}"#
    }

    /// The first and last columns with ink in rows `rows`.
    private func inkColumns(_ pixmap: Pixmap, rows: Range<Int>) -> ClosedRange<Int>? {
        let columns = (0..<pixmap.width).filter { x in rows.contains { pixmap[x, $0].alpha > 128 } }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }

    @Test func justificationPlacesTheLineAboutTheOrigin() throws {
        let rows = 20..<42
        let left = try #require(
            inkColumns(
                try LottieFixture.render(
                    textDocument("[\(document("HHHH", justification: 0))]"), frame: 0, width: 200), rows: rows
            ))
        let right = try #require(
            inkColumns(
                try LottieFixture.render(
                    textDocument("[\(document("HHHH", justification: 1))]"), frame: 0, width: 200), rows: rows
            ))
        let centre = try #require(
            inkColumns(
                try LottieFixture.render(
                    textDocument("[\(document("HHHH", justification: 2))]"), frame: 0, width: 200), rows: rows
            ))
        #expect(left.lowerBound >= 100 && left.lowerBound <= 104, "left: \(left)")
        #expect(right.upperBound <= 100 && right.upperBound >= 96, "right: \(right)")
        #expect(abs(Double(centre.lowerBound + centre.upperBound) / 2 - 100) <= 2, "centre: \(centre)")
        #expect(abs(left.count - right.count) <= 1 && abs(left.count - centre.count) <= 1)
    }

    @Test func theBaselineIsAtTheOriginAndLinesAreLineHeightApart() throws {
        let pixmap = try LottieFixture.render(
            textDocument("[\(document(#"H\rH"#, justification: 0))]"), frame: 0, width: 200)
        let inked = (0..<100).filter { y in (100..<130).contains { pixmap[$0, y].alpha > 128 } }
        // Two capitals: the first sits on y = 40, the second on y = 70.
        let first = inked.filter { $0 < 55 }
        let second = inked.filter { $0 >= 55 }
        #expect(first.last.map { abs($0 - 39) <= 1 } == true, "\(first)")
        #expect(second.last.map { abs($0 - 69) <= 1 } == true, "\(second)")
        #expect(first.count == second.count)
    }

    @Test func documentKeyframesHoldUntilTheNext() throws {
        let text = textDocument(
            "[\(document("H", justification: 0)), \(document("HHHHHH", justification: 0, frame: 5))]")
        let early = try #require(
            inkColumns(try LottieFixture.render(text, frame: 4.9, width: 200), rows: 20..<42))
        let late = try #require(
            inkColumns(try LottieFixture.render(text, frame: 5, width: 200), rows: 20..<42))
        #expect(late.count > 4 * early.count)
    }

    @Test func animatorsWarnNamingTheLayer() throws {
        let sink = WarningSink.discarding()
        _ = try sink.receiving {
            try LottieFixture.animation(
                textDocument(
                    "[\(document("H", justification: 0))]", extra: #", "a": [{"nm": "Animator 1", "a": {}}]"#)
            )
        }
        #expect(sink.reported.map(\.message) == [#"layer "Words": text animators are not applied"#])
    }
}

extension LottieTextTests {
    @Test func glyphsFromTheFilesCharsAreScaledToTheDocumentAndAdvanced() throws {
        // "I": a 10 × 70 bar above the baseline at font size 100, advancing 20.
        let bar =
            #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [10, 0], [10, -70], [0, -70]], "i": [[0,0],[0,0],[0,0],[0,0]], "o": [[0,0],[0,0],[0,0],[0,0]]}}}"#
        let chars =
            #"[{"ch": "I", "size": 100, "style": "Regular", "fFamily": "Bars", "w": 20, "data": {"shapes": [{"ty": "gr", "it": [\#(bar)]}]}}]"#
        let text = LottieFixture.document(
            layers: """
                [{"ty": 5, "nm": "Bars", "ip": 0, "op": 10, "st": 0, "ks": {"p": {"a": 0, "k": [10, 80]}},
                  "t": {"d": {"k": [{"t": 0, "s": {"t": "II", "f": "Bars-Regular", "s": 50, "j": 0, "lh": 60, "fc": [0, 0, 1]}}]}}}]
                """, width: 100, height: 100
        ).replacingOccurrences(
            of: #""layers":"#,
            with:
                #""fonts": {"list": [{"fName": "Bars-Regular", "fFamily": "Bars", "fStyle": "Regular"}]}, "chars": \#(chars), "layers":"#
        )
        let pixmap = try LottieFixture.render(text, frame: 0)
        // At half size: bars 5 wide and 35 high on the baseline y = 80, 10 apart, from x = 10.
        let inked = (0..<100).filter { pixmap[$0, 60].alpha > 128 }
        #expect(inked == Array(10..<15) + Array(20..<25), "\(inked)")
        #expect(pixmap[12, 46].blue == 255 && pixmap[12, 44].alpha == 0 && pixmap[12, 81].alpha == 0)
    }

    @Test func aTextLongerThanTheLimitIsRefusedWhereItIs() throws {
        let long = String(repeating: "a", count: 10_001)
        #expect {
            try LottieFixture.animation(textDocument("[\(document(long, justification: 0))]"))
        } throws: { error in
            "\(error)".contains(
                "layers[0].t.d.k[0]: its text has 10001 characters; a text layer may show at most 10000")
        }
    }
}
