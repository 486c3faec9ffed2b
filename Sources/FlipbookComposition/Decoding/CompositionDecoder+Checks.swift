import FlipbookGeometry
import FlipbookJSON
import FlipbookText
import FlipbookTimeline
import Foundation

/// The checks of a whole composition, once it is read, for what it describes but no one will
/// see or hear — a layer that starts after the video ends or lies off the canvas, keyframes past
/// a layer's end, a sound cue after the end, a font file no text uses. Each is a warning (an error with `--strict`) at
/// the JSON path of what is wasted.
extension CompositionDecoder {
    /// How far a layer's own clock runs, and what stops it there: its end, its parent's (the
    /// video's, a group's) or its loop's restart.
    private struct Reach {
        var seconds: Double
        var limit: String
    }

    /// Warns of every layer that never shows by its timing or opacity, or — holding still —
    /// by its place, of keyframes after their layer stops (never reached: the animation is cut
    /// short), and of layers' sounds that would start after the video ends.
    func warnAboutUnreachedParts(of composition: Composition) {
        var reaches: [String: Reach] = [:]
        var boxes: [String: LayerInspection] = [:]
        func index(_ inspections: [LayerInspection]) {
            for inspection in inspections {
                boxes[inspection.path] = inspection
                index(inspection.layers)
            }
        }
        // Where each layer is drawn (a layer holding still is there whenever it shows). What
        // drawing it warns of is told when the frames are drawn, at the times they show.
        index(
            WarningSink.discarding().receiving {
                composition.inspection(size: sceneContext.canvas, time: FrameTime(index: 0, seconds: 0))
            })
        walk(
            composition.layers, offset: 0,
            parent: Reach(seconds: duration, limit: "the video ends at \(Self.seconds(duration))"),
            topLevel: true, still: true, boxes: boxes, into: &reaches)
        warnAboutKeyframes(reaches: reaches)
        warnAboutSounds(of: composition)
    }

    /// Checks `layers`, whose parent's clock is at 0 at video time `offset` and runs for
    /// `parent` (holding `still` or not), recording each layer's reach (its masks' too) by its
    /// JSON path; `boxes` are the layers' places.
    private func walk(
        _ layers: [CompositionLayer], offset: Double, parent: Reach, topLevel: Bool, still: Bool,
        boxes: [String: LayerInspection], into reaches: inout [String: Reach]
    ) {
        for layer in layers {
            let start = layer.timing.start
            var reach = Reach(seconds: parent.seconds - start, limit: parent.limit)
            if let duration = layer.timing.duration, duration <= reach.seconds {
                reach = Reach(
                    seconds: duration, limit: "the layer ends at \(Self.seconds(duration)) of its time")
            }
            if let loop = layer.timing.loop, loop < reach.seconds {
                reach = Reach(seconds: loop, limit: "its loop restarts at \(Self.seconds(loop))")
            }
            reaches[layer.path] = reach
            defer { if let mask = layer.mask { reaches[mask.layer.path] = reaches[layer.path] } }
            let still = still && layer.holdsStill
            let why =
                neverShows(layer, offset: offset, reach: reach, parent: parent, topLevel: topLevel)
                ?? (still ? boxes[layer.path].flatMap(offCanvas) : nil)
            if let why {
                WarningSink.current.report(
                    .neverVisible, at: layer.path, "\(layer.named)it \(why): it never shows")
                // Nothing of it or in it is reached: its keyframes are not told of again.
                reaches[layer.path] = Reach(seconds: 0, limit: why)
                continue
            }
            if case .group(let group) = layer.content {
                walk(
                    group.layers, offset: offset + start,
                    parent: Reach(
                        seconds: reach.seconds, limit: "its group stops at \(Self.seconds(reach.seconds))"),
                    topLevel: false, still: still, boxes: boxes, into: &reaches)
            }
        }
    }

    /// Why `layer` never shows — it starts after its parent stops, no frame falls in its
    /// time window, it is at opacity 0 throughout — or `nil` when it may.
    private func neverShows(
        _ layer: CompositionLayer, offset: Double, reach: Reach, parent: Reach, topLevel: Bool
    ) -> String? {
        let start = layer.timing.start
        guard reach.seconds > LayerTiming.tolerance else {
            let whose = topLevel ? "" : " of its group's time"
            return "starts at \(Self.seconds(start))\(whose), when \(parent.limit)"
        }
        // The first play, in the video's time: a frame must fall in it.
        let (first, last) = (offset + max(start, 0), min(offset + start + reach.seconds, duration))
        let rate = (Double(frameRate.numerator), Double(frameRate.denominator))
        let frame = ((first - LayerTiming.tolerance) * rate.0 / rate.1).rounded(.up) * rate.1 / rate.0
        if frame >= last - LayerTiming.tolerance {
            return
                "shows from \(Self.seconds(first)) to \(Self.seconds(last)) of the video, between two frames "
                + "(\(frameRate) fps)"
        }
        if layer.opacity.values.allSatisfy({ $0 <= 0 }) { return "is at opacity 0 throughout" }
        return nil
    }

    /// Why the layer `inspection` records never shows where it is — its box is empty, or lies
    /// wholly off the canvas (and so do its group's layers) — or `nil` when it meets the canvas.
    private func offCanvas(_ inspection: LayerInspection) -> String? {
        let canvas = CGRect(origin: .zero, size: sceneContext.canvas)
        func meets(_ inspection: LayerInspection) -> Bool {
            let box = inspection.box
            return box.width > 0 && box.height > 0 && box.intersects(canvas)
                || inspection.layers.contains(where: meets)
        }
        guard !meets(inspection) else { return nil }
        let box = inspection.box
        let size = "\(JSONField.format(box.width.rounded())) × \(JSONField.format(box.height.rounded()))"
        guard box.width > 0, box.height > 0 else { return "has an empty box (\(size) points)" }
        return
            "lies wholly off the \(JSONField.format(canvas.width)) × \(JSONField.format(canvas.height)) canvas "
            + "(its box: \(size) points at \(JSONField.format(box.minX.rounded())), "
            + "\(JSONField.format(box.minY.rounded())))"
    }

    /// Warns, once per property, of the first keyframe after its layer's clock stops.
    private func warnAboutKeyframes(reaches: [String: Reach]) {
        for (path, times) in keyframeTimes {
            // The layer the property belongs to: the longest layer path it starts with.
            let owner = reaches.keys.filter { path.hasPrefix($0 + ".") }.max { $0.count < $1.count }
            guard let owner, let reach = reaches[owner], reach.seconds > LayerTiming.tolerance,
                let index = times.firstIndex(where: { $0 > reach.seconds + LayerTiming.tolerance })
            else { continue }
            let later = times.count - index > 1 ? " (and the \(times.count - index - 1) after it)" : ""
            WarningSink.current.report(
                .afterEnd, at: "\(path)[\(index)]",
                "this keyframe, at \(Self.seconds(times[index])) of its layer's time\(later), comes after "
                    + "\(reach.limit): it is never reached, and the animation toward it is cut short")
        }
    }

    /// Warns of each layer's `sound` that starts after the video ends on every play of its
    /// layer (a delay past the end), which the mix leaves out.
    private func warnAboutSounds(of composition: Composition) {
        var plays: [String: (layer: CompositionLayer, heard: Bool, start: Double)] = [:]
        for play in composition.plays(duration: duration, of: { $0.sound != nil }) {
            let start = play.start + (play.layer.sound?.delay ?? 0)
            let known = plays[play.layer.path]
            plays[play.layer.path] = (
                play.layer, (known?.heard ?? false) || start < duration, min(known?.start ?? start, start)
            )
        }
        for (path, play) in plays.sorted(by: { $0.key < $1.key }) where !play.heard {
            WarningSink.current.report(
                .afterEnd, at: "\(path).sound",
                "\(play.layer.named)its sound would start at \(Self.seconds(play.start)) of the video, after it "
                    + "ends at \(Self.seconds(duration)): it is never heard")
        }
    }

    /// Warns of each of `fonts`'s files whose families no text of `layers` names: a file
    /// listed for a family that was renamed, or misspelt in the texts.
    func warnAboutUnusedFonts(in layers: [CompositionLayer]) {
        guard !fontFiles.isEmpty else { return }
        let named = Set(Composition.fontSpecs(of: layers).compactMap { $0.font.family?.lowercased() })
        for (file, path) in zip(fontFiles, fontPaths) {
            guard let families = try? FontLibrary.shared.fontFile(at: file).familyNames,
                !families.contains(where: { named.contains($0.lowercased()) })
            else { continue }
            let names = families.map { "\"\($0)\"" }.joined(separator: ", ")
            WarningSink.current.report(
                .unusedAsset, at: path,
                "the font file \(file) (\(names)) is not used: no text names its family; name it in a "
                    + "text's font, or leave the file out")
        }
    }

    /// `seconds` as messages write a time: `2.5 s`.
    private static func seconds(_ seconds: Double) -> String {
        "\(JSONField.format((seconds * 1000).rounded() / 1000)) s"
    }
}
