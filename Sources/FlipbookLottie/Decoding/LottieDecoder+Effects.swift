import FlipbookJSON

extension LottieDecoder {
    /// The effects of a layer's `ef` that are drawn; others (and disabled ones, `en: 0`, which
    /// draw nothing) are left out, those that would change the picture with a warning naming them.
    mutating func effects(_ field: JSONField) throws(PresetError) -> [LottieEffect] {
        var effects: [LottieEffect] = []
        for effect in try field.array() {
            _ = try effect.object()
            if let enabled = effect.member("en"), try enabled.number(in: 0...1) == 0 { continue }
            let type = try effect.member("ty")?.integer(in: 0...1000)
            let parameters = try effect.member("ef")?.array() ?? []
            /// Parameter `index`'s value (`v`), or `fallback` when the effect lists fewer.
            func value(_ index: Int, _ fallback: [Double]) throws(PresetError) -> LottieProperty<[Double]> {
                guard index < parameters.count else { return LottieProperty(fallback) }
                return try property(parameters[index].member("v"), default: fallback)
            }
            switch type {
            case 25:
                effects.append(
                    .dropShadow(
                        color: try value(0, [0, 0, 0, 1]), opacity: try value(1, [127.5]),
                        direction: try value(2, [135]), distance: try value(3, [5]),
                        softness: try value(4, [0]), shadowOnly: try value(5, [0])))
            case 29:
                if try value(1, [1]).keyframes.contains(where: { $0.value.first != 1 }) {
                    unsupported(at: effect.path, "a Gaussian blur along one axis is drawn along both")
                }
                effects.append(.gaussianBlur(blurriness: try value(0, [0])))
            case 21:
                effects.append(.fill(color: try value(2, [1, 0, 0, 1]), opacity: try value(6, [1])))
            case 20:
                effects.append(
                    .tint(
                        black: try value(0, [0, 0, 0, 1]), white: try value(1, [1, 1, 1, 1]),
                        amount: try value(2, [100]))
                )
            case 5 where (effect.text("mn") ?? "").hasSuffix(" Control"):
                // Expression controls (`ADBE Slider Control`, …): values for expressions,
                // which draw nothing themselves.
                continue
            default:
                unsupported(at: effect.path, "effect \"\(effect.text("nm") ?? "?")\" is not applied")
            }
        }
        return effects
    }
}
