import FlipbookCanvas
import FlipbookRaster
import Foundation

/// A scene that draws many small shapes — confetti pieces, stars — whose number the
/// `particles` limit bounds: one scene's, and a composition's scenes' together. Its memory
/// estimate is what frames of them hold while they are drawn and kept.
package protocol ParticleScene: AnimatedScene, MemoryEstimating {
    /// The most particles one frame draws.
    var particleCount: Int { get }
}

extension ParticleScene {
    /// The bytes a particle holds in each worker's frame while it is drawn (its recorded fill,
    /// its path and paint), and in what every worker shares (the drawings of the latest two
    /// frames, which the frame cache keeps whatever their size, and the particle's start
    /// values). Measured: 100 000 confetti pieces at 1080p took 130 MB more than 200 did on
    /// one render worker and 177 MB more on two — about 470 bytes a piece per worker and 830
    /// shared; rounded up.
    package static var bytesPerParticle: (perWorker: Int, shared: Int) { (512, 1024) }

    package func memoryEstimate(canvas: CGSize, scale: Double) -> MemoryEstimate {
        var estimate = MemoryEstimate()
        let bytes = Self.bytesPerParticle
        estimate.add(
            "\(particleCount) particles drawn", bytes: particleCount * bytes.perWorker, perWorker: true)
        estimate.add("\(particleCount) particles kept", bytes: particleCount * bytes.shared, perWorker: false)
        return estimate
    }
}
