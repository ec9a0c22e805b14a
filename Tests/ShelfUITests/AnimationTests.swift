import ShelfDiff
import TestSupport
import Testing

@testable import ShelfUI

private let size = AnimationFixtures.size

/// 300 ms at 10 frames a second: frames at linear progress 0, 1/3, 2/3 and 1.
private let configuration = ScreenConfiguration(animationDuration: 300)

@MainActor
@Test(arguments: AnimationFixtures.changes.map(\.name))
func eachKindOfChangeAnimatesAsItsGoldenTranscript(name: String) throws {
  let target = try #require(AnimationFixtures.changes.first { $0.name == name }).content
  let frames = ShelfScreen.frames(
    from: AnimationFixtures.base, to: target, size: size, framesPerSecond: 10,
    configuration: configuration)
  #expect(frames.count == 4)
  #expect(
    frames.first == ShelfScreen.renderFirstScreen(content: AnimationFixtures.base, size: size))
  #expect(frames.last == ShelfScreen.renderFirstScreen(content: target, size: size))
  expectGolden(TextBackend.transcript(of: frames), named: "frames-\(name)")
}

@MainActor
@Test func aReloadedCardIsHighlightedAndTheHighlightFades() throws {
  let target = try #require(AnimationFixtures.changes.first { $0.name == "card-reload" }).content
  let frames = ShelfScreen.frames(
    from: AnimationFixtures.base, to: target, size: size, framesPerSecond: 10,
    configuration: configuration)
  // Card b is the second card of the first row: its top-left corner at (21, 3).
  let corner = Point(x: 21, y: 3)
  #expect(frames[0][corner.x, corner.y].style.foreground == .default)
  #expect(frames[1][corner.x, corner.y].style.foreground == .flash)
  #expect(frames[1][corner.x, corner.y].style.isReversed)
  #expect(frames[2][corner.x, corner.y].style.foreground == .flash)
  #expect(!frames[2][corner.x, corner.y].style.isReversed)
  #expect(frames[3][corner.x, corner.y].style.foreground == .default)
  #expect(TextBackend.text(of: frames[1]).contains("Card b, edited"))
}

@MainActor
@Test func aReloadedCardAndARenamedTitleFlashAsAWholeTextIncluded() throws {
  func frames(_ name: String) throws -> [Canvas] {
    let target = try #require(AnimationFixtures.changes.first { $0.name == name }).content
    return ShelfScreen.frames(
      from: AnimationFixtures.base, to: target, size: size, framesPerSecond: 10,
      configuration: configuration)
  }
  // Card b's box: columns 21 to 38, lines 3 to 7; every cell, text and
  // swatch included, shares one style as it flashes.
  let card = try frames("card-reload")
  for (frame, reversed) in [(1, true), (2, false)] {
    let styles = Set(
      (3...7).flatMap { y in (21...38).map { card[frame][$0, y].style } })
    #expect(styles == [Style(foreground: .flash, isReversed: reversed)])
  }
  // Row r2's title, renamed: "Row r2, renamed" from column 1 of line 8.
  let title = try frames("row-rename")
  let cells = (1...15).map { title[1][$0, 8] }
  #expect(cells.map(\.text).joined() == "Row r2, renamed")
  #expect(Set(cells.map(\.style)) == [Style(foreground: .flash, isReversed: true)])
}

@MainActor
@Test func withoutAnimationTheFramesAreTheTwoScreens() throws {
  let target = AnimationFixtures.changes[0].content
  for configuration in [
    ScreenConfiguration(animationDuration: 0), ScreenConfiguration(reducedMotion: true),
  ] {
    let frames = ShelfScreen.frames(
      from: AnimationFixtures.base, to: target, size: size, configuration: configuration)
    #expect(frames.count == 2)
    #expect(frames.last == ShelfScreen.renderFirstScreen(content: target, size: size))
  }
}

@MainActor
@Test func identicalContentGivesOneFrame() {
  let frames = ShelfScreen.frames(
    from: AnimationFixtures.base, to: AnimationFixtures.base, size: size)
  #expect(frames.count == 1)
}

// MARK: - Properties

/// Random content over a small pool of ids, so pairs share rows and cards.
private func randomContent(_ rng: inout SeededGenerator) -> ShelfContent {
  var sections: [ShelfSection] = []
  var rowPool = (0..<10).map { "r\($0)" }.shuffled(using: &rng)
  for s in 0..<Int.random(in: 0...3, using: &rng) {
    var rows: [CarouselRow] = []
    for _ in 0..<Int.random(in: 0...3, using: &rng) {
      guard let rowID = rowPool.popLast() else { break }
      let cards = (0..<12).map { "c\($0)" }.shuffled(using: &rng).prefix(
        Int.random(in: 0...8, using: &rng))
      rows.append(
        CarouselRow(
          id: rowID, title: Bool.random(using: &rng) ? "Row \(rowID)" : "Row \(rowID) renamed",
          cards: cards.map { id in
            CardFace(
              id: id, title: Bool.random(using: &rng) ? "Title \(id)" : "标题 \(id) edited",
              subtitle: "by \(id)", year: 1900 + Int.random(in: 0...120, using: &rng),
              rating: Double(Int.random(in: 0...5, using: &rng)))
          }))
    }
    sections.append(
      ShelfSection(id: "s\(s)", title: Bool.random(using: &rng) ? "Section \(s)" : nil, rows: rows))
  }
  return ShelfContent(title: "Random", sections: sections.shuffled(using: &rng))
}

/// Every wide character has its right half, and every right half its left.
private func isWellFormed(_ canvas: Canvas) -> Bool {
  for y in 0..<canvas.size.height {
    for x in 0..<canvas.size.width {
      let cell = canvas[x, y]
      if cell.width == 2 && (x + 1 >= canvas.size.width || canvas[x + 1, y].width != 0) {
        return false
      }
      if cell.width == 0 && (x == 0 || canvas[x - 1, y].width != 2) { return false }
    }
  }
  return true
}

@MainActor
@Test(arguments: 0..<120 as Range<UInt64>)
func framesRunFromTheFirstScreenToTheLastAndStayInBounds(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  let first = randomContent(&rng)
  let second = randomContent(&rng)
  let size = [
    Size(width: 60, height: 20), Size(width: 80, height: 24), Size(width: 41, height: 12),
  ][Int(seed % 3)]
  let frames = ShelfScreen.frames(from: first, to: second, size: size, framesPerSecond: 30)
  let delta = SectionDelta(from: first.sections, to: second.sections)
  #expect(
    EntryChanges(from: DisplayModel(first), to: DisplayModel(second), delta: delta)
      .isFromSectionDelta)
  let start = ShelfScreen.renderFirstScreen(content: first, size: size)
  let end = ShelfScreen.renderFirstScreen(content: second, size: size)
  #expect(frames.first == start)
  #expect(frames.last == end)
  let bottom = size.height - 1
  for (index, frame) in frames.enumerated() {
    #expect(isWellFormed(frame), "frame \(index) splits a wide character")
    // The table never draws over the status line or the key hint...
    #expect(
      frame.row(0) == start.row(0) || frame.row(0) == end.row(0), "frame \(index): status line")
    #expect(frame.row(bottom) == start.row(bottom), "frame \(index): key hint")
    // ...nor in the side columns, which hold only the scroll indicators and focus mark.
    for y in 1..<bottom {
      #expect([" ", "‹", "▸"].contains(frame[0, y].text), "frame \(index) line \(y): left column")
      #expect(
        [" ", "›"].contains(frame[size.width - 1, y].text), "frame \(index) line \(y): right column"
      )
    }
  }
}

// MARK: - Timing and coordination

@MainActor
private func animatedScreen(_ content: ShelfContent = AnimationFixtures.base) -> ShelfScreen {
  let screen = ShelfScreen(content: content, configuration: configuration, updates: .immediate)
  _ = screen.render(size: size, now: 0)
  return screen
}

@MainActor
@Test func noFrameIsAskedForWhileNothingMoves() {
  let screen = animatedScreen()
  #expect(screen.nextFrameDeadline(now: 1000) == nil)
  screen.setContent(AnimationFixtures.changes[0].content)
  #expect(screen.nextFrameDeadline(now: 1000) == 1000)  // draw at once
  _ = screen.render(size: size, now: 1000)
  #expect(screen.nextFrameDeadline(now: 1000) == 1016)  // then at 60 frames a second
  _ = screen.render(size: size, now: 1290)
  #expect(screen.nextFrameDeadline(now: 1290) == 1300)  // the last frame lands on the end
  _ = screen.render(size: size, now: 1300)
  #expect(screen.nextFrameDeadline(now: 1300) == nil)
}

@MainActor
@Test func updatesDuringAnAnimationCoalesceIntoTheNewest() {
  let screen = animatedScreen()
  let first = AnimationFixtures.changes[0].content  // inserts row "new"
  let skipped = AnimationFixtures.changed {
    $0[1].rows.append(AnimationFixtures.row("skipped", ["q"]))
  }
  let newest = AnimationFixtures.changes[1].content  // deletes r2
  screen.setContent(first)
  _ = screen.render(size: size, now: 0)
  screen.setContent(skipped)
  screen.setContent(newest)
  #expect(screen.shownRowIDs.contains("new"))  // the first batch is still on screen
  var drawn: [String] = []
  var now: UInt64 = 0
  while let deadline = screen.nextFrameDeadline(now: now) {
    now = deadline
    drawn.append(TextBackend.text(of: screen.render(size: size, now: now)))
  }
  #expect(now == 600)  // two batches: first, then newest
  #expect(!drawn.contains { $0.contains("Row skipped") })
  #expect(screen.shownRowIDs == ["r1", "r3", "r4"])
  #expect(
    drawn.last == TextBackend.text(of: ShelfScreen.renderFirstScreen(content: newest, size: size)))
}

@MainActor
@Test func theTablesBatchWaitsForEveryCarousel() {
  let before = TransitionEnd(model: DisplayModel(AnimationFixtures.base), state: ViewState())
  let after = TransitionEnd(
    model: DisplayModel(AnimationFixtures.changes.first { $0.name == "card-insert" }!.content),
    state: ViewState())
  let transition = TableTransition(from: before, to: after, size: size)
  #expect(Set(transition.carousels.keys) == ["r1"])
  var animator = TableAnimator(configuration: configuration)
  animator.begin(transition, carouselsStartWithTable: false)
  let atStart = animator.advance(to: 0)
  #expect(atStart == TableAnimator.Events())
  animator.startCarousel("r1", at: 120)  // its holder delivered the cards later
  let atTableEnd = animator.advance(to: 300)
  // The table's own animation has ended...
  #expect(atTableEnd == TableAnimator.Events(tableEnded: true))
  #expect(animator.isBusy)  // ...but the carousel has not
  #expect(animator.carouselProgress("r1", at: 300) == 0.6)
  #expect(animator.nextFrameDeadline(now: 300) != nil)
  let atCarouselEnd = animator.advance(to: 420)
  #expect(atCarouselEnd == TableAnimator.Events(carouselsEnded: ["r1"], batchEnded: true))
  #expect(!animator.isBusy)
}

@MainActor
@Test func focusAndOffsetsSurviveAnAnimation() {
  let screen = animatedScreen()
  for _ in 0..<4 { _ = screen.handle(.right, size: size) }  // r1: card e, offset 2
  #expect(screen.focusedIDs.card == "e")
  #expect(screen.rememberedOffset(ofRow: "r1") == 2)
  _ = screen.handle(.down, size: size)  // r2
  _ = screen.handle(.up, size: size)  // back to r1, card e
  let target = AnimationFixtures.changed { sections in
    sections[0].rows[0].cards.insert(AnimationFixtures.card("new"), at: 0)
    sections[0].rows.insert(AnimationFixtures.row("top", ["t"]), at: 0)
  }
  screen.setContent(target)
  var now: UInt64 = 0
  while let deadline = screen.nextFrameDeadline(now: now) {
    now = deadline
    let text = TextBackend.text(of: screen.render(size: size, now: now))
    #expect(text.contains("┃Card e"), "at \(now) the focused card is not drawn")
  }
  #expect(screen.focusedIDs == ("r1", "e"))
  // Card e is now sixth: the row scrolled to keep it in view.
  #expect(screen.rememberedOffset(ofRow: "r1") == 3)
}

@MainActor
@Test func aKeyDuringAnAnimationEndsItAndLetsTheWaitingChangeIn() {
  let screen = animatedScreen()
  screen.setContent(AnimationFixtures.changes[0].content)
  _ = screen.render(size: size, now: 0)
  screen.setContent(AnimationFixtures.changes[1].content)
  #expect(screen.handle(.right, size: size) == .redraw)
  #expect(screen.focusedIDs.card == "b")
  #expect(screen.shownRowIDs == ["r1", "r3", "r4"])  // the waiting change started
  #expect(screen.nextFrameDeadline(now: 50) == 50)
}

@MainActor
@Test func aLargeBatchSnapsInsteadOfAnimating() {
  let screen = ShelfScreen(
    content: AnimationFixtures.base, configuration: ScreenConfiguration(largeBatchLimit: 3),
    updates: .immediate)
  _ = screen.render(size: size, now: 0)
  screen.setContent(
    AnimationFixtures.changed { sections in
      sections[0].rows[0].cards.reverse()
      sections[0].rows[1].cards.reverse()
    })
  #expect(screen.nextFrameDeadline(now: 10) == nil)
}

@MainActor
@Test func aChangeOffScreenAppliesAtOnce() {
  let screen = animatedScreen()
  screen.setContent(
    AnimationFixtures.changed { $0[1].rows[1].cards.append(AnimationFixtures.card("far")) })
  #expect(screen.nextFrameDeadline(now: 10) == nil)
  #expect(screen.shownRowIDs.last == "r4")
}

@MainActor
@Test func easingStartsAndEndsSlowly() {
  #expect(Easing.inOut(0) == 0)
  #expect(Easing.inOut(1) == 1)
  #expect(Easing.inOut(0.5) == 0.5)
  #expect(Easing.inOut(0.1) < 0.1)
  #expect(Easing.inOut(0.9) > 0.9)
  #expect(Easing.lerp(10, 20, 0.25) == 13)
  #expect(Easing.lerp(10, -10, 0.5) == 0)
  #expect(Easing.round(-2.5) == -3)
}

@MainActor
@Test func aRowScrolledIntoViewMidUpdateShowsTheCurrentData() {
  let screen = animatedScreen()
  screen.setContent(
    AnimationFixtures.changed { sections in
      sections[0].rows[0].cards[0].title = "Card a, edited"  // on screen: animates
      sections[1].rows[1].cards = [AnimationFixtures.card("fresh")]  // r4, below the screen
    })
  _ = screen.render(size: size, now: 0)
  _ = screen.render(size: size, now: 100)
  for _ in 0..<3 { _ = screen.handle(.down, size: size) }
  #expect(screen.focusedIDs == ("r4", "fresh"))
  let text = TextBackend.text(of: screen.render(size: size, now: 120))
  #expect(text.contains("┃Card fresh"))
  #expect(!text.contains("Card m"))
}

@MainActor
@Test func emptyContentShowsAMessageAndKeysStillWork() {
  let empty = ShelfContent(title: "Nothing", sections: [])
  let screen = ShelfScreen(content: empty, configuration: configuration, updates: .immediate)
  let text = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(text.contains("no rows"))
  #expect(text.contains("Nothing · 0 rows"))
  for key in [
    Key.down, .up, .left, .right, .end, .home, .character("$"), .character("0"), .pageDown, .enter,
  ] {
    _ = screen.handle(key, size: size)
  }
  #expect(!screen.isShowingDetails)
  screen.setContent(AnimationFixtures.base)
  #expect(screen.focusedIDs == ("r1", "a"))
  screen.setContent(empty)  // waits for the first change to finish
  var now: UInt64 = 0
  var last = ""
  while let deadline = screen.nextFrameDeadline(now: now) {
    now = deadline
    last = TextBackend.text(of: screen.render(size: size, now: now))
  }
  #expect(now == 600)
  #expect(last.contains("no rows"))
}

/// `content` with some rows and cards repeated (ids that are not unique, as bad data has).
private func withDuplicates(_ content: ShelfContent, _ rng: inout SeededGenerator) -> ShelfContent {
  var content = content
  for s in content.sections.indices {
    for r in content.sections[s].rows.indices where !content.sections[s].rows[r].cards.isEmpty {
      if Bool.random(using: &rng) {
        let card = content.sections[s].rows[r].cards.randomElement(using: &rng)!
        content.sections[s].rows[r].cards.insert(card, at: 0)
      }
    }
    if let row = content.sections[s].rows.first, Bool.random(using: &rng) {
      content.sections[Int.random(in: content.sections.indices, using: &rng)].rows.append(row)
    }
  }
  return content
}

@MainActor
@Test(arguments: 0..<60 as Range<UInt64>)
func repeatedIdsAnimateWithoutLosingTheirWay(seed: UInt64) {
  var rng = SeededGenerator(seed: seed &+ 1000)
  let first = withDuplicates(randomContent(&rng), &rng)
  let second = withDuplicates(randomContent(&rng), &rng)
  let size = Size(width: 80, height: 24)
  let frames = ShelfScreen.frames(from: first, to: second, size: size, framesPerSecond: 30)
  #expect(frames.first == ShelfScreen.renderFirstScreen(content: first, size: size))
  #expect(frames.last == ShelfScreen.renderFirstScreen(content: second, size: size))
  #expect(frames.allSatisfy(isWellFormed))
}

@Test(arguments: AnimationFixtures.changes.map(\.name))
func theSectionDeltaDescribesEachKindOfChange(name: String) throws {
  let target = try #require(AnimationFixtures.changes.first { $0.name == name }).content
  let old = DisplayModel(AnimationFixtures.base)
  let new = DisplayModel(target)
  let changes = EntryChanges(
    from: old, to: new, delta: SectionDelta(from: old.content.sections, to: new.content.sections))
  #expect(changes.isFromSectionDelta)
  // Every survivor is linked both ways; everything else is inserted or deleted.
  for (index, kind) in changes.oldKinds.enumerated() {
    #expect((kind == .deleted) == (changes.newOfOld[index] < 0))
    if changes.newOfOld[index] >= 0 {
      #expect(old.entries[index].id == new.entries[changes.newOfOld[index]].id)
      #expect(changes.oldOfNew[changes.newOfOld[index]] == index)
    }
  }
  for (index, kind) in changes.newKinds.enumerated() {
    #expect((kind == .inserted) == (changes.oldOfNew[index] < 0))
  }
}

@Test func aMovedSectionTakesItsRowsWithIt() {
  let old = DisplayModel(AnimationFixtures.base)
  let new = DisplayModel(AnimationFixtures.changed { $0.swapAt(0, 1) })
  let changes = EntryChanges(
    from: old, to: new, delta: SectionDelta(from: old.content.sections, to: new.content.sections))
  let moved = new.entries.indices.filter { changes.kind(new: $0) == .moved }.map {
    new.entries[$0].id
  }
  let still = new.entries.indices.filter { changes.kind(new: $0) == .stable }.map {
    new.entries[$0].id
  }
  // One section moves (with its header and both rows); the other holds still.
  #expect(moved.count == 3 && still.count == 3)
  #expect(Set(moved + still).count == 6)
}

@MainActor
@Test func endedTransitionsAndReplacedLayoutsGoToOnDiscard() {
  let screen = animatedScreen()
  var discarded = 0
  screen.onDiscard = { retired in discarded += retired.values.count }
  screen.setContent(AnimationFixtures.changes[0].content)
  _ = screen.render(size: size, now: 1000)
  #expect(discarded == 1)  // the layout before, which the transition holds too
  _ = screen.render(size: size, now: 1300)
  #expect(discarded == 2)  // the ended transition
  screen.setContent(AnimationFixtures.changes[1].content)
  _ = screen.render(size: size, now: 2000)
  _ = screen.handle(.character("l"), size: size)  // a key ends the transition at once
  #expect(discarded == 4)
  #expect(screen.nextFrameDeadline(now: 2000) == nil)
}
