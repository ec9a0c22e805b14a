import Foundation
import ShelfContentMapping
import ShelfUI

extension ScaleBenchmarks {
  /// Frames composed right after a key moves the focus one row down or up,
  /// with the million cards and with 10: the two rows whose focus changed are
  /// drawn afresh, the others reused: a headline figure, the frame a user
  /// waits for after each key.
  @MainActor
  static func composeAfterKeys(_ millionContent: ShelfContent, _ harness: inout Harness) {
    guard harness.includes("compose after a key") else { return }
    let ten = ShelfContent(GeneratedCatalog.make(rows: 5, cardsPerRow: 2, seed: seed))
    harness.heading("compose one frame after ↓ or ↑ (two rows drawn afresh)", result: "notes")
    let contents = [("1M cards", millionContent), ("10 cards", ten)]
    for size in sizes {
      let screens = contents.map { ShelfScreen(content: $0.1) }
      var step = 0
      let (samples, cpuSamples) = timeFrames(
        of: screens, size: size, seconds: harness.isQuick ? 0.5 : 2
      ) { screen, now in
        if screen === screens[0] { step += 1 }
        _ = screen.handle(step.isMultiple(of: 2) ? .up : .down, size: size)
        // Any scroll the key started plays out first: the frame measured is still.
        while let deadline = screen.nextFrameDeadline(now: now) {
          now = deadline
          Harness.sink &+= screen.render(size: size, now: now).size.width
        }
      }
      for (index, (cards, _)) in contents.enumerated() {
        let m = harness.printSamples(
          "compose after a key, \(cards) \(size.width)x\(size.height)", seconds: samples[index],
          cpuSeconds: cpuSamples[index])
        if let m, cards == "1M cards" {
          Harness.headline("frame after a key, 1M cards \(size.width)x\(size.height)", m)
        }
      }
    }
  }

  /// A character typed into the `/` filter with the million cards, per
  /// keystroke: the main thread's time from the key to the first frame of
  /// the filtered table (the key, the chain's result arriving, the holder's
  /// batch, that frame; the chain filters on its own queue and the holder
  /// checks its delta on its own), and the wall time until that frame shows.
  /// The first character builds the chain and matches every card; each next
  /// one matches every card again.
  ///
  /// Three kinds of round, each on a new screen: the first character typed
  /// as `/` opens, the screen's content long loaded (its search text made
  /// by the worker a moment after it came); the same right after the
  /// content came, before its search text is made (the key waits for it);
  /// and a pause after `/` until the prompt's chain is built.
  @MainActor
  static func filterKeys(_ millionContent: ShelfContent, _ harness: inout Harness) {
    let name = "filter 1M cards"
    guard harness.includes(name) else { return }
    let size = sizes[0]
    var first: (wall: [Double], cpu: [Double]) = ([], [])
    var atOnce: (wall: [Double], cpu: [Double]) = ([], [])
    var warmFirst: (wall: [Double], cpu: [Double]) = ([], [])
    var warmUp: [Double] = []
    var next: (wall: [Double], cpu: [Double]) = ([], [])
    var keyOnly: [Double] = []
    // Every thread's CPU time from the key to the filtered frame: the work a
    // key costs, which a busy machine does not inflate as it does wall time.
    var work: (first: [Double], next: [Double]) = ([], [])
    var now: UInt64 = 1_000
    // Each round's screen is let go only after the last round: the app
    // never lets its screen go, and freeing one (its holders' million cards,
    // on the main queue, from a block that lands in the next round) is no
    // key's cost.
    var screens: [ShelfScreen] = []
    defer { withExtendedLifetime(screens) {} }
    // Rounds of the third kind pause after `/` until the chain the open
    // prompt builds is ready, as a user who has not typed yet gives it time
    // to be; those of the first wait, before `/`, for the content's search
    // text, as a screen whose content came a moment ago has it.
    for round in 0..<(harness.isQuick ? 6 : 9) {
      let kind = round % 3
      let pauses = kind == 2
      let screen = ShelfScreen(content: millionContent)
      screens.append(screen)
      // As the app does: what the screen lets go of is freed off the main thread.
      screen.onDiscard = { retired in
        let values = consume retired
        DispatchQueue.global().async { withExtendedLifetime(values) {} }
      }
      _ = screen.render(size: size, now: now)
      if kind == 0 {
        let loaded = Monotonic.seconds()
        while !screen.isSearchTextReady && Monotonic.seconds() < loaded + 30 {
          _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
        }
      }
      let opened = Monotonic.seconds()
      _ = screen.handle(.character("/"), size: size)
      if pauses {
        while !screen.isContentChainIdle && Monotonic.seconds() < opened + 30 {
          _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
        }
        warmUp.append(Monotonic.seconds() - opened)
      }
      // A query that narrows, then one that soon matches nothing.
      let query: String = (round / 3).isMultiple(of: 2) ? "the" : "zqx"
      for (index, character) in query.enumerated() {
        let commits = screen.tableCommitCount
        let start = Monotonic.seconds()
        let cpuStart = Harness.cpuNow()
        let workStart = Harness.seconds(of: CLOCK_PROCESS_CPUTIME_ID)
        _ = screen.handle(.character(character), size: size)
        keyOnly.append(Harness.cpuNow() - cpuStart)
        guard screen.waitForFilteredTable(after: commits, until: start + 30) else {
          print("  \(name): no filtered table within 30 s")
          return
        }
        now += 1
        Harness.sink &+= screen.render(size: size, now: now).size.width
        let cpu = Harness.cpuNow() - cpuStart
        let wall = Monotonic.seconds() - start
        let processCPU = Harness.seconds(of: CLOCK_PROCESS_CPUTIME_ID) - workStart
        if index == 0 && pauses {
          work.first.append(processCPU)
        } else if index > 0 {
          work.next.append(processCPU)
        }
        if index == 0 && pauses {
          warmFirst.wall.append(wall)
          warmFirst.cpu.append(cpu)
        } else if index == 0 && kind == 0 {
          atOnce.wall.append(wall)
          atOnce.cpu.append(cpu)
        } else if index == 0 {
          first.wall.append(wall)
          first.cpu.append(cpu)
        } else {
          next.wall.append(wall)
          next.cpu.append(cpu)
        }
        // Play the filter's animation out before the next key.
        while let deadline = screen.nextFrameDeadline(now: now) {
          _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
          now = max(deadline, now + 1)
          Harness.sink &+= screen.render(size: size, now: now).size.width
        }
      }
    }
    let atOnceM = harness.printSamples(
      "\(name): first character typed as `/` opens, key to filtered frame",
      seconds: atOnce.wall, cpuSeconds: atOnce.cpu, note: "main thread")
    let firstM = harness.printSamples(
      "\(name): first character as `/` opens, right after the content came (its search text not made yet), key to filtered frame",
      seconds: first.wall, cpuSeconds: first.cpu, note: "main thread")
    let warmM = harness.printSamples(
      "\(name): first character once the prompt's chain is built, key to filtered frame",
      seconds: warmFirst.wall, cpuSeconds: warmFirst.cpu, note: "main thread")
    harness.printSamples("\(name): `/` to the prompt's chain built (worker)", seconds: warmUp)
    let nextM = harness.printSamples(
      "\(name): each next character, key to filtered frame", seconds: next.wall,
      cpuSeconds: next.cpu, note: "main thread")
    harness.printSamples("\(name): the key alone (main thread)", seconds: keyOnly)
    harness.printSamples(
      "\(name): CPU of every thread, key to filtered frame, first character once built",
      seconds: work.first)
    harness.printSamples(
      "\(name): CPU of every thread, key to filtered frame, each next character",
      seconds: work.next)
    if let atOnceM, let firstM, let warmM, let nextM {
      Harness.headline(
        "/ filter, 1M cards: key to filtered frame, first / next character",
        seconds: atOnceM.median,
        note: "next \(Harness.format(seconds: nextM.median)); first after a pause "
          + Harness.format(seconds: warmM.median))
      let worst = max(
        atOnceM.cpuMedian ?? atOnceM.median, firstM.cpuMedian ?? firstM.median,
        warmM.cpuMedian ?? warmM.median, nextM.cpuMedian ?? nextM.median)
      harness.check(
        "/ filter, 1M cards: main-thread time per keystroke, CPU median", worst, below: 0.016
      ) {
        Harness.format(seconds: $0)
      }
      // Wall time: what the user waits for, the worst of the three medians
      // (a first character typed within a moment of new content, which
      // waits for its search text, is printed apart).
      let slowest = max(atOnceM.median, warmM.median, nextM.median)
      harness.check(
        "/ filter, 1M cards, fuzzy and ranked: key to ranked frame, worst median", slowest,
        below: 0.150, orEqual: true
      ) {
        Harness.format(seconds: $0)
      }
      print(
        Harness.pad("  key to ranked frame / 150 ms target", to: Harness.nameWidth)
          + "  \(String(format: "%.2f", slowest / 0.150))× (first typed as `/` opens"
          + " \(Harness.format(seconds: atOnceM.median)),"
          + " first once built \(Harness.format(seconds: warmM.median)), next"
          + " \(Harness.format(seconds: nextM.median)))")
    }
  }
}

extension ScaleBenchmarks {
  /// The rows' search text for the `/` filter, which the content worker
  /// makes a moment after content comes: from the million cards' content to
  /// their text made, and from 1% of them changed (every row holds a
  /// change: each row's unchanged cards keep their text) to the text made
  /// again. Both include the worker's wait (`searchTextDelay`, 250 ms);
  /// the process's CPU, every thread, from the content to the text made.
  @MainActor
  static func searchTextAfterChurn(
    _ millionContent: ShelfContent, _ changed: ShelfContent, _ harness: inout Harness
  ) {
    let name = "filter 1M cards: search text"
    guard harness.includes(name) else { return }
    var fresh: (wall: [Double], cpu: [Double]) = ([], [])
    var again: (wall: [Double], cpu: [Double]) = ([], [])
    func waitForText(_ screen: ShelfScreen, into samples: inout (wall: [Double], cpu: [Double])) {
      let start = Monotonic.seconds()
      let cpuStart = Harness.seconds(of: CLOCK_PROCESS_CPUTIME_ID)
      // Polled: the worker tells the main thread nothing when it is done.
      while !screen.isSearchTextReady && Monotonic.seconds() < start + 30 {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.002))
      }
      samples.wall.append(Monotonic.seconds() - start)
      samples.cpu.append(Harness.seconds(of: CLOCK_PROCESS_CPUTIME_ID) - cpuStart)
    }
    for _ in 0..<(harness.isQuick ? 2 : 3) {
      let screen = ShelfScreen(content: millionContent)
      screen.onDiscard = { retired in
        let values = consume retired
        DispatchQueue.global().async { withExtendedLifetime(values) {} }
      }
      waitForText(screen, into: &fresh)
      screen.setContent(changed)
      waitForText(screen, into: &again)
    }
    harness.printSamples(
      "\(name) made, from the content (wall, with the 250 ms wait)", seconds: fresh.wall)
    harness.printSamples("\(name) made, from the content: CPU of every thread", seconds: fresh.cpu)
    harness.printSamples(
      "\(name) made again after 1% churn (wall, with the 250 ms wait)", seconds: again.wall)
    harness.printSamples(
      "\(name) made again after 1% churn: CPU of every thread (the table's diff included)",
      seconds: again.cpu)
  }
}

extension ShelfScreen {
  /// Runs the main run loop until the content chain has answered every
  /// request and the table has committed what the last answer brought (if
  /// anything) since it had committed `commits` batches; false once
  /// `deadline` (monotonic seconds) has passed.
  ///
  /// It blocks in the run loop until the main queue has work (no polling,
  /// which would bill the main thread for the wait).
  func waitForFilteredTable(after commits: Int, until deadline: Double) -> Bool {
    while Monotonic.seconds() < deadline {
      let chain = contentChainState
      if !chain.isWaiting && (chain.lastUpdateCount == 0 || tableCommitCount > commits) {
        return true
      }
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.25))
    }
    return false
  }
}
