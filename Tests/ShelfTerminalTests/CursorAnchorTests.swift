import ShelfUI
import TestSupport
import Testing

@testable import ShelfTerminal

// A terminal that disagrees with the C library on a width (kitty draws the
// Devanagari vowel sign of "kaa" in 0 columns) misdraws only inside that
// card: the bytes both backends send put the cursor explicitly at the border
// after such text, and nowhere extra after text every terminal agrees on.

/// One line of two cards, `│text│ │cd  │`, 14 columns wide.
func cards(_ first: String) -> Canvas {
  var canvas = Canvas(size: Size(width: 14, height: 1))
  canvas.write("│" + first + "│ │cd  │", at: Point(x: 0, y: 0))
  return canvas
}

let kaa = "\u{915}\u{93E}ab"

/// The bytes between the end of `before` and the start of `after` in `output`.
func gap(in output: String, between before: String, and after: String) -> String? {
  guard let start = output.range(of: before)?.upperBound,
    let end = output[start...].range(of: after)?.lowerBound
  else { return nil }
  return String(output[start..<end])
}

@Test func theRecordingWriterPutsTheCursorAtTheBorderAfterUncertainText() {
  var writer = ANSIWriter(depth: .monochrome)
  let output = writer.update(to: cards(kaa))
  // Right after "ab", the border's column, absolutely (CHA: column 6).
  #expect(gap(in: output, between: "\u{93E}ab", and: "│") == "\u{1B}[6G")
  var plain = ANSIWriter(depth: .monochrome)
  let agreed = plain.update(to: cards("abcd"))
  #expect(gap(in: agreed, between: "abcd", and: "│") == "")
  // A later frame: after the uncertain text the jump to the next change
  // goes by an absolute column, as every jump does.
  var next = cards(kaa)
  next.write("xy", at: Point(x: 8, y: 0))
  var again = ANSIWriter(depth: .monochrome)
  _ = again.update(to: cards("abcd"))
  #expect(again.update(to: next) == "\u{1B}[1;2H\u{1B}[0m\u{915}\u{93E}ab\u{1B}[9Gxy")
}
