/// Where every section header and row of the table is, on screen, part-way
/// through a batch, as UIKit's `performBatchUpdates` places them: all at once,
/// in one motion, each block one way.
///
/// - A **still** entry (one of the heaviest set of survivors that keeps its
///   order) goes from its line on screen before to its line after, and an
///   entry whose line is the same at both ends never moves.
/// - A **moved** entry on screen before or after travels straight, and at an
///   even pace, from its old line to its new one, over everything else (in a
///   reshuffle, the moved blocks set off one after the other: see below).
/// - A **deleted** entry collapses and an **inserted** one grows, in place
///   among the still entries around them, while everything else moves.
///
/// A still entry a moved block passes gives way as that block goes by (a
/// conveyor: the block's slot moves with it), so blocks that swap places leave
/// a gap no taller than one of the blocks that pass each other, and entries
/// the move does not pass stay still. The focused row is such a block too:
/// the rows it passes slide under it as it goes by. Where still entries
/// would have to go one way for one block and the other way for another (a
/// reshuffle, or a move against an insertion or a scroll), each gives way
/// only to the blocks passing it along its own way; the lines it would give
/// back to those passing it the other way (they go over it) are spread over
/// the whole motion, so it goes one way and keeps pace with its neighbours
/// rather than running ahead to its new line and leaving a gap behind.
/// Wherever the slots that several moved blocks leave and take would
/// show together as a gap taller than the tallest block a user sees move (a
/// reshuffle, or rows crossing while others close up), the blocks are
/// staggered in time (each sets off a little after the one before, in the
/// order of a few tried whose frames, as drawn, show the smallest gaps, then
/// each block's start moved alone while that helps), so the slots open one
/// after the other rather than all together.
///
/// Between two neighbouring still entries lies a gap: its deleted entries (in
/// old order) and inserted ones (in new order), stacked from its top, as open
/// as the progress says, and the slots that moved blocks leave or take. The
/// gap's size always equals what it holds, so the stack fits it.
///
/// A moved entry off screen at both ends is not drawn travelling: it collapses
/// at its old place and grows at its new one, as a deletion and an insertion do.
///
/// - Complexity: built in O(entries), and a reshuffle's staggering tried over
///   a few frames; a frame costs O(log entries × moved blocks on screen ×
///   their passing windows + entries drawn).
struct TableMotion: Sendable {
  /// What each entry of one side is, as this motion draws it.
  enum Part: UInt8, Sendable {
    /// Still: travels from its old line to its new one.
    case still
    /// Moved and on screen at an end: travels over everything.
    case travelling
    /// Deleted or inserted, or moved far off screen: collapses or grows.
    case changing
  }

  /// Moved entries that travel together: consecutive on both sides, shifted alike.
  struct Group: Sendable {
    let oldFirst: Int
    let newFirst: Int
    let count: Int
    /// Screen lines of the first entry before and after.
    let oldY: Int
    let newY: Int
    /// Lines of all its entries.
    let height: Int
    /// Whether it holds a section header: a section (or its header) moving
    /// as one opaque block, not a row that leaves or joins a section.
    var holdsHeader = false
    /// Whether it holds the focused row (and no header), drawn over
    /// everything, headers included. The still entries it passes give way as
    /// it goes by, as for any block; a header it crosses steps over it
    /// (`clearingFocus`) and it steps over still headers
    /// (`clearingStillHeaders`), so no header is hidden under it for all of
    /// its short way and then shown.
    var holdsFocus = false
    /// When it sets off and how long it travels, as parts of the whole
    /// motion: staggered where gaps would open together (see `staggered()`),
    /// else 0 and 1.
    var start = 0.0
    var duration = 1.0
    /// For a section moving whole: where it steps over still blocks it would
    /// otherwise cut so that they read wrong (see `steppingOverSections`).
    var steps: [Step] = []
    /// For a section moving whole: where the still entries it passes step
    /// on their way under it instead (see `steppingOverSections`).
    var stillSteps: [StillStep] = []
    /// For a section moving whole up past still sections that no step
    /// leaves reading right: where those hold back (see `steppingOverSections`).
    var hold: StillHold?

    /// How far along its own trip it is at `progress` of the whole motion.
    func local(_ progress: Double) -> Double {
      min(1, max(0, (progress - start) / duration))
    }
  }

  /// The still entries, old and new index, with a sentinel at each end: the
  /// table's first line (index -1) and its end (index count), each 0 lines tall.
  private let stillOld: [Int32]
  private let stillNew: [Int32]
  /// Whether each still entry is a section header that stays directly above
  /// its section's first row, itself still, at both ends: it goes with that
  /// row, line for line, so the section reads as one block.
  private let isGlued: [Bool]
  /// What each old and each new entry is.
  private let oldParts: [Part]
  private let newParts: [Part]
  /// The travelling groups, in old order.
  private(set) var groups: [Group]
  /// The group of each travelling old entry, and of each travelling new one.
  private let groupOfOld: [Int: Int]
  private let groupOfNew: [Int: Int]
  /// Prefix counts of the changing entries of each side, as rows and as
  /// headers, so a gap's stack is read without walking it.
  private let oldChangingRows, oldChangingHeaders: [Int32]
  private let newChangingRows, newChangingHeaders: [Int32]
  /// The sides' layouts and screen lines.
  private let before: TransitionEnd
  private let after: TransitionEnd
  private let body: Rect
  /// Whether still entries give way as moved blocks pass (else all slide evenly).
  private(set) var isConveyor = true
  /// Whether some group has still steps (see `steppedStill`).
  private var hasStillSteps = false
  /// Screen lines, by old index, the entries start from where they are not
  /// where the layout before places them: what a change cut short had on
  /// screen when this one took over (see `init`).
  private let startLines: [Int: Int]

  /// The motion between `before` and `after`, whose entries change as `kinds`
  /// says, on a screen whose table shows in `body`; `focused` is the old
  /// entry of the focused row, if it survives. `startLines` gives, by old
  /// index, the screen lines entries start from instead of those `before`
  /// places them on: a change that cuts another short starts from what is on
  /// screen, as UIKit animates a new batch from where the presentation layer
  /// shows its views, rather than jumping to where the cut change would end.
  ///
  /// Rows that shift alike travel as one block; where no staggering of the
  /// blocks keeps their slots from showing as a gap taller than a row, and
  /// some block holds several rows (and no header), those rows travel apart,
  /// each staggered as its own block, when that shows smaller gaps.
  init(
    from before: TransitionEnd, to after: TransitionEnd, kinds: EntryChanges, body: Rect,
    focused: Int? = nil, startLines: [Int: Int] = [:]
  ) {
    self.init(
      from: before, to: after, kinds: kinds, body: body, focused: focused,
      startLines: startLines, rowsApart: false)
    guard groups.contains(where: { $0.count > 1 && !$0.holdsHeader }),
      let score = gapScore(tallest: tallestBlock), score.worst > 0
    else { return }
    let apart = TableMotion(
      from: before, to: after, kinds: kinds, body: body, focused: focused,
      startLines: startLines, rowsApart: true)
    if apart.gapScore(tallest: apart.tallestBlock, under: score) != nil { self = apart }
  }

  /// The motion as `init(from:to:kinds:body:focused:startLines:)` builds
  /// it; with `rowsApart`, only a block holding a section header gathers
  /// several entries.
  private init(
    from before: TransitionEnd, to after: TransitionEnd, kinds: EntryChanges, body: Rect,
    focused: Int?, startLines: [Int: Int], rowsApart: Bool
  ) {
    self.before = before
    self.after = after
    self.body = body
    self.startLines = startLines
    let staging = kinds.stagingKinds(from: before.model, to: after.model, focused: focused)
    let oldModel = before.model
    let newModel = after.model
    func oldY(_ index: Int) -> Int {
      startLines[index] ?? body.minY + oldModel.entries[index].y - before.state.scrollY
    }
    func newY(_ index: Int) -> Int { body.minY + newModel.entries[index].y - after.state.scrollY }
    func shows(_ y: Int, _ height: Int) -> Bool { y < body.maxY && y + height > body.minY }

    var oldParts = [Part](repeating: .changing, count: oldModel.entries.count)
    var newParts = [Part](repeating: .changing, count: newModel.entries.count)
    var stillOld: [Int32] = [-1]
    var stillNew: [Int32] = [-1]
    for old in staging.old.indices where staging.old[old] == .stable {
      let new = kinds.newOfOld[old]
      oldParts[old] = .still
      newParts[new] = .still
      stillOld.append(Int32(old))
      stillNew.append(Int32(new))
    }
    stillOld.append(Int32(oldModel.entries.count))
    stillNew.append(Int32(newModel.entries.count))
    isGlued = stillOld.indices.map { still in
      guard still > 0, still + 2 < stillOld.count else { return false }
      let (old, new) = (Int(stillOld[still]), Int(stillNew[still]))
      guard Int(stillOld[still + 1]) == old + 1, Int(stillNew[still + 1]) == new + 1,
        oldModel.entries[old].row == nil, oldModel.entries[old + 1].row != nil,
        newModel.entries[new + 1].section == newModel.entries[new].section,
        oldModel.entries[old + 1].section == oldModel.entries[old].section
      else { return false }
      return true
    }

    // Moved entries on screen at either end travel; consecutive ones that
    // shift alike travel as one block (apart, only a section's).
    var groups: [Group] = []
    var groupOfOld: [Int: Int] = [:]
    var groupOfNew: [Int: Int] = [:]
    for old in staging.old.indices where staging.old[old] == .moved {
      let new = kinds.newOfOld[old]
      let height = oldModel.entries[old].height
      guard shows(oldY(old), height) || shows(newY(new), height) else { continue }
      oldParts[old] = .travelling
      newParts[new] = .travelling
      if let last = groups.last, !rowsApart || last.holdsHeader,
        last.oldFirst + last.count == old,
        last.newFirst + last.count == new,
        newY(new) - oldY(old) == last.newY - last.oldY
      {
        groups[groups.count - 1] = Group(
          oldFirst: last.oldFirst, newFirst: last.newFirst, count: last.count + 1,
          oldY: last.oldY, newY: last.newY, height: last.height + height,
          holdsHeader: last.holdsHeader, holdsFocus: last.holdsFocus)
      } else {
        groups.append(
          Group(
            oldFirst: old, newFirst: new, count: 1, oldY: oldY(old), newY: newY(new),
            height: height))
      }
      groupOfOld[old] = groups.count - 1
      groupOfNew[new] = groups.count - 1
      if oldModel.entries[old].row == nil
        || groups[groups.count - 1].count == 1
          && Self.followsMovedHeader(old, new, oldModel, staging.old, kinds.newOfOld)
      {
        groups[groups.count - 1].holdsHeader = true
      }
      if old == focused && !groups[groups.count - 1].holdsHeader {
        groups[groups.count - 1].holdsFocus = true
      }
    }
    self.groups = groups
    self.groupOfOld = groupOfOld
    self.groupOfNew = groupOfNew
    self.stillOld = stillOld
    self.stillNew = stillNew
    self.oldParts = oldParts
    self.newParts = newParts
    (oldChangingRows, oldChangingHeaders) = Self.prefixCounts(oldModel, oldParts)
    (newChangingRows, newChangingHeaders) = Self.prefixCounts(newModel, newParts)
    // A still entry on screen whose ways disagree: it holds (see `stillY`).
    isConveyor = groups.isEmpty || stillEntriesGoOneWay()
    self.groups = staggered()
    self.groups = steppingOverSections(focused: focused)
    hasStillSteps = self.groups.contains { !$0.stillSteps.isEmpty || $0.hold != nil }
  }

  /// Whether moved row `old` (new entry `new`) moves with its section's
  /// header and every row between them, alike: part of a section moving
  /// whole whose header does not travel on screen (off screen at both
  /// ends, scrolled past). Its rows are still one section block, which no
  /// other header may cover.
  ///
  /// - Complexity: O(rows of its section above it); asked only of the
  ///   first entry of each travelling group.
  private static func followsMovedHeader(
    _ old: Int, _ new: Int, _ model: DisplayModel, _ staging: [ChangeKind], _ newOfOld: [Int]
  ) -> Bool {
    guard model.entries[old].row != nil else { return false }
    var index = old - 1
    while index >= 0 {
      guard staging[index] == .moved, newOfOld[index] == new - (old - index),
        model.entries[index].section == model.entries[old].section
      else { return false }
      if model.entries[index].row == nil { return true }
      index -= 1
    }
    return false
  }

  // MARK: - Staggering

  /// The groups with their starts staggered, when that opens no gap
  /// taller than the tallest block moving and all at once does.
  ///
  /// Where blocks pass a still entry both ways, it holds, and where several
  /// blocks cross, the slots they leave and take may show together; blocks that set off one after
  /// the other open them one after the other. A few orders are tried and the
  /// one whose frames show the smallest gaps kept (all at once on a tie);
  /// when none clears them all, each block's start and pace are changed
  /// alone (`refined`). Frames are judged as drawn (`drawnLines`), and a
  /// try is given up on once it cannot do better than the best.
  ///
  /// - Complexity: O(tries × samples × (log entries × groups + entries drawn)),
  ///   with tries 24 orders and paces, then up to 24 per block, and at most
  ///   `searchBudget` frames judged in all.
  private func staggered() -> [Group] {
    guard groups.count > 1 else { return groups }
    let tallest = tallestBlock
    var judged = 0
    guard var bestScore = gapScore(tallest: tallest, under: nil, judged: &judged),
      bestScore.worst > 0
    else { return groups }
    var best = groups
    let byOld = groups.indices.sorted { groups[$0].oldY < groups[$1].oldY }
    let byNew = groups.indices.sorted { groups[$0].newY < groups[$1].newY }
    let byDistance = groups.indices.sorted {
      abs(groups[$0].newY - groups[$0].oldY) > abs(groups[$1].newY - groups[$1].oldY)
    }
    // Blocks going down and blocks going up, taking turns from the top.
    let down = byOld.filter { groups[$0].newY > groups[$0].oldY }
    let up = byOld.filter { groups[$0].newY <= groups[$0].oldY }
    let turns = (0..<max(down.count, up.count)).flatMap { index in
      [index < down.count ? down[index] : nil, index < up.count ? up[index] : nil].compactMap { $0 }
    }
    let orders = [byOld, byOld.reversed(), byNew, byNew.reversed(), byDistance, turns]
    for order in orders {
      // Each block still travels over a quarter of the motion at least.
      for duration in [0.8, 0.6, 0.4, 0.25] where judged < Self.searchBudget {
        var motion = self
        let step = (1 - duration) / Double(order.count - 1)
        for (rank, index) in order.enumerated() {
          motion.groups[index].start = Double(rank) * step
          motion.groups[index].duration = duration
        }
        if let score = motion.gapScore(tallest: tallest, under: bestScore, judged: &judged) {
          best = motion.groups
          bestScore = score
          if score.worst == 0 { return best }
        }
      }
    }
    return refined(best, score: bestScore, tallest: tallest, judged: &judged)
  }

  /// Frames one staggering may judge before it keeps the best it has found:
  /// a massive reshuffle that no staggering clears would otherwise try every
  /// start of every block (2,500 frames took 74 ms of a release build's main
  /// thread, and one of 400 random reshuffles needed 4,185 to be cleared).
  /// Counted in frames, not time, so a recording draws the same anywhere.
  private static let searchBudget = 2_500

  /// `groups` (the best staggering tried, whose frames still show a gap too
  /// tall) with one block's start and pace changed at a time, wherever that
  /// makes the gaps smaller: the worst, then all of them together.
  ///
  /// - Complexity: O(rounds × groups × trials × samples × a frame's cost).
  private func refined(
    _ groups: [Group], score: GapScore, tallest: Int, judged: inout Int
  ) -> [Group] {
    var motion = self
    motion.groups = groups
    var score = score
    var trials: [(start: Double, duration: Double)] = []
    for duration in [0.25, 0.4, 0.6] {
      for step in 0...3 { trials.append((Double(step) * (1 - duration) / 3, duration)) }
    }
    for _ in 0..<2 {
      var improved = false
      for index in groups.indices {
        let kept = motion.groups[index]
        var bestTrial = kept
        for trial in trials where judged < Self.searchBudget {
          motion.groups[index].start = trial.start
          motion.groups[index].duration = trial.duration
          if let trialScore = motion.gapScore(tallest: tallest, under: score, judged: &judged) {
            score = trialScore
            bestTrial = motion.groups[index]
            improved = true
          }
        }
        motion.groups[index] = bestTrial
        if score.worst == 0 { return motion.groups }
      }
      if !improved { break }
    }
    return motion.groups
  }

  /// The frames gaps are judged at, as parts of the motion: the middle ones
  /// first (where blocks cross, gaps are widest), so a staggering that does
  /// no better than one already found is given up on after a few.
  private static let gapSampleOrder: [Double] = (1..<gapSamples)
    .sorted { ($0.trailingZeroBitCount, $1) > ($1.trailingZeroBitCount, $0) }
    .map { Double($0) / Double(gapSamples) }

  /// The worst gap's excess over `tallest` and the line a hidden title
  /// leaves, and the excess of every gap over every sampled frame, summed;
  /// nil once it cannot come out below `bound`. Where a sample's gap is at
  /// the limit or a line short of it, the frames a quarter and half a sample
  /// either side are judged too: blocks passing fast open a line or two more
  /// between two samples, for less than a sample's time, and a frame drawn
  /// then shows it.
  private func gapScore(tallest: Int, under bound: GapScore? = nil) -> GapScore? {
    var judged = 0
    return gapScore(tallest: tallest, under: bound, judged: &judged)
  }

  /// `gapScore(tallest:under:)`, adding the frames it judges to `judged`.
  private func gapScore(tallest: Int, under bound: GapScore?, judged: inout Int) -> GapScore? {
    var score = GapScore(worst: 0, total: 0)
    var frames = 0
    defer { judged += frames }
    /// Adds the gaps of the frame at `progress`; whether one is at the limit
    /// or a line short of it.
    func judge(_ progress: Double) -> Bool {
      frames += 1
      let drawn = drawnLines(at: progress)
      var run = 0
      var isNearLimit = false
      for line in drawn.indices {
        if !drawn[line] {
          run += 1
        } else {
          let excess = max(0, run - tallest - 1)
          score.worst = max(score.worst, excess)
          score.total += excess
          isNearLimit = isNearLimit || (tallest...(tallest + 1)).contains(run)
          run = 0
        }
      }
      return isNearLimit
    }
    let quarter = 0.25 / Double(Self.gapSamples)
    for sample in Self.gapSampleOrder {
      if judge(sample) {
        for offset in [-2.0, -1, 1, 2] { _ = judge(sample + offset * quarter) }
      }
      // Worst and total only grow: once not below the bound, never.
      if let bound, !(score < bound) { return nil }
    }
    return score
  }

  /// How much a motion's gaps pass their limit, compared worst first.
  private struct GapScore: Comparable {
    var worst: Int
    var total: Int
    static func < (a: GapScore, b: GapScore) -> Bool { (a.worst, a.total) < (b.worst, b.total) }
  }

  /// Lines of the tallest block a user sees move: a section moving whole is
  /// one block, and otherwise each header or row is its own (rows that travel
  /// together are still read one by one), as is each deleted or inserted one.
  var tallestBlock: Int {
    var tallest = 0
    for group in groups {
      if group.holdsHeader {
        tallest = max(tallest, group.height)
      } else {
        for old in group.oldFirst..<(group.oldFirst + group.count) {
          tallest = max(tallest, before.model.entries[old].height)
        }
      }
    }
    if oldChangingRows.last ?? 0 > 0 || newChangingRows.last ?? 0 > 0 {
      tallest = max(tallest, before.model.rowHeight, after.model.rowHeight)
    }
    return tallest
  }

  /// Frames a staggering is judged by: more than twice a 300 ms motion's at
  /// 50 a second, as a block crossing the screen fast opens a gap between
  /// two coarser samples that a frame drawn there shows.
  private static let gapSamples = 48

  /// Which body lines the frame at `progress` draws on, as the screen shows
  /// them: the entries stacked as `TableTransition` stacks them (deleted,
  /// inserted, still and moving rows, then headers, then a section moving
  /// whole, then the focused row); a row's title drawn only over its own
  /// next line (`SceneRenderer.lineSources`: a title never stands alone, so
  /// a row a block covers all but its title of leaves that line blank); and
  /// without the rows whose title would show under another section's header
  /// (`TableTransition.withoutRowsUnderOtherHeaders` leaves them out).
  private func drawnLines(at progress: Double) -> [Bool] {
    var placed = placements(at: progress)
    let focusedNew =
      after.model.rows.indices.contains(after.state.focusRow)
      ? after.model.entryOfRow[after.state.focusRow] : -1
    func isRow(_ placement: Placement) -> Bool {
      placement.old >= 0
        ? before.model.entries[placement.old].row != nil
        : after.model.entries[placement.new].row != nil
    }
    func layer(_ placement: Placement) -> Int {
      if placement.new == focusedNew && placement.new >= 0 { return 6 }
      if placement.isInSectionBlock { return 5 }
      guard isRow(placement) else { return 4 }
      switch placement.kind {
      case .leaving: return 0
      case .arriving: return 1
      case .still: return 2
      case .travelling: return 3
      }
    }
    func sectionID(_ index: Int, _ side: TransitionEnd) -> String {
      side.model.content.sections[side.model.entries[index].section].id
    }
    /// The section a row is in on both sides (nil: it leaves or joins one,
    /// or is on one side only: never left out).
    func section(ofRow placement: Placement) -> String? {
      guard placement.old >= 0, placement.new >= 0 else { return nil }
      let old = sectionID(placement.old, before)
      return old == sectionID(placement.new, after) ? old : nil
    }
    for _ in 0...placed.count {
      // The placement each line shows (-1: none), the last drawn winning.
      let order = placed.indices.sorted { (layer(placed[$0]), $0) < (layer(placed[$1]), $1) }
      var owner = [Int](repeating: -1, count: body.height)
      for index in order.reversed() {
        let placement = placed[index]
        let top = max(0, placement.y - body.minY)
        let bottom = min(body.height, placement.y + placement.height - body.minY)
        guard top < bottom else { continue }
        let titleLine = placement.y - body.minY
        for line in top..<bottom where owner[line] < 0 {
          if line == titleLine && isRow(placement) && (line + 1 >= bottom || owner[line + 1] >= 0) {
            continue
          }
          owner[line] = index
        }
      }
      // Rows whose title shows under another section's header are left out.
      var header: String?
      var foreign: Set<Int> = []
      for line in owner.indices where owner[line] >= 0 {
        let placement = placed[owner[line]]
        guard placement.y - body.minY == line else { continue }
        if !isRow(placement) {
          header =
            placement.old >= 0 ? sectionID(placement.old, before) : sectionID(placement.new, after)
        } else if let header, placement.new != focusedNew, let own = section(ofRow: placement),
          own != header
        {
          foreign.insert(owner[line])
        }
      }
      guard !foreign.isEmpty else { return owner.map { $0 >= 0 } }
      placed = placed.indices.filter { !foreign.contains($0) }.map { placed[$0] }
    }
    return [Bool](repeating: false, count: body.height)
  }

  private static func prefixCounts(_ model: DisplayModel, _ parts: [Part]) -> ([Int32], [Int32]) {
    var rows = [Int32](repeating: 0, count: parts.count + 1)
    var headers = rows
    for index in parts.indices {
      let changing: Int32 = parts[index] == .changing ? 1 : 0
      let isRow: Int32 = model.entries[index].row != nil ? 1 : 0
      rows[index + 1] = rows[index] + changing * isRow
      headers[index + 1] = headers[index] + changing * (1 - isRow)
    }
    return (rows, headers)
  }

  /// Whether every still entry on screen at either end has its shifts (its
  /// even share and each passing block's) all the same way.
  private func stillEntriesGoOneWay() -> Bool {
    for still in 1..<(stillOld.count - 1) {
      let (top, height) = (oldTop(still), self.height(still))
      let newTop = self.newTop(still)
      guard
        top < body.maxY && top + height > body.minY
          || newTop < body.maxY
            && newTop + height > body.minY
      else { continue }
      var up = false
      var down = false
      let even = evenShare(still)
      if even < 0 { up = true }
      if even > 0 { down = true }
      for group in groups {
        switch crossing(group, still) {
        case .down: up = true
        case .up: down = true
        case nil: break
        }
      }
      if up && down { return false }
    }
    return true
  }

  // MARK: - Still entries

  /// How a travelling group passes a still entry.
  private enum Crossing {
    /// From above it to below it: the still entry gives way upwards.
    case down
    /// From below it to above it: the still entry gives way downwards.
    case up
  }

  private func crossing(_ group: Group, _ still: Int) -> Crossing? {
    let old = Int(stillOld[still])
    let new = Int(stillNew[still])
    if group.oldFirst < old && group.newFirst > new { return .down }
    if group.oldFirst > old && group.newFirst < new { return .up }
    return nil
  }

  /// Lines of still entry `still` (0 for the sentinels).
  private func height(_ still: Int) -> Int {
    let old = Int(stillOld[still])
    return old >= 0 && old < before.model.entries.count ? before.model.entries[old].height : 0
  }

  /// Screen line of still entry `still` before.
  private func oldTop(_ still: Int) -> Int {
    let old = Int(stillOld[still])
    if let line = startLines[old] { return line }
    let y =
      old < 0
      ? 0
      : old < before.model.entries.count ? before.model.entries[old].y : before.model.totalHeight
    return body.minY + y - before.state.scrollY
  }

  /// Screen line of still entry `still` after.
  private func newTop(_ still: Int) -> Int {
    let new = Int(stillNew[still])
    let y =
      new < 0
      ? 0 : new < after.model.entries.count ? after.model.entries[new].y : after.model.totalHeight
    return body.minY + y - after.state.scrollY
  }

  /// The shift of still entry `still` that is not some travelling group
  /// passing it: the deletions, insertions, far moves and scroll around it.
  private func evenShare(_ still: Int) -> Int {
    var share = newTop(still) - oldTop(still)
    for group in groups {
      switch crossing(group, still) {
      case .down: share += group.height
      case .up: share -= group.height
      case nil: break
      }
    }
    return share
  }

  /// How far (0 to 1) `group` has passed still entry `still` at `progress`.
  /// (`share` is `evenShare(still)`, when the caller has it already.)
  private func passed(
    _ group: Group, _ still: Int, at progress: Double, share: Int? = nil
  ) -> Double {
    guard let (a, b) = passingWindow(group, still, share: share) else {
      return group.local(progress)
    }
    return min(1, max(0, (progress - a) / (b - a)))
  }

  /// The progress at which `group` starts and ends passing still entry
  /// `still` (nil: it keeps pace with it all the way).
  private func passingWindow(_ group: Group, _ still: Int, share: Int? = nil) -> (Double, Double)? {
    // The still entries a section moving whole passes slide evenly under it.
    if group.holdsHeader { return nil }
    // The group's top relative to where the still entry would be without the
    // blocks passing it, over the group's own trip: r(q) = r0 + v q.
    let share = Double(share ?? evenShare(still))
    let r0 = Double(group.oldY - oldTop(still)) - share * group.start
    let v = Double(group.newY - group.oldY) - share * group.duration
    let h = Double(height(still))
    let start: Double
    let end: Double
    // It gives way while the block travels as far as the taller of the two:
    // a block passing one as tall trades places with it line for line, and a
    // short entry passed by a tall block keeps pace with it instead of jumping.
    let span = max(h, Double(group.height))
    if v > 0 {  // going down past it: from its bottom touching the entry's top
      start = (-Double(group.height) - r0) / v
      end = (-Double(group.height) + span - r0) / v
    } else if v < 0 {  // going up past it: from its top touching the entry's bottom
      start = (h - r0) / v
      end = (h - span - r0) / v
    } else {
      return nil
    }
    let a = min(0.95, max(0, start))
    let b = min(1, max(a + 0.05, end))
    return (group.start + a * group.duration, group.start + b * group.duration)
  }

  /// Where still entry `still` would be at `progress` if it gave way to
  /// every block as it passes (a conveyor), exact. Given `way` (1 down, -1
  /// up), it gives way as they pass only to the blocks that carry it along
  /// that way, and the lines it would give back to the others are spread
  /// evenly over the motion.
  private func conveyorY(
    _ still: Int, at progress: Double, share: Int, way: Double? = nil
  ) -> Double {
    var y = Double(oldTop(still)) + Double(share) * progress
    for group in groups {
      let shift: Double
      switch crossing(group, still) {
      case .down: shift = -Double(group.height)
      case .up: shift = Double(group.height)
      case nil: continue
      }
      let givesBack = way.map { shift * $0 < 0 } ?? false
      y += shift * (givesBack ? progress : passed(group, still, at: progress, share: share))
    }
    return y
  }

  /// Screen line of still entry `still` at `progress` (exact).
  ///
  /// It gives way to each block as it passes (`conveyorY`). Where blocks
  /// pass still entries both ways, that would take some back and forth:
  /// each then gives way only to the blocks passing it along its way (from
  /// its old line towards its new one), and spreads the lines it would give
  /// back to the others evenly over the motion (they pass over it). Given
  /// back as they pass, those lines would first carry it past its new line
  /// (to wait there while its neighbours catch up, a gap opening behind it).
  /// It never steps back: where what is left would, it holds the furthest it
  /// has come, so it always goes one way; and where its even share itself
  /// goes against its way (it would hold until a block carried it, then
  /// rush), it goes at least at an even pace to its new line.
  private func stillY(_ still: Int, at progress: Double) -> Double {
    let share = evenShare(still)
    guard !isConveyor else { return conveyorY(still, at: progress, share: share) }
    let (from, to) = (Double(oldTop(still)), Double(newTop(still)))
    if from == to { return from }
    let way = to > from ? 1.0 : -1.0
    func y(_ progress: Double) -> Double {
      conveyorY(still, at: progress, share: share, way: way)
    }
    var furthest = from
    func reach(_ value: Double) {
      furthest = to > from ? max(furthest, value) : min(furthest, value)
    }
    reach(y(progress))
    for group in groups where crossing(group, still) != nil {
      guard let (a, b) = passingWindow(group, still, share: share) else { continue }
      for point in [a, b] where point < progress { reach(y(point)) }
    }
    if Double(share) * way <= 0 { reach(from + (to - from) * progress) }
    return to > from ? min(to, furthest) : max(to, furthest)
  }

  /// Screen line of still entry `still` at `progress`, as drawn: its exact
  /// line rounded once, so it goes one way as its parts all do.
  func stillLine(_ still: Int, at progress: Double) -> Int {
    if progress <= 0 { return oldTop(still) }
    if progress >= 1 { return newTop(still) }
    let y =
      isGlued[still]
      ? stillLine(still + 1, at: progress) - height(still)
      : steppedStill(still, Int(stillY(still, at: progress).rounded()), at: progress)
    return clearingFocus(still, y, at: progress)
  }

  /// Line `y` of still entry `still` at `progress`, or, for a section header
  /// the focused row crosses, past that row from the frame the two would
  /// first meet: the focused row is drawn over everything, so a header it
  /// covered would hide (and the rows under it read as the section's above).
  /// The header steps over the row at once and waits there for its own path,
  /// still going one way, seen in every frame.
  private func clearingFocus(_ still: Int, _ y: Int, at progress: Double) -> Int {
    guard height(still) == 1, let focus = groups.first(where: \.holdsFocus),
      let way = crossing(focus, still)
    else { return y }
    func exact(_ progress: Double) -> Int {
      isGlued[still]
        ? stillLine(still + 1, at: progress) - 1 : Int(stillY(still, at: progress).rounded())
    }
    /// Whether the header has met the row by `progress` (it goes down as the row goes up).
    func met(_ progress: Double) -> Bool {
      let top = groupLine(focus, at: progress)
      return way == .up ? exact(progress) >= top : exact(progress) < top + focus.height
    }
    // Where the row first leaves the header's new line free on its far
    // side. A header that would meet the row before then could only stand
    // under it (its new line is too near): it holds on its near side, still
    // seen, and steps over the row once it can (a pop otherwise).
    func clears(_ progress: Double) -> Bool {
      let top = groupLine(focus, at: progress)
      return way == .up ? top + focus.height <= newTop(still) : top > newTop(still)
    }
    if !clears(0) {
      var (blocked, free) = (0.0, 1.0)
      for _ in 0..<20 {
        let mid = (blocked + free) / 2
        if clears(mid) { free = mid } else { blocked = mid }
      }
      if progress < free && met(blocked) {
        let row = groupLine(focus, at: blocked)
        return way == .up
          ? max(oldTop(still), min(y, row - 1)) : min(oldTop(still), max(y, row + focus.height))
      }
    }
    guard met(progress) else { return y }
    var (low, high) = (0.0, progress)
    for _ in 0..<20 {
      let mid = (low + high) / 2
      if met(mid) { high = mid } else { low = mid }
    }
    // Past the row where they met, and past where it is now: a row that
    // keeps coming the header's way after they met would cover it again.
    let atMeeting = groupLine(focus, at: high)
    let now = groupLine(focus, at: progress)
    return way == .up
      ? min(newTop(still), max(y, atMeeting + focus.height, now + focus.height))
      : max(newTop(still), min(y, atMeeting - 1, now - 1))
  }

  // MARK: - Travelling entries

  /// Screen line of travelling group `group`'s top at `progress`.
  private func groupLine(_ group: Group, at progress: Double) -> Int {
    let local = group.local(progress)
    if local >= 1 { return group.newY }
    let y = Int((Double(group.oldY) + Double(group.newY - group.oldY) * local).rounded())
    if group.holdsHeader { return stepped(group, y, at: progress) }
    return group.holdsFocus ? clearingStillHeaders(group, y) : y
  }

  /// Line `y` of the focused row's group, or past the section headers it
  /// would cover that keep their line (one that moves steps over the row
  /// instead: `clearingFocus`): the row is drawn over everything, so a header
  /// it covered would hide, and the rows under it read as the section's
  /// above. The row steps over such a header at once, still one way.
  private func clearingStillHeaders(_ group: Group, _ y: Int) -> Int {
    let down = group.newY > group.oldY
    var y = y
    // The first still entry whose line is `line` or below (still entries keep their order).
    func firstStill(from line: Int) -> Int {
      var (low, high) = (1, stillOld.count - 1)
      while low < high {
        let mid = (low + high) / 2
        if oldTop(mid) < line { low = mid + 1 } else { high = mid }
      }
      return low
    }
    for _ in 0..<stillOld.count {
      var still = firstStill(from: y)
      var covered: Int?
      while still < stillOld.count - 1 && oldTop(still) < y + group.height {
        if height(still) == 1 && oldTop(still) == newTop(still)
          && before.model.entries[Int(stillOld[still])].row == nil
        {
          covered = oldTop(still)
          if down { break }
        }
        still += 1
      }
      guard let line = covered else { break }
      y = down ? line + 1 : line - group.height
    }
    return down ? min(y, group.newY) : max(y, group.newY)
  }

  // MARK: - Gaps

  /// One piece of a gap's stack: an entry of one side, or a travelling block's slot.
  struct Piece {
    /// The entry (old index for the old side, new for the new side).
    var index: Int
    var isOld: Bool
    /// Screen line and lines shown (0: not drawn).
    var y: Int
    var height: Int
    /// Whether it is a travelling block's slot (never drawn).
    var isSlot: Bool
  }

  /// The size of the slot of travelling entry `index` of one side in gap `gap` at `progress`.
  private func slotSize(index: Int, isOld: Bool, gap: Int, at progress: Double) -> Double {
    let model = isOld ? before.model : after.model
    let height = model.entries[index].height
    guard let groupIndex = isOld ? groupOfOld[index] : groupOfNew[index] else { return 0 }
    let group = groups[groupIndex]
    let (old, new) =
      isOld
      ? (index, group.newFirst + index - group.oldFirst)
      : (group.oldFirst + index - group.newFirst, index)
    // Leaving: the slot closes as the block passes the still entry it meets
    // first; arriving: it opens as the block passes the last one it meets.
    let still: Int
    if isOld {
      still = new > Int(stillNew[gap + 1]) ? gap + 1 : gap
    } else {
      still = old < Int(stillOld[gap]) ? gap : gap + 1
    }
    let crossingKind = crossing(group, still)
    let fraction =
      crossingKind == nil ? group.local(progress) : passed(group, still, at: progress)
    return Double(height) * (isOld ? 1 - fraction : fraction)
  }

  /// The gap after still entry `gap`: its pieces that meet `lines`, on screen
  /// at `progress`, stacked from the bottom of still entry `gap` to the top
  /// of the next.
  ///
  /// Each piece takes its share of the gap's lines: a deleted entry
  /// (1 - progress) of its height, an inserted one progress of it, a
  /// travelling block's slot as much as the block has yet to pass (or has
  /// passed) of the still entry it crosses; the shares are laid end to end
  /// and their ends rounded to lines, so the stack fills the gap exactly.
  func pieces(inGap gap: Int, meeting lines: Range<Int>, at progress: Double) -> [Piece] {
    let top = stillLine(gap, at: progress) + height(gap)
    let bottom = stillLine(gap + 1, at: progress)
    guard bottom > top, top < lines.upperBound, bottom > lines.lowerBound else { return [] }
    let oldRange = (Int(stillOld[gap]) + 1)..<Int(stillOld[gap + 1])
    let newRange = (Int(stillNew[gap]) + 1)..<Int(stillNew[gap + 1])
    // The travelling slots of each side (few: blocks on screen).
    let slotsBySide = [true, false].map { isOld in
      let parts = isOld ? oldParts : newParts
      return (isOld ? oldRange : newRange).filter { parts[$0] == .travelling }.map {
        (index: $0, size: slotSize(index: $0, isOld: isOld, gap: gap, at: progress))
      }
    }
    struct Side {
      let isOld: Bool
      let range: Range<Int>
      let rows, headers: [Int32]
      let rowShare, headerShare: Double
      let slots: [(index: Int, size: Double)]
      let start: Double  // shares of the sides before

      /// Shares of the stack above entry `index` of this side.
      func above(_ index: Int) -> Double {
        let changingRows = Double(rows[index] - rows[range.lowerBound])
        let changingHeaders = Double(headers[index] - headers[range.lowerBound])
        let slotShares = slots.lazy.filter { $0.index < index }.reduce(0.0) { $0 + $1.size }
        return start + changingRows * rowShare + changingHeaders * headerShare + slotShares
      }
    }
    var sides: [Side] = []
    var total = 0.0
    for (index, isOld) in [true, false].enumerated() {
      let fraction = isOld ? 1 - progress : progress
      let side = Side(
        isOld: isOld, range: isOld ? oldRange : newRange,
        rows: isOld ? oldChangingRows : newChangingRows,
        headers: isOld ? oldChangingHeaders : newChangingHeaders,
        rowShare: Double((isOld ? before : after).model.rowHeight) * fraction,
        headerShare: Double(Metrics.sectionHeaderHeight) * fraction,
        slots: slotsBySide[index], start: total)
      total = side.above(side.range.upperBound)
      sides.append(side)
    }
    guard total > 0 else { return [] }
    let scale = Double(bottom - top) / total
    /// Screen line where a piece `shares` down the stack starts.
    func line(_ shares: Double) -> Int { top + Int((shares * scale).rounded()) }

    let focusedNew =
      after.model.rows.indices.contains(after.state.focusRow)
      ? after.model.entryOfRow[after.state.focusRow] : -1
    var found: [Piece] = []
    var cursor = top  // where the pieces placed so far end
    for side in sides where !side.range.isEmpty {
      let model = side.isOld ? before.model : after.model
      let parts = side.isOld ? oldParts : newParts
      /// The first entry from `start` on whose piece ends below screen line `below`.
      func firstEnding(below: Int, from start: Int) -> Int {
        var low = start
        var high = side.range.upperBound
        while low < high {
          let mid = (low + high) / 2
          if line(side.above(mid + 1)) <= below { low = mid + 1 } else { high = mid }
        }
        return low
      }
      var index = firstEnding(below: lines.lowerBound, from: side.range.lowerBound)
      while index < side.range.upperBound {
        let start = max(cursor, line(side.above(index)))
        if start >= min(bottom, lines.upperBound) { break }
        let end = min(bottom, line(side.above(index + 1)))
        guard end > start else {
          // Nothing shows of it (nor of those closed up with it).
          index = firstEnding(below: start, from: index + 1)
          continue
        }
        let full = model.entries[index].height
        var shown = min(end - start, full)
        // A row's title alone would stand without its cards: a row one line
        // tall takes the next piece's first line too, or none. (Not the
        // focused row arriving, which may be drawn whole:
        // `TableTransition.focusTakingTheLeavingPlace`.)
        if model.entries[index].row != nil && shown == 1 && (side.isOld || index != focusedNew) {
          shown = parts[index] != .travelling && start + 2 <= bottom ? 2 : 0
        }
        cursor = start + max(shown, end - start)
        found.append(
          Piece(
            index: index, isOld: side.isOld, y: start, height: shown,
            isSlot: parts[index] == .travelling))
        index += 1
      }
    }
    return found
  }

  // MARK: - A frame

  /// What a frame draws: each still, travelling and changing entry that meets
  /// the body, with its screen line and lines shown.
  struct Placement {
    enum Kind { case still, travelling, leaving, arriving }
    var kind: Kind
    /// Old and new index (-1 where it has none on that side).
    var old: Int
    var new: Int
    var y: Int
    var height: Int
    /// Whether it travels in a block that holds a section header (a section
    /// moving whole), which no other header may cover.
    var isInSectionBlock = false
  }

  /// The entries drawn at `progress` over the body.
  ///
  /// - Complexity: O(log entries × travelling blocks + entries drawn).
  func placements(at progress: Double) -> [Placement] {
    let lines = body.minY..<body.maxY
    var found: [Placement] = []
    // The last still entry (or the table's start) at or above the body's top.
    var low = 0
    var high = stillOld.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if stillLine(mid, at: progress) <= lines.lowerBound { low = mid } else { high = mid - 1 }
    }
    var still = low
    while still < stillOld.count {
      let y = stillLine(still, at: progress)
      if still > 0 && y >= lines.upperBound { break }
      let height = self.height(still)
      if still > 0 && still < stillOld.count - 1 && y < lines.upperBound
        && y + height > lines.lowerBound
      {
        found.append(
          Placement(
            kind: .still, old: Int(stillOld[still]), new: Int(stillNew[still]), y: y,
            height: height))
      }
      guard still < stillOld.count - 1 else { break }
      for piece in pieces(inGap: still, meeting: lines, at: progress) where !piece.isSlot {
        guard piece.height > 0 else { continue }
        found.append(
          Placement(
            kind: piece.isOld ? .leaving : .arriving, old: piece.isOld ? piece.index : -1,
            new: piece.isOld ? -1 : piece.index, y: piece.y, height: piece.height))
      }
      still += 1
    }
    for group in groups {
      var y = groupLine(group, at: progress)
      for offset in 0..<group.count {
        let old = group.oldFirst + offset
        let height = before.model.entries[old].height
        if y < lines.upperBound && y + height > lines.lowerBound {
          found.append(
            Placement(
              kind: .travelling, old: old, new: group.newFirst + offset, y: y, height: height,
              isInSectionBlock: group.holdsHeader))
        }
        y += height
      }
    }
    return found
  }

  /// Whether old entry `old` is a still section header that goes with its
  /// section's first row, the entry after it.
  func isHeaderGluedToNext(old: Int) -> Bool {
    var low = 1
    var high = stillOld.count - 2
    while low <= high {
      let mid = (low + high) / 2
      let value = Int(stillOld[mid])
      if value == old { return isGlued[mid] }
      if value < old { low = mid + 1 } else { high = mid - 1 }
    }
    return false
  }

  /// Whether old entry `old` travels (a moved block on screen at an end).
  func travels(old: Int) -> Bool { groupOfOld[old] != nil }

  /// Whether new entry `new` arrives: inserted, or come from far off
  /// screen, it grows in its gap.
  func arrives(new: Int) -> Bool { newParts.indices.contains(new) && newParts[new] == .changing }

  /// Screen line at `progress` of the entry that is new entry `new` and old
  /// entry `old` (both sides: still or travelling), wherever it is.
  func line(old: Int, new: Int, at progress: Double) -> Int? {
    if let groupIndex = groupOfOld[old] {
      let group = groups[groupIndex]
      var y = groupLine(group, at: progress)
      for index in group.oldFirst..<old { y += before.model.entries[index].height }
      return y
    }
    guard oldParts.indices.contains(old), oldParts[old] == .still else { return nil }
    // Still entries are in order on both sides: find it among them.
    var low = 1
    var high = stillOld.count - 2
    while low <= high {
      let mid = (low + high) / 2
      let value = Int(stillOld[mid])
      if value == old { return stillLine(mid, at: progress) }
      if value < old { low = mid + 1 } else { high = mid - 1 }
    }
    return nil
  }
}

// MARK: - Sections moving whole

extension TableMotion {
  /// A step a section moving whole takes: from progress `at` on, its top is
  /// at least as far on its way as line `y`.
  struct Step: Sendable {
    var at: Double
    var y: Int
  }

  /// A step the still entries a section moving whole passes take: at
  /// progress `at`, each is `shift` lines further on its way than its even
  /// path (never past its new line).
  struct StillStep: Sendable {
    var at: Double
    var shift: Int
    /// The still entries that step: the sections that would read wrong and
    /// those ahead of them on their way, so none runs into another.
    var stills: ClosedRange<Int>
  }

  /// The still entries a section moving whole up passes hold back: until
  /// the motion ends, the stretch of them goes no lower than to end on line
  /// `bottom` (the block's end at its new line), so it stays wherever the
  /// block leaves or covers it whole, and shows at its new lines at rest.
  /// Where even that reads wrong (the stretch is taller than the block, so
  /// it shows beyond the block's end once the block rises past its end), the
  /// block and the stretch step to their new lines at progress `until`.
  struct StillHold: Sendable {
    var stills: ClosedRange<Int>
    var bottom: Int
    var until = 1.0
  }

  /// Line `y` of still entry `still` at `progress`, or, once the still
  /// entries a section moving whole passes have stepped, on its way from
  /// where it stepped to its new line, going on at once; no further than
  /// where they hold back (see `StillHold`).
  fileprivate func steppedStill(_ still: Int, _ y: Int, at progress: Double) -> Int {
    guard hasStillSteps else { return y }
    let (from, to) = (oldTop(still), newTop(still))
    guard from != to else { return y }
    let down = to > from
    var line = y
    for group in groups where !group.stillSteps.isEmpty && crossing(group, still) != nil {
      guard
        let step = group.stillSteps.last(where: { $0.at <= progress && $0.stills.contains(still) }),
        step.at < 1
      else {
        continue
      }
      let even = Int(stillY(still, at: step.at).rounded())
      let start = down ? min(to, even + step.shift) : max(to, even - step.shift)
      let fraction = (progress - step.at) / (1 - step.at)
      let stepped = Int((Double(start) + Double(to - start) * fraction).rounded())
      line = down ? max(line, stepped) : min(line, stepped)
    }
    for group in groups {
      guard let hold = group.hold, hold.stills.contains(still) else { continue }
      if progress >= hold.until { return to }
      let end = oldTop(hold.stills.upperBound) + height(hold.stills.upperBound)
      line = min(line, max(from, hold.bottom - (end - from)))
    }
    return line
  }

  /// Line `y` of section group `group` at `progress`, or, once it has
  /// stepped, on its way from its last step's line to its new one: it goes
  /// on at once from where it stepped to (never waiting there for its even
  /// path to catch up), so it is seen moving in every frame of its trip.
  fileprivate func stepped(_ group: Group, _ y: Int, at progress: Double) -> Int {
    guard let step = group.steps.last(where: { $0.at <= progress }) else { return y }
    let from = group.local(step.at)
    let local = group.local(progress)
    guard from < 1 else { return group.newY }
    let fraction = (local - from) / (1 - from)
    let line = Int((Double(step.y) + Double(group.newY - step.y) * fraction).rounded())
    return group.newY < group.oldY ? min(y, line) : max(y, line)
  }

  /// The groups, each section moving whole with the steps it takes.
  ///
  /// A section moving whole is one opaque block drawn over the still entries
  /// it passes, which slide evenly under it (`passingWindow`). Where it would
  /// cut a still section so that the section's rows show beyond the block
  /// while the section's header is under it or on the block's other side,
  /// those rows would read as the moving section's. The focused row is
  /// drawn over everything (with its header, when that goes with it), so the
  /// block passes under it, and no row of the block may show its title below
  /// the focused row while the two overlap (it would read as the focused
  /// row's section's). The still entries it passes step over each such
  /// stretch in one frame, further on their way under the block (still one
  /// way, never past their new lines; as far again where that leaves no
  /// slice of a row beyond it), so the block itself goes on evenly and is
  /// seen moving in every frame; where they cannot (their new lines are too
  /// near), the block steps over the stretch itself. Every frame reads right
  /// and no still row is left out. Where no line on the rest of its way reads right (the focused row
  /// is on its way to where the block ends), it goes on evenly, and the
  /// scene leaves out what would read wrong (`withoutRowsUnderOtherHeaders`).
  ///
  /// - Complexity: O(entries) to find the still sections it passes, then
  ///   O(samples × their rows × log entries).
  fileprivate func steppingOverSections(focused: Int?) -> [Group] {
    var motion = self
    for index in groups.indices where groups[index].holdsHeader {
      let group = groups[index]
      // A block that keeps its line on screen (the view scrolls with it) is
      // passed all the same where a still section comes out from under it on
      // screen. (One that only goes off screen under it goes on evenly:
      // stepping would hide it from the first frame, nothing seen moving.)
      guard
        group.newY != group.oldY
          || (1..<(stillOld.count - 1)).contains(where: {
            crossing(group, $0) != nil && body.minY <= newTop($0) && newTop($0) < body.maxY
          })
      else { continue }
      motion.step(index, focused: focused)
    }
    return motion.groups
  }

  /// A still section a block passes: its header's and its rows' still indices.
  private struct StillSection {
    var header: Int
    var rows: [Int]
  }

  /// Sets the steps group `index` and the still entries it passes take (see
  /// `steppingOverSections`).
  private mutating func step(_ index: Int, focused: Int?) {
    let group = groups[index]
    let model = before.model
    // The still sections it passes (a few on screen; far ones are skipped).
    var sections: [StillSection] = []
    var still = 1
    while still < stillOld.count - 1 && sections.count < 64 {
      let old = Int(stillOld[still])
      guard model.entries[old].row == nil, crossing(group, still) != nil else {
        still += 1
        continue
      }
      var section = StillSection(header: still, rows: [])
      still += 1
      while still < stillOld.count - 1 {
        let entry = model.entries[Int(stillOld[still])]
        guard entry.row != nil, entry.section == model.entries[old].section else { break }
        section.rows.append(still)
        still += 1
      }
      sections.append(section)
    }
    // The focused row, when it is still and the block passes it.
    var focus: Int?
    if let focused, oldParts.indices.contains(focused), oldParts[focused] == .still,
      let found = stillIndex(old: focused), crossing(group, found) != nil
    {
      focus = found
    }
    guard !sections.isEmpty || focus != nil else { return }
    // The block's row titles, as lines below its top.
    var titles: [Int] = []
    var offset = 0
    for old in group.oldFirst..<(group.oldFirst + group.count) {
      if model.entries[old].row != nil { titles.append(offset) }
      offset += model.entries[old].height
    }
    let height = group.height
    let bottom = body.maxY
    /// The passed still sections (indices into `sections`) that read
    /// wrong with the block's top at `top` at `progress`.
    func misreading(_ top: Int, at progress: Double) -> [Int] {
      let end = top + height
      guard top < bottom && end > body.minY else { return [] }
      return sections.indices.filter { index in
        let section = sections[index]
        let header = stillLine(section.header, at: progress)
        guard header < end else { return false }
        // Nor does its header show above the block without its first row's
        // title under it (a row shows from two lines on: a lone title is not
        // drawn): a header stays directly above its own first row.
        if header < top && header >= body.minY, let first = section.rows.first {
          let line = stillLine(first, at: progress)
          if line + 1 >= top && line < end { return true }
        }
        return section.rows.contains {
          let line = stillLine($0, at: progress)
          return line >= end && line < bottom
        }
      }
    }
    /// Whether a frame with the block's top at `top` at `progress` reads wrong.
    func misreads(_ top: Int, at progress: Double) -> Bool {
      let end = top + height
      guard top < bottom && end > body.minY else { return false }
      if !misreading(top, at: progress).isEmpty { return true }
      // No row of the block shows its title below the focused row while the
      // two overlap: it would read as the focused row's section's.
      if let focus {
        let focusEnd = stillLine(focus, at: progress) + self.height(focus)
        if top < focusEnd && end > focusEnd
          && titles.contains(where: { top + $0 >= focusEnd && top + $0 < bottom })
        {
          return true
        }
      }
      return false
    }
    let up = group.newY < group.oldY
    func top(at progress: Double) -> Int { groupLine(groups[index], at: progress) }
    /// Whether the still sections it passes, stepping further on their way
    /// under it at `progress`, read right there: then they step.
    func stillsStep(at progress: Double) -> Bool {
      let kept = groups[index].stillSteps
      guard !misreading(top(at: progress), at: progress).isEmpty else { return false }
      // The still sections it passes step together, keeping their distances:
      // none runs into another, and each is where those it travels with say.
      let passed = sections.flatMap { [$0.header] + $0.rows }
      guard let low = passed.min(), let high = passed.max() else { return false }
      // How far ahead of their even paths they are already.
      let ahead =
        passed.map { still in
          abs(stillLine(still, at: progress) - Int(stillY(still, at: progress).rounded()))
        }.max() ?? 0
      /// Whether a passed entry shows below the block without its title line.
      func cut(at progress: Double) -> Bool {
        let end = top(at: progress) + group.height
        return passed.contains {
          let line = stillLine($0, at: progress)
          return line < end && line + self.height($0) > end
        }
      }
      hasStillSteps = true
      for shift in (ahead + 1)...(ahead + body.height) {
        groups[index].stillSteps =
          kept + [StillStep(at: progress, shift: shift, stills: low...high)]
        guard !misreads(top(at: progress), at: progress) else { continue }
        // Further on, where that reads right too, so that no slice of a row
        // stands out beyond the block.
        for further in shift..<(shift + before.model.rowHeight) {
          groups[index].stillSteps =
            kept + [
              StillStep(at: progress, shift: further, stills: low...high)
            ]
          if !cut(at: progress) && !misreads(top(at: progress), at: progress) { return true }
        }
        groups[index].stillSteps =
          kept + [StillStep(at: progress, shift: shift, stills: low...high)]
        return true
      }
      groups[index].stillSteps = kept
      hasStillSteps = groups.contains { !$0.stillSteps.isEmpty || $0.hold != nil }
      return false
    }
    /// Whether the still sections it passes hold back under its end (see
    /// `StillHold`): then the steps found so far are dropped.
    func holdsBack() -> Bool {
      let passed = sections.flatMap { [$0.header] + $0.rows }
      guard let low = passed.min(), let high = passed.max() else { return false }
      groups[index].steps = []
      groups[index].stillSteps = []
      groups[index].hold = StillHold(stills: low...high, bottom: group.newY + group.height)
      hasStillSteps = true
      return true
    }
    let samples = 240
    var previous = group.start
    var sample = 1
    while sample <= samples && groups[index].steps.count + groups[index].stillSteps.count < 32 {
      let progress = group.start + group.duration * Double(sample) / Double(samples)
      guard misreads(top(at: progress), at: progress) else {
        previous = progress
        sample += 1
        continue
      }
      // The first progress that reads wrong, and the nearest line on the
      // block's way from which it reads right.
      var (low, high) = (previous, progress)
      for _ in 0..<16 {
        let mid = (low + high) / 2
        if misreads(top(at: mid), at: mid) { high = mid } else { low = mid }
      }
      // The still sections it passes step on under it, so that it goes
      // on evenly; where they cannot (their new lines are too near), it
      // steps itself.
      if stillsStep(at: high) {
        previous = high
        continue
      }
      var line = top(at: high)
      while line != group.newY && misreads(line, at: high) { line += up ? -1 : 1 }
      if misreads(line, at: high) {
        // Nowhere on the rest of its way reads right (the block goes up and
        // the sections it passes, going down, cannot step on under it: their
        // new lines are too near). They hold back where its end will cover
        // them, and it passes over them; failing that, it goes on evenly.
        guard up, groups[index].hold == nil else {
          if groups[index].hold != nil {
            groups[index].hold?.until = high
            groups[index].steps.append(Step(at: high, y: group.newY))
          }
          break
        }
        guard holdsBack() else { break }
        (previous, sample) = (group.start, 1)
        continue
      }
      groups[index].steps.append(Step(at: high, y: line))
      previous = high
    }
  }

  /// The still index of old entry `old`, if it is still.
  private func stillIndex(old: Int) -> Int? {
    var low = 1
    var high = stillOld.count - 2
    while low <= high {
      let mid = (low + high) / 2
      let value = Int(stillOld[mid])
      if value == old { return mid }
      if value < old { low = mid + 1 } else { high = mid - 1 }
    }
    return nil
  }
}
