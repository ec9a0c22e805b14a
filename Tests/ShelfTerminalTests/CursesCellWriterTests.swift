@preconcurrency import CNCursesW
import Glibc
import ShelfUI
import TestSupport
import Testing

@testable import ShelfTerminal

// The terminal's half of the drawing path, checked against ncurses itself: an
// ncurses screen whose output goes to /dev/null takes the operations of
// `CanvasDiff`, and what its window then holds is read back cell by cell.

/// An ncurses screen on /dev/null (80x24, from terminfo), in a UTF-8 locale.
private final class OffscreenCurses {
  let screen: OpaquePointer
  let window: UnsafeMutablePointer<WINDOW>
  private let files: [UnsafeMutablePointer<FILE>]

  init() throws {
    setlocale(LC_ALL, "C.UTF-8")
    let output = try #require(fopen("/dev/null", "w"))
    let input = try #require(fopen("/dev/null", "r"))
    files = [output, input]
    screen = try #require(newterm("xterm-256color", output, input))
    window = shelf_stdscr()
  }

  deinit {
    endwin()
    delscreen(screen)
    for file in files { fclose(file) }
  }

  var size: Size { Size(width: Int(shelf_getmaxx(window)), height: Int(shelf_getmaxy(window))) }

  /// The text ncurses holds at `x`, `y`, and its attributes.
  func cell(x: Int, y: Int) -> (text: String, attributes: attr_t) {
    var character = cchar_t()
    guard mvwin_wch(window, Int32(y), Int32(x), &character) != ERR else { return ("?", 0) }
    var scalars = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
    var attributes: attr_t = 0
    var pair: Int16 = 0
    getcchar(&character, &scalars, &attributes, &pair, nil)
    var text = String.UnicodeScalarView()
    for value in scalars.prefix(while: { $0 != 0 }) {
      text.append(Unicode.Scalar(UInt32(bitPattern: value)) ?? "?")
    }
    return (String(text), attributes & (shelf_a_bold() | shelf_a_reverse()))
  }
}

/// A canvas with a scatter of narrow, wide and marked characters, bold or not.
private func randomCanvas(
  _ size: Size, over base: Canvas?, using rng: inout SeededGenerator
) -> Canvas {
  var canvas = base ?? Canvas(size: size)
  let texts = ["夏目", "a", "🐉", "한국", "─", "e\u{301}", "Dune", "ｶﾞ", " ", "x夏", "\u{915}\u{93E}"]
  for _ in 0..<Int.random(in: 0...40, using: &rng) {
    canvas.write(
      texts.randomElement(using: &rng)!,
      at: Point(
        x: Int.random(in: -1..<size.width, using: &rng),
        y: Int.random(in: 0..<size.height, using: &rng)),
      style: Style(isBold: .random(using: &rng), isReversed: .random(using: &rng)))
  }
  return canvas
}

@Test func ncursesHoldsEachCanvasTheDiffDraws() throws {
  let curses = try OffscreenCurses()
  let size = curses.size
  #expect(size.width > 10 && size.height > 5)
  var writer = CursesCellWriter(
    window: curses.window, isUnicode: true, palette: Palette.make(wantsColor: false))
  var rng = SeededGenerator(seed: 11)
  var shown: Canvas? = nil
  for step in 0..<30 {
    let canvas = randomCanvas(size, over: step % 5 == 0 ? nil : shown, using: &rng)
    CanvasDiff.forEachOperation(from: shown, to: canvas, size: size) { writer.perform($0) }
    shown = canvas
    for y in 0..<size.height {
      for x in 0..<size.width where !canvas[x, y].isContinuation {
        let expected = canvas[x, y]
        let (expectedAttributes, _) = writer.palette.attributes(for: expected.style)
        let held = curses.cell(x: x, y: y)
        #expect(held.text == expected.text, "step \(step) at \(x),\(y)")
        #expect(
          held.attributes == expectedAttributes & (shelf_a_bold() | shelf_a_reverse()),
          "step \(step) at \(x),\(y)")
      }
    }
  }
}

@Test func withoutUTF8EveryCellIsDrawnInASCIIColumnForColumn() {
  #expect(ASCIIFallback.text(for: "─", width: 1) == "-")
  #expect(ASCIIFallback.text(for: "夏", width: 2) == "??")
  #expect(ASCIIFallback.text(for: "a", width: 1) == "a")
  #expect(ASCIIFallback.text(for: "", width: 1) == " ")
}

@Test func keyCodesBecomeKeys() {
  #expect(KeyDecoder.key(forCharacter: 13) == .enter)
  #expect(KeyDecoder.key(forCharacter: 3) == .control("c"))
  #expect(KeyDecoder.key(forCharacter: 0x9B) == nil)  // C1 CSI: never a key
  #expect(KeyDecoder.key(forCharacter: 0x590F) == .character("夏"))
  #expect(KeyDecoder.key(forKeyCode: KEY_UP) == .up)
  #expect(KeyDecoder.key(forKeyCode: shelf_key_f(1)) == .function(1))
}
