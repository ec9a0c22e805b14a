/// One terminal cell: a character of width 1 or 2, or the right half of a wide one.
public struct Cell: Hashable, Sendable {
  /// What is drawn here: one safe grapheme (see `TerminalText`), or "" when this
  /// cell is the right half of the wide character to its left. At most 16 UTF-8
  /// bytes are kept (a safe grapheme never needs more), cut between scalars.
  public var text: String {
    get { bytes.text }
    set { bytes = CellBytes(newValue) }
  }
  /// Columns the text takes: 1 or 2, or 0 for the right half of a wide character.
  public var width: Int
  /// Colours and attributes.
  public var style: Style
  /// The text, stored inline: a canvas is copied and compared cell by cell
  /// every frame, and a cell with no reference to count copies as plain bytes.
  private var bytes: CellBytes

  /// A cell holding `text` of `width` columns.
  public init(text: String, width: Int = 1, style: Style = .plain) {
    bytes = CellBytes(text)
    self.width = width
    self.style = style
  }

  /// A cell holding the one scalar `scalar` of `width` columns.
  init(scalar: Unicode.Scalar, width: Int, style: Style) {
    bytes = CellBytes(scalar)
    self.width = width
    self.style = style
  }

  /// A space in the default style.
  public static let blank = Cell(text: " ")

  /// Whether this is the right half of a wide character.
  public var isContinuation: Bool { width == 0 }

  /// Whether terminals draw this cell in the columns the C library gives it:
  /// false for what some draw otherwise (kitty draws a Devanagari spacing
  /// vowel sign in 0 columns, many draw an emoji-capable symbol in 2), so the
  /// terminal's cursor may stand elsewhere after it.
  ///
  /// Marks, format and private-use characters, unassigned code points (newer
  /// than the C library's tables), emoji-capable symbols and clusters of
  /// several scalars are uncertain; ASCII, box drawing, letters of any script
  /// and CJK are not.
  public var hasAgreedWidth: Bool {
    let first = bytes.firstByte
    if first < 0x80 { return bytes.isSingleByte }
    var scalars = text.unicodeScalars.makeIterator()
    guard let scalar = scalars.next(), scalars.next() == nil else { return false }
    if (0x2500...0x259F).contains(scalar.value) { return true }  // box drawing and blocks
    switch scalar.properties.generalCategory {
    case .spacingMark, .nonspacingMark, .enclosingMark, .format, .privateUse, .unassigned,
      .surrogate, .control:
      return false
    default:
      return !(scalar.value >= 0x2000 && scalar.properties.isEmoji)
    }
  }

  /// Whether this cell is the left or right border of a box (a card's or a
  /// panel's): where a backend puts the cursor explicitly after text whose
  /// width a terminal may disagree on.
  var isBoxSide: Bool {
    guard bytes.firstByte == 0xE2, let scalar = text.unicodeScalars.first else { return false }
    switch scalar.value {
    case 0x2502, 0x2503, 0x2551,  // │ ┃ ║
      0x250C, 0x2510, 0x2514, 0x2518,  // ┌ ┐ └ ┘
      0x250F, 0x2513, 0x2517, 0x251B,  // ┏ ┓ ┗ ┛
      0x2554, 0x2557, 0x255A, 0x255D:  // ╔ ╗ ╚ ╝
      return true
    default:
      return false
    }
  }
}

/// Up to 16 bytes of UTF-8, zero-padded, in two words.
private struct CellBytes: Hashable, Sendable {
  private var low: UInt64 = 0
  private var high: UInt64 = 0

  static let capacity = 16

  /// The UTF-8 of `text`, cut at the last scalar boundary within 16 bytes.
  init(_ text: String) {
    let utf8 = text.utf8
    var end = Swift.min(utf8.count, Self.capacity)
    if utf8.count > Self.capacity {
      // Back up to the start of a scalar (a byte that is not 0b10xxxxxx).
      let head = Array(utf8.prefix(Self.capacity + 1))
      while end > 0 && head[end] & 0xC0 == 0x80 { end -= 1 }
    }
    withUnsafeMutableBytes(of: &self) { raw in
      for (offset, byte) in utf8.prefix(end).enumerated() { raw[offset] = byte }
    }
  }

  /// The UTF-8 of `scalar`.
  init(_ scalar: Unicode.Scalar) {
    let v = UInt64(scalar.value)
    let packed: UInt64
    if v < 0x80 {
      packed = v
    } else if v < 0x800 {
      packed = (0xC0 | v >> 6) | (0x80 | v & 0x3F) << 8
    } else if v < 0x1_0000 {
      packed = (0xE0 | v >> 12) | (0x80 | v >> 6 & 0x3F) << 8 | (0x80 | v & 0x3F) << 16
    } else {
      packed =
        (0xF0 | v >> 18) | (0x80 | v >> 12 & 0x3F) << 8 | (0x80 | v >> 6 & 0x3F) << 16
        | (0x80 | v & 0x3F) << 24
    }
    low = UInt64(littleEndian: packed)  // the first byte first in memory
  }

  /// The first byte of the UTF-8 (0 for an empty text).
  var firstByte: UInt8 { UInt8(truncatingIfNeeded: UInt64(littleEndian: low)) }

  /// Whether the text is at most one byte long.
  var isSingleByte: Bool { UInt64(littleEndian: low) >> 8 == 0 }

  /// The bytes up to the first zero, as a string.
  var text: String {
    withUnsafeBytes(of: self) { raw in
      let count = raw.firstIndex(of: 0) ?? Self.capacity
      return String(decoding: UnsafeRawBufferPointer(rebasing: raw[..<count]), as: UTF8.self)
    }
  }
}
