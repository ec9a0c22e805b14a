import PropertyBased
import ShelfDiff
import TestSupport
import Testing

@testable import ShelfUI

private let size = AnimationFixtures.size

/// Lets the main queue run (the holders deliver their batches there) until
/// `condition` holds; fails the test rather than hang if it never does.
@MainActor
private func yieldUntil(
  _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
) async {
  if await eventually(condition) { return }
  Issue.record("never happened: \(what)", sourceLocation: sourceLocation)
}

@MainActor
private func liveScreen(
  content: ShelfContent = AnimationFixtures.base, clock: ManualClock = ManualClock()
) -> ShelfScreen {
  let screen = ShelfScreen(
    content: content, configuration: ScreenConfiguration(animationDuration: 300),
    updates: .liveHolders(clock))
  _ = screen.render(size: size, now: 0)
  return screen
}

/// Draws frames when asked until the screen and its holders are idle; the texts drawn.
@MainActor
private func runToIdle(_ screen: ShelfScreen, from start: UInt64) async -> (
  frames: [String], end: UInt64
) {
  var now = start
  var frames: [String] = []
  let isIdle = await eventually {
    if let deadline = screen.nextFrameDeadline(now: now) {
      now = max(now, deadline)
      frames.append(TextBackend.text(of: screen.render(size: size, now: now)))
      return false
    }
    return screen.isSettled
  }
  if !isIdle { Issue.record("the screen never became idle") }
  return (frames, now)
}

// The limit is generous: the main actor this waits on is shared by every
// `@MainActor` test of the run, which can hold it for minutes on a busy
// machine; a broken deadline would still end the run, not hang it.
@MainActor
@Test(.timeLimit(.minutes(10))) func waitingGivesUpOnAConditionThatNeverHolds() async {
  var checks = 0
  let held = await eventually(timeout: .milliseconds(200)) {
    checks += 1
    return false
  }
  #expect(!held)
  #expect(checks > 1)
}

/// The screen fed through live holders, which diff on their own queues.
@MainActor @Suite struct LiveScreenConcurrencyTests {
  @Test func contentFlowsThroughTheHoldersAndAnimates() async {
    let screen = liveScreen()
    var woken = 0
    screen.onNeedsDisplay = { woken += 1 }
    let target = AnimationFixtures.changes[0].content  // inserts row "new"
    screen.setContent(target)
    #expect(!screen.shownRowIDs.contains("new"))  // the holder diffs off the main thread first
    await yieldUntil("the table committed") { screen.shownRowIDs.contains("new") }
    #expect(woken == 1)
    #expect(screen.table.animator.isBusy)
    let (frames, end) = await runToIdle(screen, from: 1000)
    #expect(frames.count > 2)
    #expect(end == 1300)
    #expect(
      frames.last
        == TextBackend.text(of: ShelfScreen.renderFirstScreen(content: target, size: size)))
  }

  @Test func theTablesBatchCompletesOnlyAfterEveryCarousel() async throws {
    let screen = liveScreen()
    let table = try #require(screen.table.liveTable)
    let target = AnimationFixtures.changed { sections in
      sections[0].rows[0].cards.insert(AnimationFixtures.card("new"), at: 1)  // r1's carousel
      sections[1].rows.remove(at: 1)  // and the table itself
    }
    screen.setContent(target)
    await yieldUntil("the table committed") { screen.table.animator.isBusy }
    #expect(screen.table.animator.transition?.carousels.keys.sorted() == ["r1"])
    #expect(table.carousels["r1"] != nil)
    await yieldUntil("r1's holder delivered its batch") {
      screen.table.carouselCompletions["r1"] != nil
    }
    // However soon the holder delivered, the carousel starts 100 ms after the table.
    screen.table.animator.startCarousel("r1", at: 100)
    _ = screen.render(size: size, now: 0)  // the table starts
    _ = screen.render(size: size, now: 300)  // the table's own animation ends
    #expect(screen.table.tableCompletion == nil)
    for _ in 0..<1000 { await Task.yield() }
    #expect(!table.data.isIdle)  // still waiting for r1
    #expect(screen.nextFrameDeadline(now: 300) != nil)
    _ = screen.render(size: size, now: 400)  // the carousel ends
    await yieldUntil("the table's batch completed") { table.isIdle }
    #expect(!screen.table.animator.isBusy)
    #expect(screen.nextFrameDeadline(now: 400) == nil)
    #expect(table.data.sections == target.rows)
    #expect(table.carousels["r1"]?.data.items == target.sections[0].rows[0].cards)
  }

  @Test func updatesDuringABatchCoalesceInTheHolders() async {
    let screen = liveScreen()
    let first = AnimationFixtures.changes[0].content
    let skipped = AnimationFixtures.changed {
      $0[1].rows.append(AnimationFixtures.row("skipped", ["q"]))
    }
    let newest = AnimationFixtures.changes[1].content
    screen.setContent(first)
    // The content chain would coalesce the three itself: let the first reach the table.
    await yieldUntil("the first change committed") { screen.shownRowIDs.contains("new") }
    screen.setContent(skipped)
    screen.setContent(newest)
    let (frames, _) = await runToIdle(screen, from: 0)
    #expect(!frames.contains { $0.contains("Row skipped") })
    #expect(frames.contains { $0.contains("Row new") })
    #expect(screen.shownRowIDs == ["r1", "r3", "r4"])
    #expect(
      frames.last
        == TextBackend.text(of: ShelfScreen.renderFirstScreen(content: newest, size: size)))
  }

  @Test func focusAndOffsetsSurviveBatchesFromTheHolders() async {
    let screen = liveScreen()
    for _ in 0..<4 { _ = screen.handle(.right, size: size) }  // r1: card e, offset 2
    screen.setContent(
      AnimationFixtures.changed { sections in
        sections[0].rows[0].cards.insert(AnimationFixtures.card("new"), at: 0)
        sections.swapAt(0, 1)
      })
    let (frames, _) = await runToIdle(screen, from: 0)
    #expect(frames.allSatisfy { $0.contains("┃Card e") })
    #expect(screen.focusedIDs == ("r1", "e"))
    #expect(screen.rememberedOffset(ofRow: "r1") == 3)
  }

  @Test func theFilterGoesThroughTheHoldersToo() async {
    let screen = liveScreen()
    for key in [
      Key.character("/"), .character("C"), .character("a"), .character("r"), .character("d"),
      .character(" "), .character("m"),
    ] {
      _ = screen.handle(key, size: size)
    }
    let (frames, _) = await runToIdle(screen, from: 0)
    #expect(screen.shownRowIDs == ["\u{0}best-matches", "r4"])
    #expect(frames.last?.contains("1 row matches “Card m”") == true)
    _ = screen.handle(.escape, size: size)  // closes the prompt and clears the filter
    _ = await runToIdle(screen, from: 1000)
    #expect(screen.shownRowIDs == ["r1", "r2", "r3", "r4"])
  }

  @Test func aKeyDuringAHolderBatchCompletesItForTheHolders() async throws {
    let screen = liveScreen()
    let table = try #require(screen.table.liveTable)
    screen.setContent(AnimationFixtures.changed { $0[0].rows[0].cards[1].title = "edited" })
    await yieldUntil("the table committed") { screen.table.animator.isBusy }
    _ = screen.render(size: size, now: 0)
    _ = screen.handle(.down, size: size)  // ends the animation
    #expect(!screen.table.animator.isBusy)
    await yieldUntil("the holders settled") { table.isIdle }
    #expect(screen.nextFrameDeadline(now: 10) == nil)
  }

  @Test func aCarouselTheWatchdogReleasedDoesNotHoldUpTheNextBatch() async throws {
    let clock = ManualClock()
    let screen = liveScreen(clock: clock)
    let table = try #require(screen.table.liveTable)
    screen.setContent(AnimationFixtures.changed { $0[0].rows[0].cards[1].title = "edited" })
    await yieldUntil("the table committed") { screen.table.animator.isBusy }
    await yieldUntil("r1's holder delivered its batch") {
      screen.table.carouselCompletions["r1"] != nil
    }
    screen.table.animator.startCarousel("r1", at: 100)  // it starts late
    _ = screen.render(size: size, now: 0)
    clock.advance(by: table.carouselTimeout)  // r1 has not finished: the watchdog lets it go
    _ = screen.render(size: size, now: 300)  // the table ends; r1 started late and is still going
    #expect(screen.table.carouselCompletions["r1"] != nil)
    await yieldUntil("the table's batch completed") { table.data.isIdle }
    let next = AnimationFixtures.changes[1].content
    screen.setContent(next)
    await yieldUntil("the next batch arrived") { screen.shownRowIDs == ["r1", "r3", "r4"] }
    // The released carousel was ended, not left hanging.
    #expect(screen.table.carouselCompletions.isEmpty)
    let (frames, _) = await runToIdle(screen, from: 400)
    #expect(
      frames.last == TextBackend.text(of: ShelfScreen.renderFirstScreen(content: next, size: size)))
    #expect(table.carousels["r1"]?.data.items == next.sections[0].rows[0].cards)
  }

  /// A change of an off-screen row's cards is not diffed (the holder's own
  /// diff names the row only); scrolled into view, the row shows its new
  /// cards exactly, still with no diff. The row on screen is diffed, once.
  @Test func anOffScreenRowIsDiffedOnlyIfItShows() async throws {
    let rows = (0..<12).map { r in
      AnimationFixtures.row("r\(r)", (0..<4).map { "c\(r).\($0)" })
    }
    let base = ShelfContent(
      title: "Rows", sections: [ShelfSection(id: "s", title: "All", rows: rows)])
    let screen = liveScreen(content: base)
    let table = try #require(screen.table.liveTable)
    var target = base
    target.sections[0].rows[0].cards.remove(at: 1)  // on screen
    target.sections[0].rows[11].cards.remove(at: 0)  // off screen
    target.sections[0].rows[11].cards.insert(AnimationFixtures.card("late"), at: 1)
    #expect(!screen.shownRowIDs.isEmpty)
    screen.setContent(target)
    await yieldUntil("the table committed") { table.data.sections == target.rows }
    _ = await runToIdle(screen, from: 1000)
    #expect(table.rowCardDiffCount == 1)  // r0's, not r11's
    #expect(table.carousels["r11"] == nil)
    // Scrolled to the last row: it shows the new cards, as a screen that
    // started with them shows it.
    let fresh = liveScreen(content: target)
    for _ in 0..<11 {
      _ = screen.handle(.down, size: size)
      _ = fresh.handle(.down, size: size)
    }
    let end = max(await runToIdle(screen, from: 2000).end, await runToIdle(fresh, from: 2000).end)
    let shown = TextBackend.text(of: screen.render(size: size, now: end + 1000))
    #expect(shown.contains("Card late"))
    #expect(!shown.contains("Card c11.0"))
    #expect(shown == TextBackend.text(of: fresh.render(size: size, now: end + 1000)))
    #expect(table.rowCardDiffCount == 1)
  }

  /// The filter's first key drops most cards of every row: the table reads
  /// on the main queue a change or two per row to find the changed rows,
  /// and the changes of the rows whose carousels show, not every card that
  /// left (reading them all, as it once did, cost 30 ms at 1M cards).
  @Test func aFilterKeyReadsTheShownRowsCardChangesNotEveryCard() async throws {
    let rows = (0..<60).map { r in
      AnimationFixtures.row("r\(r)", (0..<39).map { "c\(r).\($0)" } + ["q\(r)"])
    }
    let content = ShelfContent(
      title: "Rows", sections: [ShelfSection(id: "s", title: "All", rows: rows)])
    let screen = liveScreen(content: content)
    let table = try #require(screen.table.liveTable)
    // Only the q cards match: every row keeps 1 of its 40 cards.
    for key in [Key.character("/"), .character("q")] { _ = screen.handle(key, size: size) }
    _ = await runToIdle(screen, from: 0)
    #expect(screen.shownRowIDs.count == 61)  // Best matches, then every row
    _ = screen.handle(.escape, size: size)
    _ = await runToIdle(screen, from: 10_000)
    #expect(screen.shownRowIDs == rows.map(\.id))
    // The shown rows were told their changes, not diffed.
    #expect(table.rowCardDiffCount == 0)
    #expect(table.cardChangesRead > 0)
    // Two batches (the filter and its end) of 60 rows: a search per row
    // and list, and the 39 changes of each of the few rows shown, far
    // below the 2 × 60 × 39 changes of every card that left and came back.
    #expect(table.cardChangesRead <= 2 * (4 * 61 + 8 * 39))
  }

  @Test func throughTheHoldersTheLastContentAlwaysWins() async throws {
    await propertyCheck(count: 8, input: Gen.draws(2048)) { draws in
      var rng = draws
      let screen = liveScreen()
      let table = try #require(screen.table.liveTable)
      var content = AnimationFixtures.base
      var now: UInt64 = 0
      let keys: [Key] = [.up, .down, .left, .right, .end, .home, .character("$"), .character("0")]
      for step in 0..<60 {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0, 1:
          var sections = content.sections
          sections.shuffle(using: &rng)
          if !sections[0].rows.isEmpty {
            sections[0].rows[0].cards.shuffle(using: &rng)
            sections[0].rows[0].cards.append(AnimationFixtures.card("s\(step)"))
          }
          if Bool.random(using: &rng) { sections[1].rows.shuffle(using: &rng) }
          content.sections = sections
          screen.setContent(content)
        case 2: _ = screen.handle(keys.randomElement(using: &rng)!, size: size)
        case 3: await Task.yield()
        default:
          now += UInt64.random(in: 0...150, using: &rng)
          if screen.nextFrameDeadline(now: now) != nil { _ = screen.render(size: size, now: now) }
        }
      }
      _ = await runToIdle(screen, from: now + 1)
      #expect(table.isIdle)
      #expect(table.data.sections == content.rows)
      #expect(screen.shownRowIDs == content.sections.flatMap(\.rows).map(\.id))
      #expect(screen.table.carouselCompletions.isEmpty && screen.table.tableCompletion == nil)
      for (rowID, carousel) in table.carousels {
        guard let row = content.sections.flatMap(\.rows).first(where: { $0.id == rowID }) else {
          // A deleted row's carousel lingers, idle, until the next batch lets it go.
          #expect(carousel.data.isIdle, "row \(rowID)")
          continue
        }
        #expect(carousel.data.items == row.cards, "row \(rowID)")
      }
    }
  }
}
