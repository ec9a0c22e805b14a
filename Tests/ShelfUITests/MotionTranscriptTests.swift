import TestSupport
import Testing

@testable import ShelfUI

// Transcripts of updates moving things across the focus, as the interactive
// screen animates them (the focus stays where the user browses): each is a
// golden, and `everyFrameOfAGoldenTranscriptIsReadable` checks its frames.

private let size = AnimationFixtures.size

/// The frames of `change` on a screen of `AnimationFixtures.base` focused by
/// `keys`, one every 100 ms of a 300 ms animation, from the screen before to
/// the screen at rest.
@MainActor
private func transcript(keys: [Key], change: (inout [ShelfSection]) -> Void) -> [Canvas] {
  let screen = ShelfScreen(
    content: AnimationFixtures.base, configuration: ScreenConfiguration(animationDuration: 300),
    updates: .immediate)
  _ = screen.render(size: size, now: 0)
  for key in keys { _ = screen.handle(key, size: size) }
  var frames = [screen.render(size: size, now: 0)]
  screen.setContent(AnimationFixtures.changed(change))
  var now: UInt64 = 0
  while screen.nextFrameDeadline(now: now) != nil {
    now += 100
    frames.append(screen.render(size: size, now: now))
  }
  return frames
}

@MainActor
@Test func aRowMovingPastTheFocusedRowSlidesUnderIt() {
  let frames = transcript(keys: [.down]) { sections in  // focus: r2
    sections[0].rows.insert(sections[1].rows.remove(at: 1), at: 0)  // r4 to the top
  }
  #expect(frames.allSatisfy { TextBackend.text(of: $0).contains("▸Row r2") })
  expectGolden(TextBackend.transcript(of: frames), named: "motion-row-moves-past-focus")
}

@MainActor
@Test func theFocusedRowMovingToAnotherSectionKeepsTheFocus() {
  let frames = transcript(keys: [.down, .right]) { sections in  // focus: r2, card g
    sections[1].rows.insert(sections[0].rows.remove(at: 1), at: 1)
  }
  #expect(frames.allSatisfy { TextBackend.text(of: $0).contains("┃Card g") })
  expectGolden(TextBackend.transcript(of: frames), named: "motion-focused-row-changes-section")
}

@MainActor
@Test func aCardMovingAcrossTheFocusedCardPassesUnderIt() {
  let frames = transcript(keys: [.right]) { sections in  // focus: r1, card b
    sections[0].rows[0].cards.insert(sections[0].rows[0].cards.remove(at: 0), at: 2)
  }
  #expect(frames.allSatisfy { TextBackend.text(of: $0).contains("┃Card b") })
  expectGolden(TextBackend.transcript(of: frames), named: "motion-card-moves-across-focus")
}

@MainActor
@Test func aDeletionDirectlyAboveTheFocusCollapsesWithoutMovingIt() {
  let frames = transcript(keys: [.down]) { sections in  // focus: r2
    sections[0].rows.remove(at: 0)
  }
  #expect(frames.allSatisfy { TextBackend.text(of: $0).contains("▸Row r2") })
  expectGolden(TextBackend.transcript(of: frames), named: "motion-deletion-above-focus")
}
