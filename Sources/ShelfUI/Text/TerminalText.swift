/// Turns arbitrary text into glyphs that are safe to send to a terminal and whose
/// width every terminal agrees on.
///
/// - Control characters (C0, DEL, C1) become visible placeholders (`␛`, `␡`, `�`),
///   so data can never emit an escape sequence.
/// - Invisible format characters (zero-width spaces, joiners, bidi overrides,
///   variation selectors) are dropped, so they can neither reorder nor shift text.
/// - Emoji sequences that terminals measure differently (ZWJ sequences, skin
///   tones, keycaps) are reduced to their first emoji; flags become their letters.
/// - A combining mark with no base is drawn on a dotted circle.
public enum TerminalText {
  /// One drawable unit: a grapheme made safe, and the columns it takes (1 or 2).
  public struct Glyph: Hashable, Sendable {
    /// The text to draw: a base character and at most a few combining marks.
    public var text: String
    /// Terminal columns: 1 or 2.
    public var width: Int
  }

  /// The most combining marks kept on one base: more only pile up illegibly.
  static let maximumMarks = 3

  /// The safe glyphs of `text`, in order.
  ///
  /// - Complexity: O(`text.unicodeScalars.count`).
  public static func glyphs(of text: String) -> [Glyph] {
    var result: [Glyph] = []
    result.reserveCapacity(text.utf8.count)
    for character in text {
      appendGlyphs(of: character, to: &result)
    }
    return result
  }

  /// The columns `text` takes once made safe.
  public static func width(of text: String) -> Int {
    if isPrintableASCII(text) { return text.utf8.count }
    if let width = simpleWidth(of: text) { return width }
    return glyphs(of: text).reduce(0) { $0 + $1.width }
  }

  /// `text` made safe, as one string (for one-line messages outside a canvas).
  public static func sanitized(_ text: String) -> String {
    if isPrintableASCII(text) || isSimple(text) { return text }
    return glyphs(of: text).map(\.text).joined()
  }

  /// `text` cut to at most `width` columns, ending in `…` when cut.
  ///
  /// - Complexity: O(`width`) glyphs examined, however long `text` is.
  public static func truncated(_ text: String, toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    if isPrintableASCII(text) {
      let utf8 = text.utf8
      if utf8.count <= width { return text }
      return String(decoding: utf8.prefix(width - 1), as: UTF8.self) + "…"
    }
    if isSimple(text) { return truncatedSimple(text, toWidth: width) }
    var whole = ""  // every glyph so far: the answer if the text fits
    var cut = ""  // the glyphs that fit in `width - 1`, leaving room for `…`
    var isCutFull = false
    var total = 0
    var pending: [Glyph] = []
    for character in text {
      pending.removeAll(keepingCapacity: true)
      appendGlyphs(of: character, to: &pending)
      for glyph in pending {
        if total + glyph.width > width { return cut + "…" }
        if !isCutFull && total + glyph.width <= width - 1 {
          cut += glyph.text
        } else {
          isCutFull = true
        }
        whole += glyph.text
        total += glyph.width
      }
    }
    return whole
  }

  // MARK: - Simple text

  // Card and chrome text is mostly made of scalars that are safe as they are
  // and never join a neighbour into one grapheme: printable ASCII, Latin
  // letters, general punctuation, arrows, box drawing, blocks, shapes and
  // symbols. Such text is drawn scalar by scalar, with no grapheme breaking
  // and no glyph array; every other text takes the general path above.

  /// Whether `text` is printable ASCII only (a glyph per byte, one column each).
  @inline(__always)
  static func isPrintableASCII(_ text: String) -> Bool {
    text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }

  /// Whether `scalar` is its own grapheme next to any other simple scalar and
  /// drawn as it is: not a control, format character, mark, joiner, regional
  /// indicator, Hangul jamo or unassigned code point.
  @inline(__always)
  static func isSimple(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v < 0x7F { return v >= 0x20 }
    if v < 0x300 { return v >= 0xA0 && v != 0xAD }
    return (0x2010...0x2027).contains(v) || (0x2030...0x205E).contains(v)
      || (0x2190...0x21FF).contains(v) || (0x2500...0x27BF).contains(v)
  }

  /// Whether every scalar of `text` is simple: its glyphs are its scalars.
  static func isSimple(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy(isSimple)
  }

  /// The columns of a simple scalar.
  @inline(__always)
  static func simpleColumns(of scalar: Unicode.Scalar) -> Int {
    // No simple scalar below U+25FD is wide or drawn as an emoji picture.
    scalar.value < 0x25FD ? 1 : columns(of: scalar)
  }

  /// The columns of `text` if it is simple; nil otherwise.
  static func simpleWidth(of text: String) -> Int? {
    var width = 0
    for scalar in text.unicodeScalars {
      guard isSimple(scalar) else { return nil }
      width += simpleColumns(of: scalar)
    }
    return width
  }

  /// `truncated(_:toWidth:)` of a simple `text`.
  private static func truncatedSimple(_ text: String, toWidth width: Int) -> String {
    let scalars = text.unicodeScalars
    var total = 0
    var cutEnd = scalars.startIndex  // the scalars before it fit in `width - 1`
    var index = scalars.startIndex
    while index < scalars.endIndex {
      total += simpleColumns(of: scalars[index])
      if total > width { return String(scalars[..<cutEnd]) + "…" }
      scalars.formIndex(after: &index)
      if total <= width - 1 { cutEnd = index }
    }
    return text
  }

  // MARK: - Classification

  private static func appendGlyphs(of character: Character, to result: inout [Glyph]) {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return }
    if first.value < 0x80 && scalars.count == 1 {
      result.append(asciiGlyph(first))
      return
    }
    if scalars.contains(where: isControl) {
      for scalar in scalars where isControl(scalar) || !isInvisible(scalar) {
        result.append(isControl(scalar) ? placeholder(for: scalar) : simpleGlyph(scalar))
      }
      return
    }
    let regional = scalars.filter { (0x1F1E6...0x1F1FF).contains($0.value) }
    if !regional.isEmpty {
      for scalar in regional {
        let letter = Unicode.Scalar(scalar.value - 0x1F1E6 + 0x41).map(String.init) ?? "?"
        result.append(Glyph(text: letter, width: 1))
      }
      return
    }
    guard let base = scalars.first(where: { !isInvisible($0) && !isMark($0) }) else {
      // Only marks (or only invisible characters): show marks on a dotted circle.
      let marks = scalars.filter(isMark).prefix(maximumMarks)
      if marks.isEmpty { return }
      var text = "\u{25CC}"
      for mark in marks { text.unicodeScalars.append(mark) }
      result.append(Glyph(text: text, width: 1))
      return
    }
    var text = String(base)
    let width = columns(of: base)
    if !isEmoji(base) {
      var kept = 0
      for scalar in scalars where isMark(scalar) && kept < maximumMarks {
        text.unicodeScalars.append(scalar)
        kept += 1
      }
    }
    result.append(Glyph(text: text, width: width))
  }

  private static func asciiGlyph(_ scalar: Unicode.Scalar) -> Glyph {
    isControl(scalar) ? placeholder(for: scalar) : Glyph(text: String(scalar), width: 1)
  }

  private static func simpleGlyph(_ scalar: Unicode.Scalar) -> Glyph {
    if isMark(scalar) { return Glyph(text: "\u{25CC}" + String(scalar), width: 1) }
    return Glyph(text: String(scalar), width: columns(of: scalar))
  }

  /// C0 controls, DEL and C1 controls.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
  }

  /// A visible stand-in: the Control Pictures block for C0 and DEL, `�` for C1.
  static func placeholder(for scalar: Unicode.Scalar) -> Glyph {
    let value = scalar.value
    let picture: UInt32 = value < 0x20 ? 0x2400 + value : (value == 0x7F ? 0x2421 : 0xFFFD)
    return Glyph(text: String(Unicode.Scalar(picture)!), width: 1)
  }

  /// Combining marks drawn on the preceding base (nonspacing and enclosing).
  ///
  /// Variation selectors are nonspacing marks too, but never kept: after a
  /// text-default base such as `❤` some terminals draw U+FE0F as a request for
  /// a two-column emoji while `wcwidth` counts one column.
  static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark: return !scalar.properties.isVariationSelector
    default: return false
    }
  }

  /// Characters with no glyph: format characters (joiners, bidi controls, BOM),
  /// variation selectors, emoji modifiers and tags, spacing marks (whose width
  /// terminals disagree on), and unassigned or private code points.
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    switch properties.generalCategory {
    case .format, .spacingMark, .unassigned, .surrogate, .privateUse, .lineSeparator,
      .paragraphSeparator:
      return true
    default:
      return properties.isVariationSelector || properties.isEmojiModifier
        || (scalar.value >= 0xE0000 && scalar.value <= 0xE007F)
    }
  }

  static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x2300 && scalar.properties.isEmojiPresentation
  }

  /// Terminal columns of a visible scalar: 2 for East Asian wide and fullwidth
  /// characters and emoji drawn as pictures, 1 otherwise.
  static func columns(of scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x1100 { return 1 }
    if isEmoji(scalar) { return 2 }
    for range in wideRanges where range.contains(v) { return 2 }
    return 1
  }

  /// East Asian Wide (W) and Fullwidth (F) blocks, as glibc's `wcwidth` sees them.
  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
    0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F200...0x1F2FF,
    0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}
