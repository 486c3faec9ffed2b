import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookSnapshots
import Foundation
import Testing

// Modifiers size, place and draw as SwiftUI's: frames, padding, backgrounds and overlays,
// effects that leave layout alone, and the environment flowing down.

@Test func aFixedFrameSizesTheViewAndAlignsWhatItHolds() {
    let framed = swatch(pureRed).frame(width: 20, height: 10).frame(
        width: 60, height: 40, alignment: .bottomTrailing)
    #expect(framed.size() == CGSize(width: 60, height: 40))
    let probe = PixelProbe(pixmap: framed.rendered())
    #expect(probe.columns(of: pureRed, row: 35) == [40..<60])
    #expect(probe.rows(of: pureRed, column: 50) == [30..<40])
    // A side left nil takes the view's own sizing: a canvas fills what it is offered.
    #expect(
        swatch(pureRed).frame(width: 30).size(proposal: offer(99, 70))
            == CGSize(width: 30, height: 70))
}

@Test func aFlexibleFrameFollowsAppleRulesSideBySide() {
    let wide = swatch(pureRed).frame(height: 10).frame(maxWidth: .infinity)
    #expect(wide.size(proposal: offer(80, 50)) == CGSize(width: 80, height: 10))
    // Offered nothing, it is as wide as the canvas's ideal 10 points.
    #expect(wide.size() == CGSize(width: 10, height: 10))
    // A minimum holds a small view open; a maximum caps a large offer; both clamp the offer.
    let small = swatch(pureRed).frame(width: 20, height: 10)
    #expect(small.frame(minWidth: 50).size() == CGSize(width: 50, height: 10))
    #expect(small.frame(minWidth: 50).size(proposal: offer(30, 10)).width == 50)
    #expect(
        swatch(pureRed).frame(maxWidth: 40).size(proposal: offer(90, 5)).width == 40
    )
    #expect(
        small.frame(minWidth: 10, maxWidth: 70).size(proposal: offer(90, 5)).width
            == 70)
    #expect(
        small.frame(minWidth: 10, maxWidth: 70).size(proposal: offer(5, 5)).width
            == 10)
    // The ideal length is offered where nothing is.
    #expect(swatch(pureRed).frame(idealWidth: 33, idealHeight: 44).size() == CGSize(width: 33, height: 44))
}

@Test func paddingAddsSwiftUIsSixteenPointsOrWhatItIsGiven() {
    let padded = swatch(pureRed).frame(width: 20, height: 20).padding()
    #expect(padded.size() == CGSize(width: 52, height: 52))
    #expect(PixelProbe(pixmap: padded.rendered()).columns(of: pureRed, row: 26) == [16..<36])
    let sides = swatch(pureRed).frame(width: 20, height: 20).padding(.horizontal, 5).padding(.top, 3)
    #expect(sides.size() == CGSize(width: 30, height: 23))
    let insets = swatch(pureRed).padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
    #expect(insets.size(proposal: offer(50, 50)) == CGSize(width: 50, height: 50))
    #expect(
        PixelProbe(pixmap: insets.rendered(proposal: offer(50, 50))).columns(
            of: pureRed, row: 25) == [2..<46])
}

@Test func aBackgroundTakesTheViewsSizeAndAnOverlayLiesOnTop() {
    let card = swatch(pureRed).frame(width: 20, height: 20).padding(10).background(pureBlue)
    #expect(card.size() == CGSize(width: 40, height: 40))
    let probe = PixelProbe(pixmap: card.rendered())
    #expect(probe.columns(of: pureBlue, row: 20) == [0..<10, 30..<40])
    #expect(probe.columns(of: pureRed, row: 20) == [10..<30])
    let badge = swatch(pureRed).frame(width: 40, height: 40).overlay(alignment: .topTrailing) {
        swatch(pureBlue).frame(width: 10, height: 10)
    }
    #expect(badge.size() == CGSize(width: 40, height: 40))
    #expect(PixelProbe(pixmap: badge.rendered()).columns(of: pureBlue, row: 5) == [30..<40])
    // A view behind, larger than the view, sticks out without changing its size.
    let large = swatch(pureRed).frame(width: 10, height: 10).background {
        swatch(pureBlue).frame(width: 30, height: 30)
    }
    #expect(large.size() == CGSize(width: 10, height: 10))
    let bordered = Color.clear.frame(width: 10, height: 10).border(pureGreen, width: 2)
    #expect(PixelProbe(pixmap: bordered.rendered()).columns(of: pureGreen, row: 5) == [0..<2, 8..<10])
}

@Test func opacityFadesTheViewAsOnePicture() {
    let overlapping = ZStack {
        swatch(pureRed).frame(width: 10, height: 10)
        swatch(pureRed).frame(width: 10, height: 10)
    }
    let faded = overlapping.opacity(0.5).rendered()
    // As one picture: half opaque, not the 75 % two half-opaque squares would give.
    #expect(abs(Int(faded[5, 5].alpha) - 128) <= 1)
}

@Test func anOffsetMovesTheDrawingButNotTheLayout() {
    let row = HStack(spacing: 0) {
        swatch(pureRed).frame(width: 10, height: 10).offset(x: 5, y: 2)
        swatch(pureBlue).frame(width: 10, height: 10)
    }
    #expect(row.size() == CGSize(width: 20, height: 10))
    let probe = PixelProbe(pixmap: row.rendered())
    #expect(probe.columns(of: pureRed, row: 1) == [])
    #expect(probe.columns(of: pureRed, row: 5) == [5..<10])
    #expect(probe.columns(of: pureBlue, row: 5) == [10..<20])
}

@Test func clippingCutsTheDrawingAtTheViewsShape() {
    let big = Canvas { context, _ in
        context.fill(Path(CGRect(x: -20, y: -20, width: 100, height: 100)), with: .color(pureRed))
    }
    let rounded = big.frame(width: 40, height: 40).cornerRadius(10).rendered()
    #expect(rounded[0, 0].alpha == 0)
    #expect(rounded[20, 20] == pureRed.premultiplied)
    // A canvas is cut at its bounds of its own; a frame around an overflowing view is not.
    let spilling = swatch(pureRed).frame(width: 10, height: 10).frame(width: 4, height: 4)
    #expect(spilling.frame(width: 10, height: 10).rendered()[1, 1] == pureRed.premultiplied)
    #expect(spilling.clipped().frame(width: 10, height: 10).rendered()[1, 1].alpha == 0)
}

@Test func theEnvironmentAndForegroundStyleReachTheCanvasesInside() {
    let german = Canvas { context, size in
        let color = context.environment.locale.identifier == "de_DE" ? pureRed : pureBlue
        context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(color))
    }
    let view = VStack { german.frame(width: 4, height: 4) }.environment(\.locale, Locale(identifier: "de_DE"))
    #expect(view.rendered()[2, 2] == pureRed.premultiplied)
    let tinted = Canvas { context, size in
        context.fill(Path(CGRect(origin: .zero, size: size)), with: .foreground)
    }
    #expect(
        tinted.frame(width: 4, height: 4).foregroundStyle(pureGreen).rendered()[2, 2]
            == pureGreen.premultiplied)
    #expect(
        Circle().frame(width: 10, height: 10).foregroundStyle(pureBlue).rendered()[5, 5]
            == pureBlue.premultiplied)
    #expect(Circle().frame(width: 10, height: 10).rendered()[5, 5] == Color.black.premultiplied)
    #expect(Rectangle().fill(.red).frame(width: 4, height: 4).rendered()[2, 2] == Color.red.premultiplied)
}

@Test func aspectRatioFitsAndFillsTheOffer() {
    let wide = swatch(pureRed).frame(idealWidth: 20, idealHeight: 10)
    #expect(
        wide.scaledToFit().size(proposal: offer(100, 100))
            == CGSize(width: 100, height: 50))
    #expect(
        wide.scaledToFill().size(proposal: offer(100, 100))
            == CGSize(width: 200, height: 100))
    #expect(
        swatch(pureRed).aspectRatio(2, contentMode: .fit).size(
            proposal: offer(90, nil)) == CGSize(width: 90, height: 45))
}

@Test func fixedSizeGivesTheIdealWhateverIsOffered() {
    let ideal = swatch(pureRed).frame(idealWidth: 70, idealHeight: 30)
    #expect(
        ideal.fixedSize().size(proposal: offer(10, 10))
            == CGSize(width: 70, height: 30))
    #expect(
        ideal.fixedSize(horizontal: true, vertical: false).size(
            proposal: offer(10, 10)) == CGSize(width: 70, height: 10))
}

/// A reusable modifier, as SwiftUI's `ViewModifier`.
private struct Tile: ViewModifier {
    func body(content: Content) -> some View {
        content.padding(5).background(pureBlue)
    }
}

@Test func aViewModifierIsAppliedThroughItsBody() {
    let tile = swatch(pureRed).frame(width: 10, height: 10).modifier(Tile())
    #expect(tile.size() == CGSize(width: 20, height: 20))
    #expect(PixelProbe(pixmap: tile.rendered()).columns(of: pureBlue, row: 10) == [0..<5, 15..<20])
}

@Test func viewBuildersTakeConditionsOptionalsAndLoops() {
    func row(count: Int, tail: Bool) -> some View {
        HStack(spacing: 2) {
            ForEach(0..<count) { _ in swatch(pureRed).frame(width: 4, height: 4) }
            if tail {
                swatch(pureBlue).frame(width: 4, height: 4)
            } else {
                EmptyView()
            }
            if count > 5 { swatch(pureGreen).frame(width: 4, height: 4) }
        }
    }
    // Empty views and missing optionals take no place and no spacing.
    #expect(row(count: 3, tail: false).size() == CGSize(width: 16, height: 4))
    #expect(row(count: 3, tail: true).size() == CGSize(width: 22, height: 4))
    #expect(row(count: 6, tail: true).size() == CGSize(width: 46, height: 4))
    // A modifier on a group applies to each of its views.
    let group = HStack(spacing: 0) {
        Group {
            swatch(pureRed)
            swatch(pureBlue)
        }
        .frame(width: 5, height: 5)
    }
    #expect(group.size() == CGSize(width: 10, height: 5))
    #expect(AnyView(group).size() == CGSize(width: 10, height: 5))
}

@Test func aFontOnAContainerSetsTheTextsThatSetNone() {
    let column = VStack {
        Text("Title")
        Text("note").font(.system(size: 10))
    }
    let small = Text("note").font(.system(size: 10)).size()
    let large = Text("Title").font(.system(size: 30)).size()
    let sized = column.font(.system(size: 30))
    #expect(
        sized.size() == CGSize(width: max(large.width, small.width), height: large.height + 8 + small.height))
}

@Test func rotationAndScaleTurnTheDrawingAboutTheAnchorAndKeepTheLayout() {
    let bar = swatch(pureRed).frame(width: 40, height: 10)
    let turned = bar.rotationEffect(.degrees(90)).frame(width: 40, height: 40)
    let probe = PixelProbe(pixmap: turned.rendered())
    #expect(probe.rows(of: pureRed, column: 20) == [0..<40])
    #expect(probe.columns(of: pureRed, row: 5) == [15..<25])
    #expect(bar.rotationEffect(.degrees(90)).size() == CGSize(width: 40, height: 10))
    let grown = swatch(pureRed).frame(width: 10, height: 10).scaleEffect(2, anchor: .topLeading).frame(
        width: 20, height: 20, alignment: .topLeading)
    #expect(PixelProbe(pixmap: grown.rendered()).columns(of: pureRed, row: 15) == [0..<20])
}

@Test func aShadowAndABlurFilterTheViewAsAWhole() {
    let square = swatch(pureRed).frame(width: 10, height: 10)
    let shadowed = square.shadow(color: .black, radius: 0.1, x: 5, y: 5).frame(
        width: 20, height: 20, alignment: .topLeading
    ).rendered()
    #expect(shadowed[2, 2] == pureRed.premultiplied)
    #expect(shadowed[13, 13].alpha > 200 && shadowed[13, 13].red < 20)
    let blurred = square.blur(radius: 2).frame(width: 20, height: 20).rendered()
    #expect(blurred[3, 10].alpha > 0 && blurred[3, 10].alpha < 128)
    #expect(square.hidden().frame(width: 20, height: 20).rendered()[10, 10].alpha == 0)
}

@Test func layoutRoundsPlacesToPixelsButAnOffsetMovesSmoothly() {
    // After a 10.5-point view the next starts on a whole pixel (11), its edges sharp.
    let after = HStack(spacing: 0) {
        Color.clear.frame(width: 10.5, height: 4)
        swatch(pureRed).frame(width: 10, height: 4)
    }
    let sharp = PixelProbe(pixmap: after.frame(width: 30, height: 4, alignment: .leading).rendered())
    #expect(sharp.columns(of: pureRed, row: 2) == [11..<21])
    #expect(sharp.pixmap[10, 2].alpha == 0 && sharp.pixmap[21, 2].alpha == 0)
    // Half a point of offset on a stack moves everything in it by half a pixel: both edges
    // partly covered, alike, rather than snapped to a whole pixel.
    let moved = VStack { swatch(pureRed).frame(width: 4, height: 4) }.offset(x: 0.5).frame(
        width: 8, height: 4)
    let pixels = moved.rendered()
    let row = (0..<8).map { pixels[$0, 2].alpha }
    #expect(row[2] > 0 && row[2] < 255 && row[2] == row[6], "\(row)")
    #expect(row[3...5].allSatisfy { $0 == 255 } && row[1] == 0 && row[7] == 0, "\(row)")
}
