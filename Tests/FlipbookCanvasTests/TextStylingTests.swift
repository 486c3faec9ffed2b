import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookSnapshots
import FlipbookText
import Foundation
import Testing

/// The size `text` measures in a canvas, unwrapped or wrapped to `width`.
private func measured(_ text: Text, width: Double = .infinity) -> CGSize {
    var size = CGSize(width: 0, height: 0)
    _ = Canvas { context, _ in
        size = context.resolve(text).measure(in: CGSize(width: width, height: .infinity))
    }.displayList(size: CGSize(width: 10, height: 10))
    return size
}

private func probe(width: Int, height: Int, _ draw: @escaping (inout GraphicsContext, CGSize) -> Void)
    -> PixelProbe
{
    PixelProbe(pixmap: Canvas(renderer: draw).rendered(width: width, height: height))
}

@Suite struct TextStylingTests {
    @Test func joinedPiecesKeepTheirOwnColoursAndOuterStylesFillTheRest() {
        let text = (Text("MMMM").foregroundStyle(.red) + Text("MMMM")).foregroundStyle(.blue).font(
            .system(size: 30))
        let picture = probe(width: 240, height: 60) { context, _ in
            context.draw(text, at: CGPoint(x: 4, y: 4), anchor: .topLeading)
        }
        let ink = try! #require(picture.inkBounds())
        let middleRow = (ink.minY + ink.maxY) / 2
        let left = picture.color(ink.minX + 6, middleRow)
        let right = picture.color(ink.maxX - 6, middleRow)
        #expect(left.red > 200 && left.blue < 60, "\(left)")
        #expect(right.blue > 200 && right.red < 60, "\(right)")
    }

    @Test func aLineIsAsTallAsItsTallestPiece() {
        let big = measured(Text("Big").font(.system(size: 40)))
        let mixed = measured(Text("Big").font(.system(size: 40)) + Text(" small").font(.system(size: 12)))
        let small = measured(Text(" small").font(.system(size: 12)))
        #expect(abs(mixed.height - big.height) < 0.001)
        #expect(abs(mixed.width - (big.width + small.width)) < 0.5)
    }

    @Test func boldAndItalicPiecesUseTheirFaces() {
        let regular = measured(Text("Wide words").font(.system(size: 30)))
        let bold = measured(Text("Wide words").font(.system(size: 30)).bold())
        #expect(bold.width > regular.width + 5)
        let italicBold = Text("Wide").italic() + Text(" words").bold()
        #expect(measured(italicBold.font(.system(size: 30))).width > regular.width)
    }

    @Test func trackingAddsAfterEveryCharacter() {
        let plain = measured(Text("abcd").font(.system(size: 20)))
        let tracked = measured(Text("abcd").font(.system(size: 20)).tracking(3))
        #expect(abs(tracked.width - plain.width - 12) < 0.001)
        #expect(measured(Text("abcd").font(.system(size: 20)).kerning(3)) == tracked)
    }

    @Test func monospacedDigitsGiveEveryDigitOneWidth() {
        // Comfortaa (the rounded design) has proportional digits: a 1 is narrower than an 8.
        let font = Font.system(size: 40, design: .rounded)
        #expect(measured(Text("1111").font(font)).width < measured(Text("8888").font(font)).width - 4)
        let ones = measured(Text("1111").font(font).monospacedDigit()).width
        let eights = measured(Text("8888").font(font).monospacedDigit()).width
        #expect(abs(ones - eights) < 0.001)
    }

    @Test func baselineOffsetRaisesTheInk() {
        func top(_ text: Text) -> Int {
            probe(width: 80, height: 80) { context, _ in
                context.draw(text, at: CGPoint(x: 10, y: 60), anchor: .bottomLeading)
            }.inkBounds()?.minY ?? -1
        }
        let x = Text("x").font(.system(size: 30))
        // Raised by 10 points: the line grows by 10 above, and the glyph moves up with it.
        #expect(
            top(Text("x").font(.system(size: 30)) + Text("x").font(.system(size: 30)).baselineOffset(10))
                == top(x) - 10)
    }

    @Test func underlineAndStrikethroughDrawLinesAcrossTheirPieces() {
        let font = Font.system(size: 40)
        let plain = probe(width: 300, height: 80) { context, _ in
            context.draw(Text("nnnn  nnnn").font(font), at: CGPoint(x: 10, y: 10), anchor: .topLeading)
        }
        let underlined = probe(width: 300, height: 80) { context, _ in
            context.draw(
                Text("nnnn  nnnn").font(font).underline(color: .red), at: CGPoint(x: 10, y: 10),
                anchor: .topLeading)
        }
        let struck = probe(width: 300, height: 80) { context, _ in
            context.draw(
                Text("nnnn  nnnn").font(font).strikethrough(), at: CGPoint(x: 10, y: 10), anchor: .topLeading)
        }
        let ink = try! #require(plain.inkBounds())
        // Below the baseline of "n" there is no ink, until underlined: a red line across the run,
        // spaces included.
        let underRows = (ink.maxY + 1)..<(ink.maxY + 8)
        let line = try! #require(underlined.inkBounds(rows: underRows))
        #expect(line.maxX - line.minX > ink.maxX - ink.minX - 4)
        let red = underlined.color((line.minX + line.maxX) / 2, line.minY + (line.maxY - line.minY) / 2)
        #expect(red.red > 200 && red.green < 80, "\(red)")
        // The strikethrough crosses the gap between the words, which is empty without it.
        let gapX = (ink.minX + ink.maxX) / 2
        let gapInk = (ink.minY...ink.maxY).filter { struck.pixmap[gapX, $0].alpha > 64 }.count
        #expect((ink.minY...ink.maxY).allSatisfy { plain.pixmap[gapX, $0].alpha < 64 })
        #expect(gapInk >= 2 && gapInk <= 6)
    }

    @Test func dashedUnderlinesHaveGaps() {
        let solid = probe(width: 300, height: 80) { context, _ in
            context.draw(
                Text("nnnnnnnn").font(.system(size: 40)).underline(), at: CGPoint(x: 10, y: 10),
                anchor: .topLeading)
        }
        let dashed = probe(width: 300, height: 80) { context, _ in
            context.draw(
                Text("nnnnnnnn").font(.system(size: 40)).underline(pattern: .dash), at: CGPoint(x: 10, y: 10),
                anchor: .topLeading)
        }
        let row = try! #require(solid.inkBounds()).maxY - 1
        #expect(dashed.inkCount(row: row) < solid.inkCount(row: row) * 3 / 4)
        #expect(dashed.inkCount(row: row) > solid.inkCount(row: row) / 3)
    }

    @Test func multilineAlignmentPlacesEachLineInTheRectangle() {
        let rect = CGRect(x: 20, y: 10, width: 300, height: 120)
        for alignment in TextAlignment.allCases {
            let text = Text("MMMMMM\nMM").font(.system(size: 30)).multilineTextAlignment(alignment)
            let picture = probe(width: 340, height: 140) { context, _ in context.draw(text, in: rect) }
            let all = try! #require(picture.inkBounds())
            let split = (all.minY + all.maxY) / 2
            let first = try! #require(picture.inkBounds(rows: all.minY..<split))
            let second = try! #require(picture.inkBounds(rows: split..<(all.maxY + 1)))
            switch alignment {
            case .leading:
                #expect(abs(first.minX - 20) <= 3 && abs(second.minX - 20) <= 3)
            case .center:
                #expect(abs(Double(first.minX + first.maxX) / 2 - rect.midX) <= 2)
                #expect(abs(Double(second.minX + second.maxX) / 2 - rect.midX) <= 2)
            case .trailing:
                // The ink stops short of the advance by the M's side bearing (about 3 px here).
                #expect(abs(Double(first.maxX) - rect.maxX) <= 5 && abs(Double(second.maxX) - rect.maxX) <= 5)
            }
        }
    }

    @Test func theCanvasEnvironmentSetsAlignmentAndLineSpacing() {
        let text = Text("MMMMMM\nMM").font(.system(size: 30))
        let canvas = Canvas { context, _ in
            context.draw(text, in: CGRect(x: 0, y: 0, width: 300, height: 200))
        }
        let picture = PixelProbe(
            pixmap: canvas.multilineTextAlignment(.trailing).rendered(width: 300, height: 200))
        let all = try! #require(picture.inkBounds())
        let second = try! #require(picture.inkBounds(rows: ((all.minY + all.maxY) / 2)..<(all.maxY + 1)))
        #expect(abs(second.maxX - 300) <= 5)
        let tight = measured(text)
        let spaced = measured(text.lineSpacing(12))
        #expect(abs(spaced.height - tight.height - 12) < 0.001)
        var fromCanvas = CGSize(width: 0, height: 0)
        _ = Canvas { context, _ in
            fromCanvas = context.resolve(text).measure(in: CGSize(width: 500, height: 500))
        }
        .lineSpacing(12).displayList(size: CGSize(width: 10, height: 10))
        #expect(fromCanvas == spaced)
    }

    @Test func aLineLimitAndAMinimumScaleFactorFitTextToItsRectangle() {
        let text = Text("The quick brown fox jumps over the lazy dog").font(.system(size: 24))
        let box = CGSize(width: 200, height: Double.infinity)
        var sizes: [CGSize] = []
        _ = Canvas { context, _ in
            for variant in [text, text.lineLimit(1), text.lineLimit(1).minimumScaleFactor(0.2)] {
                sizes.append(context.resolve(variant).measure(in: box))
            }
        }
        .displayList(size: CGSize(width: 10, height: 10))
        let (wrapped, cut, shrunk) = (sizes[0], sizes[1], sizes[2])
        #expect(wrapped.height > 24 * 2.5, "three lines")
        #expect(cut.height < 24 * 1.5 && cut.width <= 200, "one line, cut with …")
        #expect(shrunk.height < cut.height && shrunk.width <= 200 && shrunk.width > 190, "one smaller line")
        // Set on the canvas, as in SwiftUI.
        var fromCanvas = CGSize(width: 0, height: 0)
        _ = Canvas { context, _ in fromCanvas = context.resolve(text).measure(in: box) }
            .lineLimit(1).displayList(size: CGSize(width: 10, height: 10))
        #expect(fromCanvas == cut)
    }

    @Test func aTruncationModeKeepsTheStartTheEndOrBoth() {
        let text =
            (Text("Red words come first, ").foregroundStyle(.red)
            + Text("blue ones last").foregroundStyle(.blue))
            .font(.system(size: 20)).lineLimit(1)
        /// Whether red and blue ink are drawn, for the text cut to 150 points `mode`'s way.
        func colours(_ mode: Text.TruncationMode, onCanvas: Bool = false) -> (
            red: Bool, blue: Bool, pixels: [UInt8]
        ) {
            let rect = CGRect(x: 5, y: 5, width: 150, height: 40)
            let canvas = Canvas { context, _ in
                context.draw(onCanvas ? text : text.truncationMode(mode), in: rect)
            }
            let picture = PixelProbe(
                pixmap: (onCanvas ? canvas.truncationMode(mode) : canvas).rendered(width: 200, height: 50))
            let inks = (0..<200).flatMap { x in (0..<50).map { picture.color(x, $0) } }.filter {
                $0.alpha > 200
            }
            return (
                inks.contains { $0.red > 200 && $0.blue < 60 },
                inks.contains { $0.blue > 200 && $0.red < 60 },
                picture.pixmap.bytes
            )
        }
        let (tail, head, middle) = (colours(.tail), colours(.head), colours(.middle))
        #expect(tail.red && !tail.blue, "the start is kept")
        #expect(!head.red && head.blue, "the end is kept")
        #expect(middle.red && middle.blue, "both ends are kept")
        // Set on the canvas, as in SwiftUI.
        #expect(colours(.head, onCanvas: true).pixels == head.pixels)
    }

    @Test func aTextCaseSetsLettersByTheLocalesRules() {
        var strings: [String] = []
        let canvas = Canvas { context, _ in
            for text in [
                Text("istanbul straße"), Text("istanbul straße").textCase(nil),
                Text("İSTANBUL").textCase(.lowercase),
            ] {
                strings.append(context.resolve(text).string)
            }
        }
        _ = canvas.textCase(.uppercase).environment(\.locale, Locale(identifier: "tr_TR"))
            .displayList(size: CGSize(width: 10, height: 10))
        _ = canvas.textCase(.uppercase).displayList(size: CGSize(width: 10, height: 10))
        #expect(
            strings == [
                "İSTANBUL STRASSE", "istanbul straße", "istanbul",  // Turkish
                "ISTANBUL STRASSE", "istanbul straße", "i̇stanbul",  // en_US: a dot above stays
            ])
    }

    @Test func measureIsTheBoxThatDrawingFills() {
        let text = Text("The quick brown fox jumps over the lazy dog").font(.system(size: 24))
        let origin = CGPoint(x: 30, y: 20)
        var size = CGSize(width: 0, height: 0)
        let picture = probe(width: 300, height: 300) { context, _ in
            let resolved = context.resolve(text)
            size = resolved.measure(in: CGSize(width: 200, height: Double.infinity))
            context.draw(resolved, in: CGRect(origin: origin, size: CGSize(width: 200, height: 300)))
        }
        let ink = try! #require(picture.inkBounds(threshold: 0))
        #expect(size.width <= 200 && size.height > 24 * 3)
        #expect(Double(ink.minX) >= origin.x - 1 && Double(ink.maxX) <= origin.x + size.width + 1)
        #expect(Double(ink.minY) >= origin.y - 1 && Double(ink.maxY) <= origin.y + size.height + 1)
        // The ink reaches near every edge of the box (the last line's descender, the widest line).
        #expect(Double(ink.maxX) > origin.x + size.width - 12)
        #expect(Double(ink.maxY) > origin.y + size.height - 10)
    }

    @Test func aGradientIsAnchoredToTheTextBox() {
        let text = Text("MMMMMMMM").font(.system(size: 30))
        func colours(at point: CGPoint) -> (left: Int, right: Int) {
            let picture = probe(width: 400, height: 120) { context, _ in
                var resolved = context.resolve(text)
                let width = resolved.measure(in: CGSize(width: 1000, height: 1000)).width
                resolved.shading = .linearGradient(
                    Gradient(colors: [.red, .blue]), startPoint: .zero, endPoint: CGPoint(x: width, y: 0))
                context.draw(resolved, at: point, anchor: .topLeading)
            }
            let ink = picture.inkBounds()!
            let row = (ink.minY + ink.maxY) / 2
            let solid = (ink.minX...ink.maxX).filter { picture.pixmap[$0, row].alpha > 230 }
            return (picture.color(solid.first!, row).red, picture.color(solid.last!, row).red)
        }
        // Drawn in two places, the text carries its gradient along: red at its start, blue at its end.
        for point in [CGPoint(x: 4, y: 4), CGPoint(x: 150, y: 60)] {
            let (left, right) = colours(at: point)
            #expect(left > 200 && right < 60, "\(left) \(right) at \(point)")
        }
    }

    @Test func designsMapToDifferentInstalledFaces() {
        let families = [Font.Design.default, .serif, .monospaced, .rounded].map {
            FontLibrary.shared.faces(for: FontDescriptor(design: $0)).first?.familyName ?? ""
        }
        #expect(families == ["Inter", "DejaVu Serif", "DejaVu Sans Mono", "Comfortaa"])
    }

    @Test func aMissingFamilyWarnsOnceNamingTheFallback() {
        let warnings = WarningSink.discarding()
        _ = warnings.receiving { measured(Text("hi").font(.custom("Helvetica Nowhere", size: 12))) }
        #expect(
            warnings.wasReported(
                "font family \"Helvetica Nowhere\" is not installed; its text is drawn in \"Inter\" instead"
            ))
        #expect(
            !warnings.report(
                .fontSubstituted,
                "font family \"Helvetica Nowhere\" is not installed; its text is drawn in \"Inter\" instead"
            ))
        _ = warnings.receiving { measured(Text("hi").font(.custom("DejaVu Serif", size: 12))) }
        #expect(
            !warnings.wasReported(
                "font family \"DejaVu Serif\" is not installed; its text is drawn in \"DejaVu Serif\" instead"
            ))
    }

    @Test func emojiInTextDrawInColour() {
        let picture = probe(width: 120, height: 60) { context, _ in
            context.draw(Text("ok 🎉").font(.system(size: 36)), at: CGPoint(x: 4, y: 4), anchor: .topLeading)
        }
        var colourful = 0
        for y in 0..<60 {
            for x in 0..<120 {
                let c = picture.color(x, y)
                if c.alpha > 200, max(c.red, c.green, c.blue) - min(c.red, c.green, c.blue) > 80 {
                    colourful += 1
                }
            }
        }
        #expect(colourful > 150)
    }
}
