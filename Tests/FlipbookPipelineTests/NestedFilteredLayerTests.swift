import Dispatch
import Flipbook
import FlipbookPipeline
import FlipbookRaster
import Synchronization
import Testing

/// A filtered layer drawn as the only content of another layer
/// (`drawLayer { addFilter(…); drawLayer { … } }`) was kept under the very key its outer layer
/// was being drawn under: the layer cache then waited, inside the outer layer's drawing, for
/// the outer layer itself, and the render never finished. Keys now tell a layer's content from
/// a filtered layer holding it.
@Test func aFilteredLayerAloneInsideALayerIsDrawnAndKept() throws {
    let scene = Canvas { context, size in
        context.drawLayer { outer in
            outer.addFilter(.blur(radius: 3))
            outer.drawLayer { inner in
                inner.fill(Path(CGRect(x: 20, y: 20, width: 40, height: 40)), with: .color(.red))
            }
        }
    }.scene
    // Painted on a thread of its own: a render that hangs fails the test instead of the suite.
    let painted = Mutex<[Pixmap]>([])
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        let white = PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255)
        var painter = FramePainter(
            width: 80, height: 80, background: white, layers: LayerCache(budgetBytes: 16 << 20))
        let pool = FramePool(width: 80, height: 80)
        for index in 0..<3 {
            let drawing = scene.displayList(
                size: CGSize(width: 80, height: 80),
                time: FrameTime(index: index, seconds: Double(index) / 30))
            if case .rgba(let pixmap) = painter.paint([drawing], as: .rgba, pool: pool) {
                painted.withLock { $0.append(pixmap) }
            }
        }
        done.signal()
    }
    guard done.wait(timeout: .now() + 60) == .success else {
        Issue.record("painting a filtered layer inside a layer did not finish in a minute")
        return
    }
    let frames = painted.withLock { $0 }
    try #require(frames.count == 3)
    // Blurred red (SwiftUI's red, 255 59 48): the middle red, the blur fading it out past the
    // edge, the same each frame (drawn, then composited from the cache).
    #expect(frames[0][40, 40] == PremultipliedColor(red: 255, green: 59, blue: 48, alpha: 255))
    let edge = frames[0][19, 40]
    #expect(edge.green > 80 && edge.green < 230)
    #expect(frames[1] == frames[0] && frames[2] == frames[0])
}
