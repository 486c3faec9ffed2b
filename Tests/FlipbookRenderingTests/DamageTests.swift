import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookRendering
import Foundation
import Testing

/// Where a drawing differs from the one before (`DisplayList.damage(since:width:height:)`):
/// nowhere for the same drawing, around what moved, appeared, went away or changed places —
/// and never a pixel less than a whole redraw changes.
@Suite struct DamageTests {
    static let width = 200
    static let height = 120
    static let margin = DisplayList.damageMargin

    private static func list(_ draw: @escaping (inout GraphicsContext) -> Void) -> DisplayList {
        Canvas { context, _ in draw(&context) }.displayList(size: CGSize(width: width, height: height))
    }

    /// A background, three discs and a square; `moved` shifts the second disc right by that much.
    private static func scene(moved: Double = 0, extra: Bool = false, swapped: Bool = false) -> DisplayList {
        list { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 120)), with: .color(.white))
            context.fill(Path(ellipseIn: CGRect(x: 10, y: 10, width: 20, height: 20)), with: .color(.red))
            let disc = Path(ellipseIn: CGRect(x: 50 + moved, y: 40, width: 20, height: 20))
            let square = Path(CGRect(x: 55, y: 45, width: 30, height: 30))
            if swapped {
                context.fill(square, with: .color(.green.opacity(0.5)))
                context.fill(disc, with: .color(.blue))
            } else {
                context.fill(disc, with: .color(.blue))
                context.fill(square, with: .color(.green.opacity(0.5)))
            }
            if extra {
                context.fill(Path(CGRect(x: 150.5, y: 90, width: 10, height: 8)), with: .color(.orange))
            }
            context.fill(Path(ellipseIn: CGRect(x: 160, y: 10, width: 30, height: 30)), with: .color(.purple))
        }
    }

    /// The pixels `rect` touches, `margin` more on each side.
    private static func pixels(_ rect: CGRect) -> PixelBounds {
        PixelBounds(
            columns: (Int(rect.minX.rounded(.down)) - margin)..<(Int(rect.maxX.rounded(.up)) + margin),
            rows: (Int(rect.minY.rounded(.down)) - margin)..<(Int(rect.maxY.rounded(.up)) + margin))
    }

    @Test func theSameDrawingIsDamagedNowhere() {
        #expect(Self.scene().damage(since: Self.scene(), width: Self.width, height: Self.height).isEmpty)
    }

    @Test func aMovedDiscDamagesWhereItWasAndWhereItIs() {
        let damage = Self.scene(moved: 7).damage(since: Self.scene(), width: Self.width, height: Self.height)
        #expect(damage == [Self.pixels(CGRect(x: 50, y: 40, width: 27, height: 20))])
    }

    @Test func anItemThatAppearsOrGoesAwayDamagesItsOwnBoundsOnly() {
        let box = Self.pixels(CGRect(x: 150.5, y: 90, width: 10, height: 8))
        #expect(
            Self.scene(extra: true).damage(since: Self.scene(), width: Self.width, height: Self.height) == [
                box
            ]
        )
        #expect(
            Self.scene().damage(since: Self.scene(extra: true), width: Self.width, height: Self.height) == [
                box
            ]
        )
    }

    @Test func itemsThatChangePlacesDamageTheOneThatLeftItsPlace() {
        let damage = Self.scene(swapped: true).damage(
            since: Self.scene(), width: Self.width, height: Self.height)
        // The square keeps its place among the others, the disc moves above it: their overlap,
        // which comes out another colour, lies inside the disc.
        #expect(damage == [Self.pixels(CGRect(x: 50, y: 40, width: 20, height: 20))])
    }

    @Test func changesApartAreRedrawnApart() {
        // The disc moves and an item appears in the far corner: two rectangles, not the box
        // around both.
        let damage = Self.scene(moved: 7, extra: true).damage(
            since: Self.scene(), width: Self.width, height: Self.height)
        #expect(
            damage == [
                Self.pixels(CGRect(x: 50, y: 40, width: 27, height: 20)),
                Self.pixels(CGRect(x: 150.5, y: 90, width: 10, height: 8)),
            ])
    }

    @Test func damageIsCutToTheCanvas() {
        let before = Self.list {
            $0.fill(Path(CGRect(x: -50, y: -50, width: 100, height: 100)), with: .color(.red))
        }
        let after = Self.list {
            $0.fill(Path(CGRect(x: -50, y: -50, width: 101, height: 100)), with: .color(.red))
        }
        #expect(
            after.damage(since: before, width: Self.width, height: Self.height)
                == [PixelBounds(columns: 0..<(51 + Self.margin), rows: 0..<(50 + Self.margin))])
    }

    /// Every pixel that differs between two whole frames lies inside the damage.
    @Test func everyPixelAWholeRedrawChangesIsInsideTheDamage() {
        let pairs = [
            (Self.scene(), Self.scene(moved: 7)), (Self.scene(), Self.scene(extra: true)),
            (Self.scene(swapped: true), Self.scene()), (Self.scene(), Self.scene(moved: 7, extra: true)),
        ]
        for (before, after) in pairs {
            let damage = after.damage(since: before, width: Self.width, height: Self.height)
            var (old, new) = (
                Pixmap(width: Self.width, height: Self.height), Pixmap(width: Self.width, height: Self.height)
            )
            var rasterizer = Rasterizer()
            before.render(into: &old, using: &rasterizer)
            after.render(into: &new, using: &rasterizer)
            var outside = 0
            var changed = 0
            for y in 0..<Self.height {
                for x in 0..<Self.width where old[x, y] != new[x, y] {
                    changed += 1
                    if !damage.contains(where: { $0.columns.contains(x) && $0.rows.contains(y) }) {
                        outside += 1
                    }
                }
            }
            #expect(changed > 0)
            #expect(outside == 0)
        }
    }
}
