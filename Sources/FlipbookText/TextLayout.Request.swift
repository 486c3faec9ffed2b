import Foundation

extension TextLayout {
    /// Everything a layout depends on besides the fonts (the process's, `FontLibrary.shared`):
    /// the runs and how they are set. A value, so that layouts are kept by it
    /// (`TextLayoutCache`), and so that a text can be described once and set at any width
    /// (`wrapping(at:height:)`), as a stack measures it.
    package struct Request: Hashable, Sendable {
        package var runs: [Run]
        /// Lines wrap at this width; `nil`: only at line breaks.
        package var maxWidth: Double?
        package var alignment: Alignment
        package var lineSpacing: Double
        package var lineLimit: Int?
        package var truncationMode: TruncationMode
        package var minimumScaleFactor: Double
        /// The height a text set smaller (`minimumScaleFactor`) must fit.
        package var maxHeight: Double?
        /// How lines break at `maxWidth`: as many words as fit, or balanced.
        package var wrap: Wrap

        package init(
            runs: [Run], maxWidth: Double? = nil, alignment: Alignment = .leading, lineSpacing: Double = 0,
            lineLimit: Int? = nil, truncationMode: TruncationMode = .tail, minimumScaleFactor: Double = 1,
            maxHeight: Double? = nil, wrap: Wrap = .wrap
        ) {
            (self.runs, self.maxWidth, self.alignment, self.lineSpacing) = (
                runs, maxWidth, alignment, lineSpacing
            )
            (self.lineLimit, self.truncationMode) = (lineLimit, truncationMode)
            (self.minimumScaleFactor, self.maxHeight, self.wrap) = (minimumScaleFactor, maxHeight, wrap)
        }

        /// The same text wrapped at `width` and fitting `height`.
        package func wrapping(at width: Double?, height: Double? = nil) -> Request {
            var request = self
            (request.maxWidth, request.maxHeight) = (width, height)
            return request
        }

        /// The request as far as it matters: a height only to text that may be set smaller,
        /// and a truncation mode only to text with a line limit — so that a box whose height
        /// changes does not shape its text again.
        var essential: Request {
            var request = self
            request.maxHeight = maxHeight.flatMap {
                minimumScaleFactor < 1 && $0.isFinite && $0 > 0 ? $0 : nil
            }
            if lineLimit == nil { request.truncationMode = .tail }
            return request
        }
    }
}
