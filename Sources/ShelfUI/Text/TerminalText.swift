/// Turns arbitrary text into glyphs that are safe to send to a terminal and whose
/// width every terminal agrees on.
///
/// - Control characters (C0, DEL, C1) become visible placeholders (`␛`, `␡`, `�`),
///   so data can never emit an escape sequence.
/// - Invisible format characters (zero-width spaces, joiners, bidi overrides,
///   variation selectors, the soft hyphen) and characters the C library cannot print are
///   dropped, so they can neither reorder nor shift text.
/// - Every other scalar takes the columns the C library's `wcwidth` gives it
///   (the columns ncurses places it in), from a table generated from glibc.
/// - Emoji sequences that terminals measure differently (ZWJ sequences, skin
///   tones, keycaps) are reduced to their first emoji; flags become their letters.
/// - A combining mark with no base is drawn on a dotted circle.
///
/// Apart from those four (controls, emoji modifiers, lone marks, the soft
/// hyphen, to which `wcwidth` gives a column although a terminal draws it
/// raw as a visible hyphen or not at all), the width of
/// every scalar equals `wcwidth`'s; the tests check all of them.
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

  /// The end of `text` made safe: its longest run of last glyphs that fits
  /// in `width` columns, with no mark where it was cut (the end of a prompt,
  /// where typing happens).
  ///
  /// - Complexity: O(`width`) characters examined from the end, however long
  ///   `text` is.
  public static func tail(of text: String, fittingIn width: Int) -> String {
    guard width > 0 else { return "" }
    var kept: [Glyph] = []  // last glyph first
    var total = 0
    var pending: [Glyph] = []
    characters: for character in text.reversed() {
      pending.removeAll(keepingCapacity: true)
      appendGlyphs(of: character, to: &pending)
      for glyph in pending.reversed() {
        if total + glyph.width > width { break characters }
        kept.append(glyph)
        total += glyph.width
      }
    }
    var result = ""
    for glyph in kept.reversed() { result += glyph.text }
    return result
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
    guard let baseIndex = scalars.firstIndex(where: { !isInvisible($0) && !isMark($0) }) else {
      // Only marks (or only invisible characters): show marks on a dotted circle.
      let marks = scalars.filter(isMark).prefix(maximumMarks)
      if marks.isEmpty { return }
      var text = "\u{25CC}"
      for mark in marks { text.unicodeScalars.append(mark) }
      result.append(Glyph(text: text, width: 1))
      return
    }
    let base = scalars[baseIndex]
    var text = String(base)
    var width = columns(of: base)
    if isEmojiSequenceBase(base) {
      // An emoji sequence (ZWJ, skin tone, tags) is reduced to its first emoji.
      if !isEmoji(base) {
        for scalar in scalars[baseIndex...].filter(isMark).prefix(maximumMarks) {
          text.unicodeScalars.append(scalar)
        }
      }
      result.append(Glyph(text: text, width: width))
      return
    }
    // Any other grapheme is drawn as the terminal places its scalars: marks on
    // the glyph before them, and every spacing scalar (a spacing vowel sign, a
    // halfwidth sound mark, the second consonant of a conjunct) as a glyph of
    // its own, `wcwidth` columns wide.
    var kept = 0
    for scalar in scalars[scalars.index(after: baseIndex)...] {
      if isMark(scalar) {
        if kept < maximumMarks { text.unicodeScalars.append(scalar) }
        kept += 1
      } else if !isInvisible(scalar) {
        result.append(Glyph(text: text, width: width))
        text = String(scalar)
        width = columns(of: scalar)
        kept = 0
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

  /// Combining marks drawn on the preceding base (nonspacing and enclosing
  /// marks that `wcwidth` gives no column).
  ///
  /// Variation selectors are nonspacing marks too, but never kept: after a
  /// text-default base such as `❤` some terminals draw U+FE0F as a request for
  /// a two-column emoji while `wcwidth` counts one column.
  static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark:
      return !scalar.properties.isVariationSelector && libcWidth(of: scalar) == 0
    default: return false
    }
  }

  /// Characters with no glyph: those `wcwidth` calls not printable (unassigned
  /// in its Unicode version, line and paragraph separators) or gives no column
  /// without being a mark (format characters such as joiners, bidi controls and
  /// the BOM; variation selectors and tags; Hangul medial and final jamo), and
  /// emoji modifiers, which only ever end an emoji sequence Shelf reduces.
  /// The soft hyphen (U+00AD) is a format character that `wcwidth` gives a
  /// column; it only marks where a word may break, so it is dropped too.
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value == 0xAD { return true }
    let width = libcWidth(of: scalar)
    if width < 0 { return true }
    if width == 0 { return !isMark(scalar) }
    return (0x1F3FB...0x1F3FF).contains(scalar.value)
  }

  static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x2300 && scalar.properties.isEmojiPresentation
  }

  /// Whether a grapheme starting with `scalar` is an emoji sequence: an emoji
  /// (in text or emoji presentation) other than the ASCII keycap bases.
  static func isEmojiSequenceBase(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x80 && scalar.properties.isEmoji
  }

  /// Terminal columns of a visible scalar: what `wcwidth` gives, 1 or 2.
  @inline(__always)
  static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return 1 }
    return libcWidth(of: scalar) == 2 ? 2 : 1
  }

  /// The C library's `wcwidth` of `scalar` (-1 when not printable), from the
  /// generated table in TerminalText+Widths.swift.
  ///
  /// - Complexity: O(log `widthRuns.count`).
  static func libcWidth(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return 1 }
    // The last run whose first scalar is at most `value`.
    let runs = widthRuns
    var low = 0
    var high = runs.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if runs[middle] >> 2 <= value { low = middle } else { high = middle }
    }
    let widthClass = Int(runs[low] & 3)
    return widthClass == 3 ? -1 : widthClass
  }
}
