import PropertyBased
import ShelfUI
import Testing

// Cutting text to a width, checked against the glyphs it is made of: over
// random mixed text (ASCII, accents precomposed and combining, CJK, emoji
// with their joiners, skin tones and flags, controls, invisible characters).

/// Pieces of text random strings are made of.
private let pieces: [String] = [
  "a", "Z", " ", "7", "é", "e\u{301}", "ß", "Ł", "ø", "—", "…", "日", "本", "語", "한", "ｆ", "こ",
  "🐉", "🎬", "👍🏽", "👩‍🔬", "🇯🇵", "❤️", "1️⃣", "\u{1B}", "\t", "\n", "\u{7F}", "\u{9B}",
  "\u{200B}", "\u{AD}", "\u{301}", "\u{202E}", "ก", "ำ", "क्ष",
]

/// A random string of up to 40 pieces.
private let mixedText = Gen.int(in: 0...(pieces.count - 1)).array(of: 0...40).map { indices in
  indices.map { pieces[$0] }.joined()
}

/// A width to cut to, zero and narrower than one wide glyph included.
private let widths = Gen.int(in: 0...30)

/// The width of `glyphs`.
private func columns(_ glyphs: some Sequence<TerminalText.Glyph>) -> Int {
  glyphs.reduce(0) { $0 + $1.width }
}

@Test func truncationIsTheLongestPrefixOfGlyphsThatFitsWithItsEllipsis() async {
  await propertyCheck(count: 500, input: mixedText, widths) { text, width in
    let glyphs = TerminalText.glyphs(of: text)
    let cut = TerminalText.truncated(text, toWidth: width)
    #expect(TerminalText.width(of: cut) <= max(0, width))
    guard width > 0 else {
      #expect(cut.isEmpty)
      return
    }
    if columns(glyphs) <= width {
      #expect(cut == glyphs.map(\.text).joined(), "what fits is kept whole")
      return
    }
    // The most glyphs, from the first, that leave a column for `…`.
    var kept = 0
    while kept < glyphs.count && columns(glyphs[...kept]) <= width - 1 { kept += 1 }
    #expect(cut == glyphs[..<kept].map(\.text).joined() + "…")
  }
}

@Test func theTailIsTheLongestSuffixOfGlyphsThatFits() async {
  await propertyCheck(count: 500, input: mixedText, widths) { text, width in
    let glyphs = TerminalText.glyphs(of: text)
    let tail = TerminalText.tail(of: text, fittingIn: width)
    #expect(TerminalText.width(of: tail) <= max(0, width))
    // The most glyphs, from the last, that fit.
    var start = glyphs.count
    while start > 0 && columns(glyphs[(start - 1)...]) <= width { start -= 1 }
    #expect(tail == glyphs[start...].map(\.text).joined())
  }
}

@Test func theTailOfAHundredThousandCharactersIsItsLastGlyphs() {
  let long = String(repeating: "日本🐉é", count: 25_000) + "end"
  #expect(TerminalText.tail(of: long, fittingIn: 9) == "本🐉éend")
  #expect(TerminalText.tail(of: long, fittingIn: 7) == "🐉éend")
  #expect(TerminalText.tail(of: long, fittingIn: 0) == "")
}
