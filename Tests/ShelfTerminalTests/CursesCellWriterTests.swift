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

  /// A screen of terminal type `term` writing to /dev/null, or to a
  /// temporary file whose bytes `output` reads.
  init(capturingOutput: Bool = false, term: String = "xterm-256color") throws {
    setlocale(LC_ALL, "C.UTF-8")
    let output = try #require(capturingOutput ? tmpfile() : fopen("/dev/null", "w"))
    let input = try #require(fopen("/dev/null", "r"))
    files = [output, input]
    screen = try #require(newterm(term, output, input))
    window = shelf_stdscr()
  }

  deinit {
    endwin()
    delscreen(screen)
    for file in files { fclose(file) }
  }

  /// The descriptor ncurses writes to.
  var outputDescriptor: Int32 { fileno(files[0]) }

  /// Everything ncurses has written (with `init(capturingOutput: true)`).
  var output: String {
    let file = files[0]
    fflush(file)
    rewind(file)
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      data += buffer.prefix(count)
    }
    fseek(file, 0, SEEK_END)
    return String(decoding: data, as: UTF8.self)
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

/// ncurses keeps one screen per process and is not thread-safe: its tests
/// take turns.
@Suite(.serialized) struct WithCurses {
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

  @Test func ncursesIsToldToPutTheCursorAtTheBorderAfterUncertainText() throws {
    let size = Size(width: 14, height: 1)
    let palette = Palette.make(wantsColor: false)
    do {
      let curses = try OffscreenCurses(capturingOutput: true)
      var writer = CursesCellWriter(window: curses.window, isUnicode: true, palette: palette)
      writer.show(cards(kaa), over: nil, size: size, output: curses.outputDescriptor, input: -1)
      let first = curses.output
      // After the vowel sign, the border's place from the truth: an absolute
      // address (line 1, column 6), then the border.
      #expect(
        gap(in: first, between: "\u{93E}ab", and: "│") == "\u{1B}[1;6H",
        "sent: \(first.debugDescription)")
    }
    let curses = try OffscreenCurses(capturingOutput: true)
    var writer = CursesCellWriter(window: curses.window, isUnicode: true, palette: palette)
    let output = curses.outputDescriptor
    writer.show(cards("abcd"), over: nil, size: size, output: output, input: -1)
    var sent = curses.output
    #expect(gap(in: sent, between: "abcd", and: "│") == "", "one pass, no extra move")
    // Frames that only change text: the one that ends on an uncertain cell
    // leaves the cursor where ncurses believes, so the next may move from there.
    writer.show(cards(kaa), over: cards("abcd"), size: size, output: output, input: -1)
    var frame = String(curses.output.dropFirst(sent.count))
    #expect(frame.hasSuffix("\u{915}\u{93E}ab\u{1B}[1;6H"), "sent: \(frame.debugDescription)")
    sent = curses.output
    var next = cards(kaa)
    next.write("xy", at: Point(x: 8, y: 0))
    writer.show(next, over: cards(kaa), size: size, output: output, input: -1)
    frame = String(curses.output.dropFirst(sent.count))
    #expect(frame == "\u{1B}[9Gxy", "sent: \(frame.debugDescription)")
    // The window holds the frame, whatever the passes.
    #expect((0..<14).map { curses.cell(x: $0, y: 0).text }.joined() == next.text)
  }
}

extension WithCurses {
  /// What ncurses sends for a focused cell whose colour the theme sets as
  /// #268bd2, on a terminal of type `term`.
  private func focusSent(on term: String) throws -> (ColorDepth, String) {
    let curses = try OffscreenCurses(capturingOutput: true, term: term)
    let theme = ThemeColors([.focus: .rgb(red: 0x26, green: 0x8B, blue: 0xD2)])
    var writer = CursesCellWriter(
      window: curses.window, isUnicode: true, palette: Palette.make(wantsColor: true, theme: theme))
    var canvas = Canvas(size: Size(width: 4, height: 1))
    canvas.write("ab", at: Point(x: 0, y: 0), style: Style(foreground: .focus))
    canvas.write("cd", at: Point(x: 2, y: 0), style: Style(foreground: .star))
    writer.show(canvas, over: nil, size: canvas.size, output: curses.outputDescriptor, input: -1)
    return (writer.palette.depth, curses.output)
  }

  @Test func aDirectColourTerminalIsSentTheThemesColourExactly() throws {
    let (depth, sent) = try focusSent(on: "xterm-direct")
    #expect(depth == .direct)
    // xterm-direct's own form of 38;2;38;139;210; the star, 220, as xterm shows it.
    #expect(sent.contains("\u{1B}[38:2::38:139:210mab"), "sent: \(sent.debugDescription)")
    #expect(sent.contains("\u{1B}[38:2::255:215:0mcd"), "sent: \(sent.debugDescription)")
  }

  @Test func a256ColourTerminalIsSentTheNearestOfThePalette() throws {
    let (depth, sent) = try focusSent(on: "xterm-256color")
    #expect(depth == .palette256)
    #expect(sent.contains("\u{1B}[38;5;32mab"), "sent: \(sent.debugDescription)")
    #expect(!sent.contains("38:2"))
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
