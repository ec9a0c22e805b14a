import PropertyBased
import ShelfUI
import TestSupport
import Testing

private let keys: [Key] = [
  .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .enter, .escape, .backspace,
  .character("h"), .character("j"), .character("k"), .character("l"), .character("g"),
  .character("G"), .character("0"), .character("$"), .character("?"), .character("/"),
  .character("a"), .character("1"), .character(" "), .character("."), .control("l"), .tab,
  .mouse(MouseEvent(kind: .click, position: Point(x: 30, y: 5))),
  .mouse(MouseEvent(kind: .wheelDown, position: Point(x: 3, y: 9))),
  .mouse(MouseEvent(kind: .wheelUp, position: Point(x: 3, y: 9))),
  .insert, .paste("moon"), .paste("q\u{1B}[A"),
]

/// A random edit of `content`: cards and rows inserted, deleted, moved, renamed.
private func edited(_ content: ShelfContent, _ rng: inout some RandomNumberGenerator, serial: Int)
  -> ShelfContent
{
  var content = content
  guard !content.sections.isEmpty else {
    return AnimationFixtures.base
  }
  let s = Int.random(in: content.sections.indices, using: &rng)
  switch Int.random(in: 0..<7, using: &rng) {
  case 0:
    content.sections[s].rows.insert(
      AnimationFixtures.row("n\(serial)", ["p\(serial)", "q"]), at: 0)
  case 1 where !content.sections[s].rows.isEmpty: content.sections[s].rows.removeLast()
  case 2 where content.sections[s].rows.count > 1:
    content.sections[s].rows.swapAt(0, content.sections[s].rows.count - 1)
  case 3 where !content.sections[s].rows.isEmpty:
    content.sections[s].rows[0].cards.insert(AnimationFixtures.card("c\(serial)"), at: 0)
  case 4 where !content.sections[s].rows.isEmpty && !content.sections[s].rows[0].cards.isEmpty:
    content.sections[s].rows[0].cards.shuffle(using: &rng)
  case 5: content.sections.shuffle(using: &rng)
  default:
    if !content.sections[s].rows.isEmpty { content.sections[s].rows[0].title += "!" }
  }
  return content
}

@MainActor
@Test func anyMixOfKeysChangesSizesAndTimeKeepsTheScreenWhole() async {
  await propertyCheck(count: 20, input: Gen.draws(1024)) { draws in
    var rng = draws
    await fuzz(&rng, content: AnimationFixtures.base)
  }
}

@MainActor
@Test func anyMixOfKeysChangesSizesAndTimeOnTallerContentKeepsTheScreenWhole() async {
  await propertyCheck(count: 10, input: Gen.draws(1024)) { draws in
    var rng = draws
    await fuzz(&rng, content: Fixtures.content)
  }
}

/// Random keys, edits, sizes and time on a screen of `content`. Every frame
/// must be whole, and the same as a screen that reuses nothing of earlier
/// frames (no remembered row placements, no drawn rows) draws. Each step
/// yields the main actor: a run takes seconds, and other tests' main-queue
/// work (the live holders' stress tests wait on it) must not stall behind it.
@MainActor
private func fuzz(_ rng: inout some RandomNumberGenerator, content initial: ShelfContent) async {
  var content = initial
  let screen = ShelfScreen(
    content: content, configuration: ScreenConfiguration(animationDuration: 200),
    updates: .immediate)
  let reference = ShelfScreen(
    content: content, configuration: ScreenConfiguration(animationDuration: 200),
    updates: .immediate)
  reference.reusesEarlierFrames = false
  let sizes = [
    Size(width: 60, height: 20), Size(width: 80, height: 24), Size(width: 40, height: 10),
    Size(width: 30, height: 8),
  ]
  var size = sizes[0]
  var now: UInt64 = 0
  for step in 0..<120 {
    await Task.yield()
    switch Int.random(in: 0..<10, using: &rng) {
    case 0..<5:
      let key = keys.randomElement(using: &rng)!
      _ = screen.handle(key, size: size)
      _ = reference.handle(key, size: size)
    case 5..<7:
      content = edited(content, &rng, serial: step)
      screen.setContent(content)
      reference.setContent(content)
    case 7: size = sizes.randomElement(using: &rng)!
    default: now += UInt64.random(in: 0...120, using: &rng)
    }
    let canvas = screen.render(size: size, now: now)
    #expect(canvas.size == size)
    let drawnAfresh = reference.render(size: size, now: now)
    let isSame = canvas == drawnAfresh  // a bare Bool: a failure prints text, not cells
    #expect(
      isSame,
      "step \(step): reused frame differs:\n\(canvas.text)\n---\n\(drawnAfresh.text)")
    let widths = (0..<size.height).map { canvas.row($0).map(\.width) }
    let isWhole = widths.allSatisfy { line in
      line.indices.allSatisfy { x in line[x] != 2 || (x + 1 < line.count && line[x + 1] == 0) }
    }
    #expect(isWhole, "step \(step): a wide character is split")
    if let deadline = screen.nextFrameDeadline(now: now) { #expect(deadline >= now) }
    _ = reference.nextFrameDeadline(now: now)
  }
  // Settle: the last content is what shows (through whatever filter the keys typed).
  var frames = 0
  while let deadline = screen.nextFrameDeadline(now: now), frames < 1000 {
    now = deadline
    let isSame = screen.render(size: size, now: now) == reference.render(size: size, now: now)
    #expect(isSame, "a settling frame differs")
    frames += 1
  }
  #expect(screen.nextFrameDeadline(now: now) == nil, "still animating")
}
