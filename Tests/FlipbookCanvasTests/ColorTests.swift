import FlipbookCanvas
import FlipbookRaster
import Testing

@Test func systemColoursHaveSwiftUIsLightModeValues() {
    #expect(Color.orange.premultiplied == PremultipliedColor(red: 255, green: 149, blue: 0, alpha: 255))
    #expect(Color.blue.premultiplied == PremultipliedColor(red: 0, green: 122, blue: 255, alpha: 255))
    #expect(Color.clear.premultiplied == .transparent)
}

@Test func opacityMultipliesAlpha() {
    #expect(Color.red.opacity(0.5).opacity(0.5).alpha == 0.25)
}

@Test(arguments: [
    ("#FF9500", PremultipliedColor(red: 255, green: 149, blue: 0, alpha: 255)),
    ("#fff", PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255)),
    ("#FF000080", PremultipliedColor(red: 128, green: 0, blue: 0, alpha: 128)),
])
func hexColoursParse(text: String, expected: PremultipliedColor) {
    #expect(Color(hex: text)?.premultiplied == expected)
}

@Test(arguments: ["", "#", "#12", "#GGGGGG", "#1234567"])
func malformedHexIsRejected(text: String) {
    #expect(Color(hex: text) == nil)
}

@Test func hueSaturationBrightnessCoversTheWheel() {
    #expect(
        Color(hue: 0, saturation: 1, brightness: 1).premultiplied
            == Color(red: 1, green: 0, blue: 0).premultiplied)
    #expect(Color(hue: 1.0 / 3, saturation: 1, brightness: 1).premultiplied.green == 255)
    #expect(Color(hue: 2.0 / 3, saturation: 1, brightness: 1).premultiplied.blue == 255)
}
