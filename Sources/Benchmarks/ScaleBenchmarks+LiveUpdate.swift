import Foundation
import ShelfCatalog
import ShelfContentMapping
import ShelfDiff
import ShelfUI

// MARK: - Live update: 1% of a million cards through the diff, the holders and the screen

extension ScaleBenchmarks {
  /// A row as a diffable section of cards, so one `SectionDelta` matches
  /// cards across all rows.
  private struct Strip: DiffableSection {
    var id: String
    var title: String
    var items: [Card]

    init(_ row: Row) {
      id = row.id
      title = row.title
      items = row.items
    }

    func hasSameHeader(as other: Strip) -> Bool { title == other.title }
  }

  /// A 1% change of the million cards (2,500 each of deletions, insertions,
  /// moves and edits): from the snapshot to the delta being ready.
  @MainActor
  static func liveUpdate(from old: Catalog, to new: Catalog, _ harness: inout Harness) {
    guard
      harness.includes("1% of 1M: rows") || harness.includes(liveHolderCase)
        || harness.includes(screenCase) || harness.includes(screenDeltaCase)
        || harness.includes("1M cards: Catalog to ShelfContent")
        || harness.includes(cardHolderCase)
    else { return }
    harness.heading("live update: 1% of 1M cards changed", result: "moves")
    let runs = harness.isQuick ? 1 : 5

    // The worst case of the app's nested path: the table diffs sections of
    // rows, and every reloaded row's cards are diffed (the app diffs only the
    // visible carousels; the live holders below measure that).
    harness.measure("1% of 1M: rows, then cards of every changed row", runs: runs) {
      let table = SectionDelta(from: old.sections, to: new.sections)
      var moves = table.items.moves.count
      for reload in table.items.reloads {
        let before = old.sections[reload.from.section].rows[reload.from.item].items
        let after = new.sections[reload.to.section].rows[reload.to.item].items
        moves += IndexDelta(from: before, to: after).moves.count
      }
      return moves
    }

    // The live holders, as the app drives them: the table's holder diffs
    // sections of rows off the main thread and hands reloaded rows to the
    // carousels of the visible rows, whose own holders diff their cards.
    if harness.includes(liveHolderCase) {
      liveHolders(from: old, to: new, changeLimit: nil, runs: runs, &harness)
      liveHolders(from: old, to: new, changeLimit: .max, runs: runs, &harness)
    }

    // One delta over every card, matched across rows.
    let oldStrips = old.rows.map(Strip.init)
    let newStrips = new.rows.map(Strip.init)
    let bare = harness.measure("1% of 1M: cards across all rows in one delta", runs: runs) {
      SectionDelta(from: oldStrips, to: newStrips).items.moves.count
    }
    if harness.includes(cardHolderCase) {
      cardHolder(from: oldStrips, to: newStrips, bare: bare, runs: runs, &harness)
    }

    // Work shelf does per snapshot before setContent (it maps the catalog to
    // ShelfContent and lets the old one go), on its converter's background
    // queue: it delays the update, not the keys.
    harness.measure("1M cards: Catalog to ShelfContent and release", runs: runs) {
      ShelfContent(new).sections.count
    }

    // The app's whole path in process: ShelfScreen.setContent hands the
    // snapshot to its live holders, which diff off the main thread and
    // deliver the batch on the main queue; then the first animated frame.
    if harness.includes(screenCase) {
      screenUpdate(from: old, to: new, runs: runs, &harness)
    }
    // The app's path with several sources' plumbing: each snapshot is also
    // diffed against the one before on its converter's queue, and the screen
    // takes it with that delta, which its holder only replay-checks.
    if harness.includes(screenDeltaCase) {
      screenUpdate(from: old, to: new, runs: runs, withDelta: true, &harness)
    }
  }

  /// A catalog snapshot to the first frame of its transition: the catalog
  /// converted to screen content (which shelf does on its converter's queue),
  /// then `ShelfScreen.setContent` through the screen's own live holders (the
  /// interactive screen's path): the main queue runs until the screen asks to
  /// be drawn, then one frame is drawn. Both figures are printed: from the
  /// catalog, and from `setContent` (content already converted). Between runs
  /// the transition is played to its end (time stepped at 60 fps).
  /// `withDelta`: the converted content is also diffed against the content
  /// before (counted with the conversion, as the app's converter queue does
  /// both), and given to `ShelfScreen.setContent(_:delta:)`.
  @MainActor
  private static func screenUpdate(
    from oldCatalog: Catalog, to newCatalog: Catalog, runs: Int, withDelta: Bool = false,
    _ harness: inout Harness
  ) {
    let before = ShelfContent(oldCatalog)
    var previous = before
    final class Flag {
      var isSet = false
    }
    let needsDisplay = Flag()
    let screen = ShelfScreen(content: before)
    screen.onNeedsDisplay = { needsDisplay.isSet = true }
    let size = Size(width: 120, height: 40)
    var now: UInt64 = 1_000
    _ = screen.render(size: size, now: now)
    var samples: [Double] = []
    var withConversion: [Double] = []
    var frames = 0
    var counts: [String: Int] = [:]
    for run in 0...runs {
      needsDisplay.isSet = false
      PathCounters.reset()
      let converted = Monotonic.seconds()
      let content = ShelfContent(run.isMultiple(of: 2) ? newCatalog : oldCatalog)
      let delta =
        withDelta ? SectionDelta(sectionsFrom: previous.rows, to: content.rows) : nil
      if withDelta {
        // As the app's converter: one diff, then one hop to the main queue.
        PathCounters.noteDiff("converter")
        PathCounters.noteHop("converter")
      }
      previous = content
      let start = Monotonic.seconds()
      if withDelta {
        screen.setContent(content, delta: delta)
      } else {
        screen.setContent(content)
      }
      guard Main.run(until: { needsDisplay.isSet }, timeout: 10) else {
        print("  ShelfScreen: no batch within 10 s of setContent")
        return
      }
      now += 1_000
      Harness.sink &+= screen.render(size: size, now: now).size.width
      if run > 0 {
        samples.append(Monotonic.seconds() - start)
        withConversion.append(Monotonic.seconds() - converted)
      }
      // Play the transition and the carousels' batches to the end.
      var quietSince = Monotonic.seconds()
      while Monotonic.seconds() - quietSince < 0.05 {
        needsDisplay.isSet = false
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
        if let deadline = screen.nextFrameDeadline(now: now) {
          now = max(deadline, now + 1)
          Harness.sink &+= screen.render(size: size, now: now).size.width
          frames += 1
          quietSince = Monotonic.seconds()
        } else if needsDisplay.isSet {
          Harness.sink &+= screen.render(size: size, now: now).size.width
          quietSince = Monotonic.seconds()
        }
      }
      if run > 0 { counts.merge(PathCounters.snapshot, uniquingKeysWith: +) }
    }
    printPathCounts(counts, changes: runs)
    if withDelta {
      harness.printSamples(
        "1% of 1M, catalog to first frame (convert, diff, setContent with delta)",
        seconds: withConversion)
      harness.printSamples(
        screenDeltaCase, seconds: samples,
        note: "\(frames / (runs + 1)) animated frames per update")
      return
    }
    let whole = harness.printSamples(
      "1% of 1M, catalog to first frame (convert, setContent)", seconds: withConversion)
    let m = harness.printSamples(
      screenCase, seconds: samples, note: "\(frames / (runs + 1)) animated frames per update")
    if let whole {
      Harness.headline("1% of 1M cards: catalog snapshot to first frame, in process", whole)
    }
    if let m {
      harness.check(
        "1% of 1M cards: setContent to first frame (converted)", m.median, below: 0.150
      ) {
        Harness.format(seconds: $0)
      }
    }
  }

  /// Prints what one change cost on its way to the screen (`PathCounters`,
  /// summed over `changes`): diffs and main-queue hops per change, by step.
  private static func printPathCounts(_ counts: [String: Int], changes: Int) {
    guard changes > 0 else { return }
    func perChange(_ prefix: String) -> (total: Double, steps: String) {
      let named = counts.filter { $0.key.hasPrefix(prefix) }.sorted { $0.key < $1.key }
      let total = Double(named.map(\.value).reduce(0, +)) / Double(changes)
      let steps = named.map { name, count in
        "\(name.dropFirst(prefix.count)) \(Harness.fixed(Double(count) / Double(changes)))"
      }
      return (total, steps.isEmpty ? "none" : steps.joined(separator: ", "))
    }
    let diffs = perChange("diff: ")
    let hops = perChange("hop: ")
    let stages = Set(counts.keys.filter { $0.hasPrefix("hop: ") }).count
    print(
      "  per change: \(Harness.fixed(diffs.total)) diffs (\(diffs.steps)); "
        + "\(Harness.fixed(hops.total)) main-queue hops in \(stages) stages (\(hops.steps))")
  }

  /// The same delta through the live holder: a `CollectionSectionData` of
  /// the rows as sections of cards (a million items) with both thresholds
  /// raised, so it diffs instead of reloading (by default, above 10,000
  /// items it reloads), timed from `update(_:)` to its batch on the main
  /// queue. Its CPU time (the process's, every thread) is set against the
  /// bare `SectionDelta`'s of the same change, computed on this thread just
  /// before each update, so a busy machine slows both alike: the holder's
  /// own cost is the ratio's excess over 1 (replay check, queues, commit).
  @MainActor
  private static func cardHolder(
    from old: [Strip], to new: [Strip], bare: Harness.Measurement?, runs: Int,
    _ harness: inout Harness
  ) {
    let holder = CollectionSectionData(old)
    holder.dataCountThreshold = .max
    holder.changeCountThreshold = .max
    let probe = BatchProbe()
    holder.view = probe
    var times: [Double] = []
    var cpuTimes: [Double] = []
    var bareCPUTimes: [Double] = []
    var moves = 0
    for run in 0...runs {
      let (from, to) = run.isMultiple(of: 2) ? (old, new) : (new, old)
      let bareStart = Harness.cpuNow()
      Harness.sink &+= SectionDelta(from: from, to: to).items.moves.count
      let bareCPU = Harness.cpuNow() - bareStart
      probe.reset()
      let start = Monotonic.seconds()
      let cpuStart = Harness.seconds(of: CLOCK_PROCESS_CPUTIME_ID)
      holder.update(to)
      guard Main.run(until: { probe.batchAt != nil || probe.didReloadData }, timeout: 30) else {
        print("  \(cardHolderCase): no batch within 30 s")
        return
      }
      if probe.didReloadData {
        print("  \(cardHolderCase): reloaded instead of a batch")
        return
      }
      guard run > 0 else { continue }  // the first run warms up
      times.append((probe.batchAt ?? Monotonic.seconds()) - start)
      cpuTimes.append(Harness.seconds(of: CLOCK_PROCESS_CPUTIME_ID) - cpuStart)
      bareCPUTimes.append(bareCPU)
      moves = probe.moves
    }
    guard
      let m = harness.printSamples(
        cardHolderCase, seconds: times, cpuSeconds: cpuTimes, note: "\(moves)")
    else { return }
    let bareCPU = Harness.median(bareCPUTimes)
    let ratio = (m.cpuMedian ?? m.median) / bareCPU
    print(
      "  (cpu: every thread of the process; the bare SectionDelta of the same change: "
        + Harness.format(seconds: bareCPU) + " of CPU, so the holder costs "
        + Harness.format(ratio: ratio) + " of it)")
    if let bare {
      print(
        "  holder / bare SectionDelta, wall-time medians: "
          + Harness.format(ratio: m.median / bare.median))
    }
    harness.check(
      "1% of 1M cards through CollectionSectionData / bare SectionDelta, CPU", ratio, below: 2,
      orEqual: true
    ) { Harness.format(ratio: $0) }
  }

  /// Submits `new` and `old` in turn to a `CollectionSectionData` of the
  /// catalog's sections (items: rows) with a probe view, and times each update
  /// from `update(_:)` to the table's batch and to the batches of the visible
  /// rows' carousels (8 rows, `CollectionData<Card>` each; other reloaded rows
  /// complete at once, as off-screen changes apply at once).
  @MainActor
  private static func liveHolders(
    from old: Catalog, to new: Catalog, changeLimit: Int?, runs: Int, _ harness: inout Harness
  ) {
    let table = CollectionSectionData(old.sections)
    if let changeLimit { table.changeCountThreshold = changeLimit }
    let probe = TableProbe(
      table: table, visibleRows: old.sections[0].rows.prefix(8).map(\.id), in: old)
    table.view = probe
    table.manualReloadDelegate = probe
    var tableTimes: [Double] = []
    var visibleTimes: [Double] = []
    var reloads = 0
    var fellBack = false
    for run in 0...runs {
      probe.reset()
      let start = Monotonic.seconds()
      table.update(run.isMultiple(of: 2) ? new.sections : old.sections)
      guard Main.run(until: { probe.isDone }, timeout: 30) else {
        print("  live holders: the update did not complete within 30 s")
        return
      }
      guard run > 0 else { continue }  // the first run warms up
      tableTimes.append((probe.tableBatchAt ?? start) - start)
      visibleTimes.append((probe.visibleDoneAt ?? probe.tableBatchAt ?? start) - start)
      reloads = probe.handedOver
      fellBack = fellBack || probe.didReloadData
    }
    let label = changeLimit == nil ? "default limits" : "no change limit"
    let path = fellBack ? "reloadData (too many changes)" : "\(reloads) rows handed to carousels"
    harness.printSamples(
      "1% of 1M, live holders (\(label)): table batch", seconds: tableTimes, note: path)
    let m = harness.printSamples(
      "1% of 1M, live holders (\(label)): visible cards", seconds: visibleTimes,
      note: "8 visible carousels diffed and delivered")
    if let m, changeLimit == nil {
      harness.check("1% of 1M cards: holders to visible batches", m.median, below: 0.150) {
        Harness.format(seconds: $0)
      }
    }
  }
}

/// The table of carousels as the live holders see it: records when batches
/// arrive; hands reloaded visible rows to their carousels' holders.
@MainActor
private final class TableProbe: SectionDeltaUpdatableView, CollectionDataManualReloadDelegate {
  private unowned let table: CollectionSectionData<Section>
  private var strips: [String: (data: CollectionData<Card>, view: StripProbe)] = [:]
  private(set) var tableBatchAt: Double?
  private(set) var visibleDoneAt: Double?
  private(set) var didReloadData = false
  private(set) var handedOver = 0
  private var pendingStrips = 0
  private var isTableDone = false

  init(table: CollectionSectionData<Section>, visibleRows: [String], in catalog: Catalog) {
    self.table = table
    for row in catalog.sections[0].rows where visibleRows.contains(row.id) {
      let data = CollectionData(row.items)
      let view = StripProbe()
      data.view = view
      strips[row.id] = (data, view)
    }
  }

  var isDone: Bool { isTableDone && pendingStrips == 0 }

  func reset() {
    tableBatchAt = nil
    visibleDoneAt = nil
    didReloadData = false
    handedOver = 0
    pendingStrips = 0
    isTableDone = false
  }

  func performBatchUpdates(
    _ delta: SectionDelta, updateData: @escaping () -> Void, completion: @escaping () -> Void
  ) {
    tableBatchAt = Monotonic.seconds()
    updateData()
    completion()
    isTableDone = true
  }

  func reloadData() {
    tableBatchAt = Monotonic.seconds()
    didReloadData = true
    isTableDone = true
    for (id, strip) in strips {
      if let row = table.sections.lazy.flatMap(\.rows).first(where: { $0.id == id }) {
        strip.data.update(row.items)
      }
    }
  }

  func willHandleReload(at pair: ItemPathPair) -> Bool { true }

  func reloadItems(
    at itemPaths: [ItemPath], indexPathCompletion: @escaping @MainActor @Sendable (ItemPath) -> Void
  ) {
    handedOver = itemPaths.count
    let sections = table.sections
    for path in itemPaths {
      let row = sections[path.section].rows[path.item]
      guard let strip = strips[row.id] else {
        indexPathCompletion(path)  // off screen: the new cards apply at once
        continue
      }
      pendingStrips += 1
      strip.view.onBatch = { [unowned self] in
        pendingStrips -= 1
        if pendingStrips == 0 { visibleDoneAt = Monotonic.seconds() }
        indexPathCompletion(path)
      }
      // A row whose cards did not change gets no batch: its completion says so.
      let view = strip.view
      strip.data.update(row.items) { MainActor.assumeIsolated { view.fire() } }
    }
  }
}

/// A view of any sections that notes when its batch arrived.
@MainActor
private final class BatchProbe: SectionDeltaUpdatableView {
  private(set) var batchAt: Double?
  private(set) var didReloadData = false
  private(set) var moves = 0

  func reset() {
    batchAt = nil
    didReloadData = false
  }

  func performBatchUpdates(
    _ delta: SectionDelta, updateData: @escaping () -> Void, completion: @escaping () -> Void
  ) {
    batchAt = Monotonic.seconds()
    moves = delta.items.moves.count
    updateData()
    completion()
  }

  func reloadData() { didReloadData = true }
}

/// A carousel as its holder sees it: says when its batch arrived.
@MainActor
private final class StripProbe: DeltaUpdatableView {
  var onBatch: (() -> Void)?

  func performBatchUpdates(
    _ delta: IndexDelta, section: Int, updateData: @escaping () -> Void,
    completion: @escaping () -> Void
  ) {
    updateData()
    completion()
    fire()
  }

  func reloadData() { fire() }

  func fire() {
    let action = onBatch
    onBatch = nil
    action?()
  }
}
