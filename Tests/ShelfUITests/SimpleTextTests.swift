import PropertyBased
import TestSupport
import Testing

@testable import ShelfUI

// The fast path for simple text (scalars drawn as they are, no grapheme
// breaking) must give exactly what the general path gives.

/// Every scalar the fast path accepts outside ASCII.
private let simpleScalars: [Unicode.Scalar] = [
  0xA0...0x2FF, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x21FF, 0x2500...0x27BF,
].flatMap { range in range.compactMap(Unicode.Scalar.init).filter(TerminalText.isSimple) }

/// `text` cut as `truncated` promises, from the general glyphs.
private func referenceTruncation(_ text: String, toWidth width: Int) -> String {
  let glyphs = TerminalText.glyphs(of: text)
  guard glyphs.reduce(0, { $0 + $1.width }) > width else { return glyphs.map(\.text).joined() }
  var cut = ""
  var total = 0
  for glyph in glyphs {
    if total + glyph.width > width - 1 { break }
    cut += glyph.text
    total += glyph.width
  }
  return cut + "…"
}

@Test func everySimpleScalarIsOneGlyphOfItself() {
  for scalar in simpleScalars {
    let glyphs = TerminalText.glyphs(of: String(scalar))
    #expect(
      glyphs == [
        TerminalText.Glyph(text: String(scalar), width: TerminalText.simpleColumns(of: scalar))
      ],
      "U+\(String(scalar.value, radix: 16))")
  }
}

@Test func simpleTextIsMeasuredCutAndDrawnAsTheGeneralPathDoes() async {
  await propertyCheck(count: 100, input: Gen.draws(256)) { draws in
    var rng = draws
    let others: [Unicode.Scalar] = [
      "\u{301}", "\u{200D}", "\u{1B}", "\u{AD}", "🐉", "한", "\u{FE0F}",
    ]
    var text = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...24, using: &rng) {
      switch Int.random(in: 0..<10, using: &rng) {
      case 0..<5: text.append(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &rng)))
      case 5..<9: text.append(simpleScalars.randomElement(using: &rng)!)
      default: if Bool.random(using: &rng) { text.append(others.randomElement(using: &rng)!) }
      }
    }
    let string = String(text)
    let glyphs = TerminalText.glyphs(of: string)
    #expect(TerminalText.width(of: string) == glyphs.reduce(0) { $0 + $1.width })
    #expect(TerminalText.sanitized(string) == glyphs.map(\.text).joined())
    for width in 0...26 {
      let expected = width > 0 ? referenceTruncation(string, toWidth: width) : ""
      #expect(TerminalText.truncated(string, toWidth: width) == expected, "\(string) to \(width)")
    }
    // Drawn over a canvas holding wide characters, clipped on both sides.
    for x in [-3, 0, 5] {
      var fast = Canvas(size: Size(width: 30, height: 2))
      fast.write("夏目漱石夏目漱石夏目漱石夏目漱石", at: Point(x: 0, y: 1))
      var general = fast
      let clip = Rect(x: 2, y: 0, width: 20, height: 2)
      let columns = fast.write(
        string, at: Point(x: x, y: 1), style: .plain, maxWidth: 22, clip: clip)
      var column = 0
      for glyph in glyphs {
        if column + glyph.width > 22 || x + column >= clip.maxX { break }
        if x + column >= clip.minX && x + column + glyph.width <= clip.maxX {
          general.put(Cell(text: glyph.text, width: glyph.width), x: x + column, y: 1)
        }
        column += glyph.width
      }
      #expect(columns == column)
      #expect(fast == general, "\(string) at \(x)")
      var plain = Canvas(size: Size(width: 12, height: 1))
      plain.write("한국어한국어", at: Point(x: 0, y: 0))
      var reference = plain
      plain.write(string, at: Point(x: x, y: 0))
      column = 0
      for glyph in glyphs {
        if column + glyph.width > 12 - x { break }
        if x + column >= 0 {
          reference.put(Cell(text: glyph.text, width: glyph.width), x: x + column, y: 0)
        }
        column += glyph.width
      }
      #expect(plain == reference, "\(string) at \(x), unclipped")
    }
  }
}

@Test func fillsAndBoxesLeaveWideCharactersAsCellByCellPutsWould() async {
  await propertyCheck(count: 200, input: Gen.draws(256)) { draws in
    var rng = draws
    var canvas = Canvas(size: Size(width: 12, height: 4))
    for _ in 0..<10 {  // a scatter of wide and narrow characters
      let text = ["夏目", "a", "🐉", "한국", "─"].randomElement(using: &rng)!
      canvas.write(
        text,
        at: Point(x: Int.random(in: -1...11, using: &rng), y: Int.random(in: 0...3, using: &rng)),
        style: Style(foreground: .swatch(Int.random(in: 0..<8, using: &rng))))
    }
    let rect = Rect(
      x: Int.random(in: -2...10, using: &rng), y: Int.random(in: -1...3, using: &rng),
      width: Int.random(in: 0...14, using: &rng), height: Int.random(in: 0...5, using: &rng))
    let clip = Rect(
      x: Int.random(in: -1...6, using: &rng), y: 0, width: Int.random(in: 0...13, using: &rng),
      height: 4)
    let style = Style(foreground: .accent)

    var filled = canvas
    filled.fill(rect, with: "━", style: style)
    var reference = canvas
    for y in rect.minY..<max(rect.minY, rect.maxY) {
      for x in rect.minX..<max(rect.minX, rect.maxX) {
        reference.put(Cell(text: "━", style: style), x: x, y: y)
      }
    }
    #expect(filled == reference)

    var boxed = canvas
    boxed.drawBox(rect, glyphs: .light, style: style, clip: clip)
    reference = canvas
    if rect.width >= 2 && rect.height >= 2 {
      let area = rect.intersection(clip)
      for y in area.minY..<max(area.minY, area.maxY) {
        for x in area.minX..<max(area.minX, area.maxX) {
          let isEdgeColumn = x == rect.minX || x == rect.maxX - 1
          let text =
            y == rect.minY
            ? (x == rect.minX ? "┌" : x == rect.maxX - 1 ? "┐" : "─")
            : y == rect.maxY - 1
              ? (x == rect.minX ? "└" : x == rect.maxX - 1 ? "┘" : "─")
              : isEdgeColumn ? "│" : " "
          reference.put(Cell(text: text, style: style), x: x, y: y)
        }
      }
    } else {
      reference.fill(rect.intersection(clip), with: " ", style: style)
    }
    #expect(boxed == reference)
  }
}
