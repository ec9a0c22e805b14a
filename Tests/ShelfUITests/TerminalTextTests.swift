import ShelfUI
import Testing

@Test(arguments: [
  ("Dune", 4),
  ("Stanisław Lem", 13),
  ("L’Étranger", 10),
  ("e\u{301}te\u{301}", 3),  // decomposed accents: combining marks take no column
  ("こころ", 6),
  ("夏目漱石 1914", 13),
  ("🐉", 2),
  ("👨‍👩‍👧", 2),  // a ZWJ family: drawn as its first emoji
  ("👍🏽", 2),  // a skin tone: the modifier is dropped
  ("🇯🇵", 2),  // a flag: its two letters
  ("", 0),
])
func textIsMeasuredInTerminalColumns(text: String, columns: Int) {
  #expect(TerminalText.width(of: text) == columns)
}

@Test func everyGlyphIsOneOrTwoColumnsAndItsTextIsSafe() {
  let samples = [
    "Ünïcödé", "a\u{0}b\u{7}c\u{1B}[2Jd\u{7F}e\u{9B}f", "x\u{200B}y\u{200D}z\u{FEFF}",
    "\u{202E}evil\u{202C}",
    "\u{301}\u{302}", "🏳️‍🌈 🇺🇦 👩🏾‍💻", "keycap 1️⃣", "tab\there", "ｆｕｌｌ", "한국어", "\u{E000}private",
  ]
  for sample in samples {
    for glyph in TerminalText.glyphs(of: sample) {
      #expect(glyph.width == 1 || glyph.width == 2, "\(sample): \(glyph)")
      #expect(
        !glyph.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
      #expect(
        !glyph.text.unicodeScalars.contains {
          [0x200B, 0x200D, 0x202E, 0x202C, 0xFEFF].contains($0.value)
        })
    }
  }
}

@Test func controlCharactersBecomeVisiblePlaceholders() {
  #expect(TerminalText.sanitized("a\u{1B}[31mb") == "a␛[31mb")
  #expect(TerminalText.sanitized("bell\u{7}") == "bell␇")
  #expect(TerminalText.sanitized("del\u{7F}") == "del␡")
  #expect(TerminalText.sanitized("csi\u{9B}") == "csi�")
  #expect(TerminalText.sanitized("line\nbreak") == "line␊break")
  #expect(TerminalText.sanitized("crlf\r\n") == "crlf␍␊")
}

@Test func bidiOverridesAndZeroWidthCharactersAreDropped() {
  #expect(TerminalText.sanitized("\u{202E}abc\u{202C}") == "abc")
  #expect(TerminalText.sanitized("zero\u{200B}width\u{2060}") == "zerowidth")
  #expect(TerminalText.width(of: "\u{200E}\u{200F}") == 0)
}

@Test func theSoftHyphenIsDroppedLikeOtherFormatCharacters() {
  // U+00AD only marks where a word may break; terminals disagree on drawing it.
  #expect(TerminalText.sanitized("Pride and Preju\u{AD}dice") == "Pride and Prejudice")
  #expect(TerminalText.width(of: "soft\u{AD}ware") == 8)
  #expect(TerminalText.glyphs(of: "\u{AD}").isEmpty)
  #expect(TerminalText.truncated("ab\u{AD}cdef", toWidth: 4) == "abc…")
  #expect(TerminalText.sanitized("caf\u{E9}\u{AD}") == "caf\u{E9}")  // after a simple Latin letter
  var canvas = Canvas(size: Size(width: 6, height: 1))
  canvas.write("a\u{AD}b\u{AD}c", at: Point(x: 0, y: 0))
  #expect(canvas.lines == ["abc   "])
}

/// The glyphs of `text`, each as its text and columns: `"❤ 1"`.
private func drawn(_ text: String) -> [String] {
  TerminalText.glyphs(of: text).map { "\($0.text) \($0.width)" }
}

@Test func variationSelectorsAreAlwaysDropped() {
  // U+FE0F after a text-default base: were it kept, some terminals would draw 2 columns.
  #expect(drawn("\u{2764}\u{FE0F}") == ["\u{2764} 1"])
  #expect(TerminalText.sanitized("I \u{2764}\u{FE0F} NY") == "I \u{2764} NY")
  #expect(TerminalText.width(of: "\u{2764}\u{FE0F}") == 1)
  #expect(TerminalText.sanitized("\u{263A}\u{FE0F}\u{2194}\u{FE0E}") == "\u{263A}\u{2194}")
  // Every selector, on a letter, an ideograph or alone.
  let selectors = Array(0xFE00...0xFE0F) + Array(0xE0100...0xE01EF)
  for value in selectors {
    let selector = String(Unicode.Scalar(UInt32(value))!)
    #expect(TerminalText.sanitized("a" + selector + "b") == "ab", "U+\(value)")
    #expect(TerminalText.sanitized("\u{845B}" + selector) == "\u{845B}", "U+\(value)")
    #expect(TerminalText.glyphs(of: selector).isEmpty, "U+\(value)")
  }
  // An emoji-default base keeps its two columns without the selector.
  #expect(drawn("\u{1F409}\u{FE0F}") == ["\u{1F409} 2"])
}

@Test func ordinaryCombiningAccentsAreStillKept() {
  #expect(TerminalText.sanitized("e\u{301}") == "e\u{301}")
  #expect(drawn("n\u{303}\u{FE0F}") == ["n\u{303} 1"])
  #expect(drawn("a\u{20DD}") == ["a\u{20DD} 1"])
}

@Test func aLoneCombiningMarkIsDrawnOnADottedCircle() {
  #expect(TerminalText.sanitized("\u{301}") == "\u{25CC}\u{301}")
  #expect(TerminalText.width(of: "\u{301}") == 1)
}

@Test(arguments: [
  ("Dune", 10, "Dune"),
  ("Foundation", 10, "Foundation"),
  ("The Left Hand of Darkness", 14, "The Left Hand…"),
  ("こころのうた", 7, "こころ…"),
  ("こころのうた", 6, "ここ…"),  // a wide glyph that would end at column 6 leaves room for no ellipsis
  ("ab🐉", 3, "ab…"),
  ("anything", 1, "…"),
  ("anything", 0, ""),
])
func truncationEndsInAnEllipsisWithinTheWidth(text: String, width: Int, expected: String) {
  let cut = TerminalText.truncated(text, toWidth: width)
  #expect(cut == expected)
  #expect(TerminalText.width(of: cut) <= width)
}

@Test func aTenThousandCharacterTitleIsCutWithoutReadingItAll() {
  let title = String(repeating: "Very long title 長い! ", count: 500)  // 10,000 characters
  #expect(title.count == 10_000)
  let cut = TerminalText.truncated(title, toWidth: 14)
  #expect(cut == "Very long tit…")
  var canvas = Canvas(size: Size(width: 20, height: 1))
  canvas.write(title, at: Point(x: 0, y: 0))
  #expect(canvas.lines == ["Very long title 長い"])
}

@Test func wrappingBreaksAtSpacesAndSplitsOnlyOverlongWords() {
  #expect(
    TerminalText.wrapped("On the desert planet Arrakis a noble family", toWidth: 14)
      == ["On the desert", "planet Arrakis", "a noble family"])
  #expect(
    TerminalText.wrapped("Supercalifragilistic", toWidth: 8) == ["Supercal", "ifragili", "stic"])
  #expect(TerminalText.wrapped("one\n\ntwo", toWidth: 10) == ["one", "", "two"])
  #expect(TerminalText.wrapped("夏目漱石の小説", toWidth: 6) == ["夏目漱", "石の小", "説"])
}

@Test func paddingFillsExactlyTheWidth() {
  #expect(TerminalText.padded("ab", toWidth: 4) == "ab  ")
  #expect(TerminalText.padded("こころ", toWidth: 7) == "こころ ")
  #expect(TerminalText.padded("こころ", toWidth: 5) == "ここ…")
}
