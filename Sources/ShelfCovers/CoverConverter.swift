internal import CImage
import ShelfUI

/// The colours a cover is converted to: what the terminal has.
public enum CoverColors: Int, Sendable, Hashable {
  /// Shapes only: the terminal's own two colours.
  case none = 0
  /// The eight ANSI colours.
  case ansi8 = 8
  /// The xterm 256-colour palette.
  case palette256 = 256
}

/// Turns pictures into cells with libchafa: half blocks, quadrants and
/// sextants, each cell's two colours from the terminal's palette.
public enum CoverConverter {
  /// `picture` as `width` x `height` cells in `colors`; a blank cover when
  /// chafa cannot make a canvas.
  public static func cells(
    of picture: CoverPicture, width: Int, height: Int, colors: CoverColors
  ) -> CoverCells {
    let count = max(0, width) * max(0, height)
    guard count > 0, picture.width > 0, picture.height > 0 else {
      return CoverCells(
        width: max(0, width), height: max(0, height), cells: Array(repeating: .blank, count: count))
    }
    _ = Self.singleThreaded
    var characters = [UInt32](repeating: 0x20, count: count)
    var foregrounds = [Int32](repeating: -1, count: count)
    var backgrounds = [Int32](repeating: -1, count: count)
    picture.rgba.withUnsafeBufferPointer { rgba in
      _ = shelf_image_cells(
        rgba.baseAddress, Int32(picture.width), Int32(picture.height), Int32(width),
        Int32(height), Int32(colors.rawValue), &characters, &foregrounds, &backgrounds)
    }
    var cells: [Cell] = []
    cells.reserveCapacity(count)
    for index in 0..<count {
      // Only the blocks asked for come back; anything else shows as a blank.
      let scalar = Unicode.Scalar(characters[index]).flatMap { isBlock($0) ? $0 : nil } ?? " "
      let style = Style(
        foreground: foregrounds[index] < 0 ? .default : .indexed(Int(foregrounds[index])),
        background: backgrounds[index] < 0 ? .default : .indexed(Int(backgrounds[index])))
      cells.append(Cell(text: String(scalar), style: style))
    }
    return CoverCells(width: width, height: height, cells: cells)
  }

  /// Whether `scalar` is a space or one of the block and sextant characters.
  static func isBlock(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || (0x2580...0x259F).contains(scalar.value)
      || (0x1FB00...0x1FB3B).contains(scalar.value)
  }

  /// Chafa draws on the calling thread (set once).
  private static let singleThreaded: Void = shelf_image_single_thread()
}
