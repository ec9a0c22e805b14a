import PropertyBased
import TestSupport
import Testing

@testable import ShelfUI

// What reaches the terminal: the operations that turn the canvas a screen
// shows into the next one, and the recording backend that runs them.

private let size = Size(width: 12, height: 4)

/// The operations as short lines: `erase`, `move 3,1`, `put 夏 2`.
private func described(_ operations: [CanvasDiff.Operation]) -> [String] {
  operations.map { operation in
    switch operation {
    case .erase: "erase"
    case .move(let x, let y): "move \(x),\(y)"
    case .put(let cell): "put \(cell.text) \(cell.width)"
    }
  }
}

/// A canvas with a scatter of narrow and wide characters in random styles.
private func randomCanvas(
  _ size: Size, over base: Canvas? = nil, writes: Int, using rng: inout some RandomNumberGenerator
) -> Canvas {
  var canvas = base ?? Canvas(size: size)
  let texts = ["夏目", "a", "🐉", "한국", "─", "e\u{301}", "ok", "ｶﾞ", " ", "x夏"]
  for _ in 0..<writes {
    let style = Style(
      foreground: .swatch(Int.random(in: 0..<4, using: &rng)), isBold: .random(using: &rng))
    canvas.write(
      texts.randomElement(using: &rng)!,
      at: Point(
        x: Int.random(in: -1..<size.width, using: &rng),
        y: Int.random(in: 0..<size.height, using: &rng)),
      style: style)
  }
  return canvas
}

@Test func anUnchangedCanvasSendsNothing() {
  var canvas = Canvas(size: size)
  canvas.write("夏目 abc", at: Point(x: 1, y: 1))
  #expect(CanvasDiff.operations(from: canvas, to: canvas, size: size).isEmpty)
}

@Test func aFirstCanvasErasesAndWritesEveryCellOnce() {
  var canvas = Canvas(size: Size(width: 4, height: 2))
  canvas.write("夏ab", at: Point(x: 0, y: 0))
  let operations = CanvasDiff.operations(from: nil, to: canvas, size: canvas.size)
  #expect(
    described(operations) == [
      "erase", "move 0,0", "put 夏 2", "put a 1", "put b 1", "move 0,1", "put   1", "put   1",
      "put   1", "put   1",
    ])
}

@Test func adjacentChangesShareOneCursorMove() {
  let old = Canvas(size: size)
  var new = old
  new.write("abc", at: Point(x: 2, y: 1))
  new.write("d", at: Point(x: 7, y: 1))
  new.write("夏", at: Point(x: 0, y: 3))
  new.write("e", at: Point(x: 2, y: 3))
  #expect(
    described(CanvasDiff.operations(from: old, to: new, size: size)) == [
      "move 2,1", "put a 1", "put b 1", "put c 1", "move 7,1", "put d 1", "move 0,3", "put 夏 2",
      "put e 1",
    ])
}

@Test func aWideCharacterIsSentWholeAndOnlyWhenEitherHalfChanged() {
  var old = Canvas(size: size)
  old.write("夏目", at: Point(x: 0, y: 0))
  var new = old
  new.write("漱", at: Point(x: 2, y: 0))  // the second character only
  #expect(
    described(CanvasDiff.operations(from: old, to: new, size: size)) == ["move 2,0", "put 漱 2"])
  // A narrow character over the right half of a wide one: the left half turns blank.
  new = old
  new.write("x", at: Point(x: 1, y: 0))
  #expect(
    described(CanvasDiff.operations(from: old, to: new, size: size)) == [
      "move 0,0", "put   1", "put x 1",
    ])
}

@Test func aCanvasWiderThanTheScreenIsClippedAndAWideCharacterAtTheEdgeIsABlank() {
  var canvas = Canvas(size: Size(width: 4, height: 1))
  canvas.write("ab夏", at: Point(x: 0, y: 0), style: Style(isBold: true))
  let screen = Size(width: 3, height: 5)
  let operations = CanvasDiff.operations(from: nil, to: canvas, size: screen)
  #expect(described(operations) == ["erase", "move 0,0", "put a 1", "put b 1", "put   1"])
  #expect(operations.last == .put(Cell(text: " ", style: Style(isBold: true))))
}

@Test func applyingTheOperationsToTheOldScreenGivesTheNewCanvas() async {
  await propertyCheck(count: 300, input: Gen.draws(256)) { draws in
    var rng = draws
    let size = Size(
      width: Int.random(in: 1...14, using: &rng), height: .random(in: 1...5, using: &rng))
    let old = randomCanvas(size, writes: Int.random(in: 0...12, using: &rng), using: &rng)
    let new =
      Bool.random(using: &rng)
      ? randomCanvas(size, over: old, writes: Int.random(in: 0...4, using: &rng), using: &rng)
      : randomCanvas(size, writes: Int.random(in: 0...12, using: &rng), using: &rng)
    let operations = CanvasDiff.operations(from: old, to: new, size: size)
    var screen = old
    CanvasDiff.apply(operations, to: &screen)
    #expect(screen == new, "\(old.text)\n->\n\(new.text)\ngot\n\(screen.text)")
    // From an unknown screen, too.
    var unknown = randomCanvas(size, writes: 6, using: &rng)
    CanvasDiff.apply(CanvasDiff.operations(from: nil, to: new, size: size), to: &unknown)
    #expect(unknown == new, "from nothing")
    // Nothing unchanged is sent: each put covers a cell that changed, and each
    // move goes where the cursor is not.
    var cursor: (x: Int, y: Int)? = nil
    for operation in operations {
      switch operation {
      case .erase: Issue.record("a screen of the same size is never erased")
      case .move(let x, let y):
        #expect(cursor.map { $0 != (x, y) } ?? true, "a move to where the cursor is")
        cursor = (x, y)
      case .put(let cell):
        let (x, y) = cursor!
        let changed = (x..<min(size.width, x + cell.width)).contains { old[$0, y] != new[$0, y] }
        #expect(changed, "an unchanged cell at \(x),\(y) sent")
        cursor = (x + max(1, cell.width), y)
      }
    }
  }
}

@Test func theRecordingBackendSendsOnlyChangesAndKeepsTheScreen() {
  let backend = RecordingBackend(size: size)
  var canvas = Canvas(size: size)
  canvas.write("Dune 夏目", at: Point(x: 0, y: 0))
  backend.draw(canvas)
  #expect(backend.draws.last?.first == .erase)
  #expect(backend.screen == canvas)
  backend.draw(canvas)
  #expect(backend.draws.last == [])  // nothing moved: nothing sent
  canvas.write("Emma", at: Point(x: 0, y: 2))
  backend.draw(canvas)
  #expect(
    described(backend.draws.last ?? []) == ["move 0,2", "put E 1", "put m 1", "put m 1", "put a 1"])
  #expect(backend.screen == canvas)
  backend.invalidate()  // Ctrl-L: everything again
  backend.draw(canvas)
  #expect(backend.draws.last?.first == .erase)
  #expect(backend.screen == canvas)
  #expect(backend.draws.count == 4)
}

@MainActor
@Test func aScreenDrawnThroughTheRecordingBackendShowsEachFrame() {
  let size = AnimationFixtures.size
  let screen = ShelfScreen(
    content: AnimationFixtures.base, configuration: ScreenConfiguration(animationDuration: 300))
  let backend = RecordingBackend(size: size)
  let first = screen.render(size: size, now: 0)
  backend.draw(first)
  #expect(backend.screen == first)
  _ = screen.handle(.down, size: size)
  let afterKey = screen.render(size: size, now: 10)
  backend.draw(afterKey)
  #expect(backend.screen == afterKey)
  // A key redraws some lines, never the whole screen.
  let sent = backend.draws.last?.filter { if case .put = $0 { true } else { false } }.count ?? 0
  #expect(sent > 0 && sent < size.width * size.height / 2, "\(sent) cells sent after a key")
}

// MARK: - Cursor anchors at card borders

/// Two cards side by side on one line: `│text│ │text│`.
private func cards(_ first: String, _ second: String) -> Canvas {
  var canvas = Canvas(size: Size(width: 14, height: 1))
  canvas.drawBox(
    Rect(x: 0, y: -1, width: 6, height: 3), glyphs: .light, style: .plain,
    clip: Rect(x: 0, y: 0, width: 14, height: 1))
  canvas.drawBox(
    Rect(x: 7, y: -1, width: 6, height: 3), glyphs: .light, style: .plain,
    clip: Rect(x: 0, y: 0, width: 14, height: 1))
  canvas.write(first, at: Point(x: 1, y: 0))
  canvas.write(second, at: Point(x: 8, y: 0))
  return canvas
}

@Test func afterTextOfUncertainWidthTheNextBorderIsReachedByAnExplicitMove() {
  // kitty draws the vowel sign of "kaa" in 0 columns, where the C library says 1.
  let canvas = cards("\u{915}\u{93E}ab", "cd")
  #expect(canvas.text == "│\u{915}\u{93E}ab│ │cd  │ ")
  #expect(
    described(CanvasDiff.operations(from: nil, to: canvas, size: canvas.size)) == [
      "erase", "move 0,0", "put │ 1", "put \u{915} 1", "put \u{93E} 1", "put a 1", "put b 1",
      "move 5,0", "put │ 1", "put   1", "put │ 1", "put c 1", "put d 1", "put   1", "put   1",
      "put │ 1", "put   1",
    ])
  // An emoji and a cluster of a letter and its mark are uncertain too.
  for text in ["🐉", "e\u{301}", "\u{26A0}"] {
    let operations = CanvasDiff.operations(from: nil, to: cards(text, "cd"), size: canvas.size)
    #expect(operations.filter { if case .move = $0 { true } else { false } }.count == 2, "\(text)")
  }
}

@Test func textEveryTerminalAgreesOnCostsNoExtraMove() {
  for text in ["abcd", "夏目", "Émil", "★☆…›", "한국", "Ωλ"] {
    let canvas = cards(text, "cd")
    let operations = CanvasDiff.operations(from: nil, to: canvas, size: canvas.size)
    #expect(operations.filter { if case .move = $0 { true } else { false } }.count == 1, "\(text)")
  }
}
