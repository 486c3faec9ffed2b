import Foundation

/// How the ends of open subpaths are drawn, as CoreGraphics' `CGLineCap`.
public enum CGLineCap: Int32, Hashable, Sendable {
    /// The stroke ends exactly at the end point.
    case butt
    /// A half disc of the stroke's width around the end point.
    case round
    /// The stroke goes on for half its width past the end point.
    case square
}

/// How corners between segments are drawn, as CoreGraphics' `CGLineJoin`.
public enum CGLineJoin: Int32, Hashable, Sendable {
    /// Outer edges extended until they meet, unless that point lies further than
    /// `miterLimit × lineWidth / 2` from the corner; then a bevel.
    case miter
    /// A circular arc around the corner.
    case round
    /// The outer corners joined by a straight line.
    case bevel
}

/// The geometry of a stroke, as SwiftUI's `StrokeStyle`.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: Double
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    /// The longest miter allowed, as SVG and CoreGraphics measure it: miter length ÷ line
    /// width, the miter length running from the inner to the outer corner. The default, 10,
    /// bevels corners sharper than about 11.5°.
    public var miterLimit: Double
    /// Lengths of alternating dashes and gaps; empty for a solid line.
    public var dash: [Double]
    /// How far into the dash pattern the stroke starts.
    public var dashPhase: Double

    public init(
        lineWidth: Double = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
        miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0
    ) {
        (self.lineWidth, self.lineCap, self.lineJoin, self.miterLimit) = (
            lineWidth, lineCap, lineJoin, miterLimit
        )
        self.dash = dash
        self.dashPhase = dashPhase
    }
}
