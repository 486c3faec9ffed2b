import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookSnapshots
import Foundation
import Testing

// Stacks lay out as SwiftUI's: sizes, spacing, alignment and the sharing of space, checked by
// where each canvas's pixels land.

@Test func anHStackPlacesItsCanvasesSpacingApart() {
    let row = HStack(spacing: 10) { redThenBlue(width: 50, height: 50) }
    #expect(row.size() == CGSize(width: 110, height: 50))
    let probe = PixelProbe(pixmap: row.rendered())
    #expect(probe.columns(of: pureRed, row: 25) == [0..<50])
    #expect(probe.columns(of: pureBlue, row: 25) == [60..<110])
    #expect(probe.pixmap[55, 25].alpha == 0)
}

@Test func aVStackPutsSwiftUIsDefaultEightPointsBetweenItsViews() {
    let column = VStack { redThenBlue(width: 50, height: 30) }
    #expect(column.size() == CGSize(width: 50, height: 68))
    let probe = PixelProbe(pixmap: column.rendered())
    #expect(probe.rows(of: pureRed, column: 25) == [0..<30])
    #expect(probe.rows(of: pureBlue, column: 25) == [38..<68])
}

@Test func stacksLineTheirViewsUpByAlignment() {
    // A 40-point red swatch and a 20-point blue one; where the blue one lands across the stack.
    func column(_ alignment: HorizontalAlignment) -> [Range<Int>] {
        let stack = VStack(alignment: alignment, spacing: 0) {
            swatch(pureRed).frame(width: 40, height: 10)
            swatch(pureBlue).frame(width: 20, height: 10)
        }
        return PixelProbe(pixmap: stack.rendered()).columns(of: pureBlue, row: 15)
    }
    func row(_ alignment: VerticalAlignment) -> [Range<Int>] {
        let stack = HStack(alignment: alignment, spacing: 0) {
            swatch(pureRed).frame(width: 10, height: 40)
            swatch(pureBlue).frame(width: 10, height: 20)
        }
        return PixelProbe(pixmap: stack.rendered()).rows(of: pureBlue, column: 15)
    }
    let expected = [[0..<20], [10..<30], [20..<40]]
    #expect([HorizontalAlignment.leading, .center, .trailing].map(column) == expected)
    #expect([VerticalAlignment.top, .center, .bottom].map(row) == expected)
}

@Test func aStackSharesWhatIsLeftAmongFlexibleViewsAfterTheFixedOnes() {
    let row = HStack(spacing: 10) {
        swatch(pureRed).frame(width: 100)
        swatch(pureGreen)
        swatch(pureBlue)
    }
    let probe = PixelProbe(pixmap: row.rendered(proposal: offer(300, 50)))
    #expect(probe.pixmap.width == 300 && probe.pixmap.height == 50)
    #expect(probe.columns(of: pureRed, row: 25) == [0..<100])
    #expect(probe.columns(of: pureGreen, row: 25) == [110..<200])
    #expect(probe.columns(of: pureBlue, row: 25) == [210..<300])
}

@Test func aSpacerPushesViewsApartWithNoSpacingBesideIt() {
    let row = HStack {
        swatch(pureRed).frame(width: 20, height: 10)
        Spacer()
        swatch(pureBlue).frame(width: 20, height: 10)
    }
    let probe = PixelProbe(pixmap: row.rendered(proposal: offer(100, 10)))
    #expect(probe.columns(of: pureRed, row: 5) == [0..<20])
    #expect(probe.columns(of: pureBlue, row: 5) == [80..<100])
    // Offered nothing, the spacer is its least length, 8 points, and the row its ideal width.
    #expect(row.size() == CGSize(width: 48, height: 10))
    #expect(HStack { Spacer(minLength: 30) }.size() == CGSize(width: 30, height: 0))
}

@Test func layoutPriorityOffersAViewSpaceBeforeItsNeighbours() {
    func row(priority: Double) -> PixelProbe {
        PixelProbe(
            pixmap: HStack(spacing: 0) {
                swatch(pureRed).frame(minWidth: 10, maxWidth: 100)
                swatch(pureBlue).frame(minWidth: 10, maxWidth: 100).layoutPriority(priority)
            }.rendered(proposal: offer(120, 10)))
    }
    #expect(row(priority: 0).columns(of: pureBlue, row: 5) == [60..<120])
    #expect(row(priority: 1).columns(of: pureBlue, row: 5) == [20..<120])
}

@Test func aZStackDrawsItsViewsOneOverAnotherByAlignment() {
    func stack(_ alignment: Alignment) -> ZStack<TupleView<(some View, some View)>> {
        ZStack(alignment: alignment) {
            swatch(pureRed).frame(width: 60, height: 40)
            swatch(pureBlue).frame(width: 20, height: 10)
        }
    }
    #expect(stack(.center).size() == CGSize(width: 60, height: 40))
    let center = PixelProbe(pixmap: stack(.center).rendered())
    #expect(center.columns(of: pureBlue, row: 20) == [20..<40])
    #expect(center.rows(of: pureBlue, column: 30) == [15..<25])
    let corner = PixelProbe(pixmap: stack(.bottomTrailing).rendered())
    #expect(corner.columns(of: pureBlue, row: 35) == [40..<60])
    #expect(corner.rows(of: pureBlue, column: 50) == [30..<40])
}

@Test func nestedStacksDrawTheSamePixelsAsTheCanvasDrawnByHand() {
    let laidOut = VStack(alignment: .leading, spacing: 4) {
        HStack(spacing: 6) {
            swatch(pureRed).frame(width: 30, height: 20)
            swatch(pureGreen).frame(width: 10, height: 10)
        }
        swatch(pureBlue).frame(width: 24, height: 12)
    }
    let byHand = Canvas { context, _ in
        for (rect, color) in [
            (CGRect(x: 0, y: 0, width: 30, height: 20), pureRed),
            (CGRect(x: 36, y: 5, width: 10, height: 10), pureGreen),
            (CGRect(x: 0, y: 24, width: 24, height: 12), pureBlue),
        ] {
            var placed = context
            placed.translateBy(x: rect.minX, y: rect.minY)
            placed.clip(to: Path(CGRect(origin: .zero, size: rect.size)))
            placed.fill(Path(CGRect(origin: .zero, size: rect.size)), with: .color(color))
        }
    }
    #expect(laidOut.size() == CGSize(width: 46, height: 36))
    #expect(mismatch(laidOut.rendered(), byHand.rendered(width: 46, height: 36)) == nil)
}
