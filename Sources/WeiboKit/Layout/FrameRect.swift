/// A rectangle in a frame's own unit: character cells in the terminal (`x` columns from the
/// left, `y` lines from the top), pixels in the window.
public struct FrameRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether the point (`x`, `y`) is inside (the right and bottom edges are outside).
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }

    /// Whether the two rectangles share at least one unit of area.
    public func intersects(_ other: FrameRect) -> Bool {
        !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}

/// A width and a height in a frame's unit.
public struct FrameSize: Equatable, Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
