/// SwiftUI's named colours, with the sRGB values Apple's platforms use in light mode (there is
/// no appearance switching in a video, so light mode is the one fixed choice).
extension Color {
    static func rgb(_ red: Int, _ green: Int, _ blue: Int, opacity: Double = 1) -> Color {
        Color(
            red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255,
            opacity: opacity)
    }

    public static let red = rgb(255, 59, 48)
    public static let orange = rgb(255, 149, 0)
    public static let yellow = rgb(255, 204, 0)
    public static let green = rgb(52, 199, 89)
    public static let mint = rgb(0, 199, 190)
    public static let teal = rgb(48, 176, 199)
    public static let cyan = rgb(50, 173, 230)
    public static let blue = rgb(0, 122, 255)
    public static let indigo = rgb(88, 86, 214)
    public static let purple = rgb(175, 82, 222)
    public static let pink = rgb(255, 45, 85)
    public static let brown = rgb(162, 132, 94)
    public static let gray = rgb(142, 142, 147)
    public static let black = rgb(0, 0, 0)
    public static let white = rgb(255, 255, 255)
    public static let clear = rgb(0, 0, 0, opacity: 0)
    /// Text and foreground colour: black in light mode.
    public static let primary = black
    /// Secondary labels: a blue-grey at 60 % opacity in light mode.
    public static let secondary = rgb(60, 60, 67, opacity: 0.6)

    /// Every named colour with its SwiftUI name, for presets that name colours.
    public static let named: [(name: String, color: Color)] = [
        ("red", red), ("orange", orange), ("yellow", yellow), ("green", green), ("mint", mint),
        ("teal", teal), ("cyan", cyan), ("blue", blue), ("indigo", indigo), ("purple", purple),
        ("pink", pink), ("brown", brown), ("gray", gray), ("black", black), ("white", white),
        ("clear", clear), ("primary", primary), ("secondary", secondary),
    ]
}

extension Color {
    /// A colour as files write it (`ColorSyntax`): a SwiftUI name (`"orange"`, `"clear"`), a
    /// CSS name (`"rebeccapurple"`), hex (`"#FF9500"`, `"#F90"`, `"#FF950080"`) or CSS's
    /// `rgb()` / `hsl()` (`"rgb(255 149 0 / 50%)"`); `nil` for anything else.
    public init?(parsing text: String) {
        guard let color = try? ColorSyntax.color(text) else { return nil }
        self = color
    }
}
