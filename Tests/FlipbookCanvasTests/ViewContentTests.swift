import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookSnapshots
import FlipbookTimeline
import Foundation
import Testing

// Text, pictures and timelines as views: sized as SwiftUI sizes them, drawn with the pixels of
// the same drawing in a canvas, and shown at the frame's time.

/// `text` as a canvas's context resolves it.
private func resolvedInCanvas(_ text: Text) -> GraphicsContext.ResolvedText? {
    var resolved: GraphicsContext.ResolvedText?
    _ = Canvas { context, _ in resolved = context.resolve(text) }.displayList(
        size: CGSize(width: 1, height: 1))
    return resolved
}

@Test func aTextViewIsTheSizeOfItsTextAndDrawsWhereACanvasWould() throws {
    let text = Text("Flipbook views").font(.system(size: 24))
    let resolved = try #require(resolvedInCanvas(text))
    let size = text.size()
    #expect(size == resolved.measure(in: CGSize(width: CGFloat.infinity, height: .infinity)))
    let byHand = Canvas { context, _ in context.draw(text, in: CGRect(origin: .zero, size: size)) }
    let drawn = byHand.rendered(width: Int(size.width.rounded()), height: Int(size.height.rounded()))
    #expect(mismatch(text.rendered(), drawn) == nil, "\(size)")
    // Offered less width, it wraps: narrower than offered, and taller.
    let narrow = text.size(proposal: offer(110, nil))
    #expect(narrow.width <= 110 && narrow.height > size.height * 1.5)
    #expect(narrow == resolved.measure(in: CGSize(width: 110, height: CGFloat.infinity)))
}

@Test func textsInAStackLineUpOnTheirFirstBaselines() throws {
    let big = Text("HI").font(.system(size: 40))
    let small = Text("hi").font(.system(size: 12))
    let row = HStack(alignment: .firstTextBaseline, spacing: 0) {
        big
        small
    }
    let bigBaseline = try #require(resolvedInCanvas(big)).firstBaseline(in: big.size())
    let smallBaseline = try #require(resolvedInCanvas(small)).firstBaseline(in: small.size())
    let pixels = row.rendered()
    /// The lowest row with ink in columns `columns`.
    func inkBottom(_ columns: Range<Int>) -> Int? {
        (0..<pixels.height).last { y in columns.contains { pixels[$0, y].alpha > 128 } }
    }
    let split = Int(big.size().width.rounded())
    let bigBottom = try #require(inkBottom(0..<split))
    let smallBottom = try #require(inkBottom(split..<pixels.width))
    #expect(abs(bigBottom - smallBottom) <= 1)
    #expect(abs(Double(bigBottom + 1) - bigBaseline) <= 1.5)
    // Centred instead, the small text sits in the middle, well above the big one's baseline.
    let centred = HStack(spacing: 0) {
        big
        small
    }.rendered()
    let middleBottom = try #require(
        (0..<centred.height).last { y in (split..<centred.width).contains { centred[$0, y].alpha > 128 } })
    #expect(middleBottom < bigBottom - 5)
    #expect(smallBaseline < bigBaseline)
}

@Test func aPictureIsItsOwnSizeUnlessResizable() {
    var pixels = Pixmap(width: 3, height: 2)
    pixels.clear(to: pureRed.premultiplied)
    let picture = Image(pixmap: pixels)
    #expect(picture.size() == CGSize(width: 3, height: 2))
    #expect(picture.size(proposal: offer(50, 50)) == CGSize(width: 3, height: 2))
    #expect(
        picture.resizable().size(proposal: offer(50, 40))
            == CGSize(width: 50, height: 40))
    #expect(picture.resizable().size() == CGSize(width: 3, height: 2))
    #expect(
        Image(systemName: "star.fill").size() == CGSize(width: Image.symbolSize, height: Image.symbolSize))
    let stretched = picture.resizable().interpolation(.none).frame(width: 30, height: 20)
    let byHand = Canvas { context, size in
        context.draw(picture.resizable().interpolation(.none), in: CGRect(origin: .zero, size: size))
    }
    #expect(mismatch(stretched.rendered(), byHand.rendered(width: 30, height: 20)) == nil)
    #expect(stretched.rendered()[15, 10] == pureRed.premultiplied)
}

@Test func aTimelineOfViewsIsTheSizeOfItsContentAtTheFramesTime() {
    let ticking = TimelineView(.periodic(from: FrameTime.startDate, by: 1)) { timeline in
        swatch(timeline.seconds >= 1 ? pureRed : pureBlue).frame(width: 30, height: 10)
    }
    #expect(ticking.size() == CGSize(width: 30, height: 10))
    #expect(ticking.rendered(seconds: 0.5)[5, 5] == pureBlue.premultiplied)
    #expect(ticking.rendered(seconds: 1.5)[5, 5] == pureRed.premultiplied)
    // Among other views, its date is the frame's; as a scene, its content fills the frame.
    let column = VStack(spacing: 0) {
        swatch(pureGreen).frame(width: 30, height: 10)
        ticking
    }
    #expect(column.rendered(seconds: 2)[5, 15] == pureRed.premultiplied)
    let frame = ticking.renderedFrame(
        at: FrameTime(index: 0, seconds: 3), width: 50, height: 30, background: .clear)
    #expect(PixelProbe(pixmap: frame).columns(of: pureRed, row: 15) == [10..<40])
    // A timeline of a canvas fills what it is offered, as a canvas does.
    let canvasTimeline = TimelineView(.animation) { timeline in
        Canvas { context, size in
            let color = timeline.seconds >= 1 ? pureRed : pureBlue
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(color))
        }
    }
    let framed = canvasTimeline.frame(width: 20, height: 10)
    #expect(framed.size() == CGSize(width: 20, height: 10))
    #expect(framed.rendered(seconds: 1.2)[10, 5] == pureRed.premultiplied)
}

@Test func aTimerInAViewCountsWithTheFrame() {
    let launch = FrameTime.startDate.addingTimeInterval(90)
    let timer = Text(launch, style: .timer).font(.system(size: 20)).frame(width: 100, height: 30)
    #expect(mismatch(timer.rendered(seconds: 1), timer.rendered(seconds: 30)) != nil)
}
