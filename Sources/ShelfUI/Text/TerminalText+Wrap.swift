extension TerminalText {
  /// `text` made safe and broken into lines of at most `width` columns: at
  /// spaces where it can, inside a word only when the word alone is too wide.
  /// Newlines in the text start a new line; runs of spaces collapse.
  ///
  /// - Complexity: O(`text.unicodeScalars.count`).
  public static func wrapped(_ text: String, toWidth width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      var line: [Glyph] = []
      var lineWidth = 0
      var word: [Glyph] = []
      var wordWidth = 0

      func flushLine() {
        lines.append(line.map(\.text).joined())
        line = []
        lineWidth = 0
      }
      func placeWord() {
        guard !word.isEmpty else { return }
        if lineWidth > 0 && lineWidth + 1 + wordWidth > width { flushLine() }
        if lineWidth > 0 {
          line.append(Glyph(text: " ", width: 1))
          lineWidth += 1
        }
        for glyph in word {
          if lineWidth + glyph.width > width { flushLine() }
          line.append(glyph)
          lineWidth += glyph.width
        }
        word = []
        wordWidth = 0
      }

      for glyph in glyphs(of: String(paragraph)) {
        if glyph.text == " " || glyph.text == "\u{2409}" {  // space, or a tab's placeholder
          placeWord()
        } else {
          word.append(glyph)
          wordWidth += glyph.width
        }
      }
      placeWord()
      flushLine()
    }
    return lines
  }

  /// `text` made safe, cut to `width` columns (with `…`) and padded with spaces
  /// to exactly `width` columns.
  public static func padded(_ text: String, toWidth width: Int) -> String {
    let cut = truncated(text, toWidth: width)
    return cut + String(repeating: " ", count: max(0, width - self.width(of: cut)))
  }
}
