/// A whole recording judged: every frame by the frame rules, and with motion,
/// every change from one frame at rest to the next by the motion rules and
/// every frame by the gaps rule.
package struct Judgement: Sendable {
  /// How the recording is read.
  package struct Options: Sendable {
    package var rules = FrameRules()
    /// Also read the changes (still, oneway, animated, sections, shown) and the gaps.
    package var motion = false
    /// Most blank body lines in a row (nil: a row's height and one line).
    package var maximumHole: Int?
    /// A frame followed by no other for this long is at rest.
    package var restMilliseconds = 450.0
    /// The changes that begin at this time or later are read for motion.
    package var since = 0.0
    /// When the app quit (nil: the last frame is at rest).
    package var quitTime: Double?

    package init() {}
  }

  /// The names of the checks, in the order they are reported.
  package static func checks(motion: Bool) -> [String] {
    ["focus", "blocks", "holes", "rest"]
      + (motion ? ["still", "oneway", "animated", "gaps", "sections", "shown"] : [])
  }

  package let options: Options
  /// Each frame's problems, by index.
  package private(set) var problems: [[FrameRules.Problem]] = []
  /// Each frame's body text and line kinds, for its picture.
  package private(set) var pictures: [[String]] = []
  package private(set) var kinds: [[Int: LineKind]] = []
  /// With motion: the frames of each change read, both ends included.
  package private(set) var changes: [Int]?

  private var strip: (Int, Int)?
  private var stills: [FrameRules.Still] = []
  private var times: [Double] = []
  private var rests: [Bool] = []
  private var pending: Frame?

  package init(options: Options) { self.options = options }

  /// Reads the next frame.
  package mutating func add(_ frame: Frame) {
    if let previous = pending.take() { judge(previous, next: frame.time) }
    pending = frame
  }

  /// Reads the end of the recording.
  package mutating func finish() {
    if let last = pending.take() { judge(last, next: nil) }
    guard options.motion else { return }
    var counts: [Int] = []
    let resting = rests.indices.filter { rests[$0] }
    for (start, end) in zip(resting, resting.dropFirst()) {
      guard times[start + 1] >= options.since else { continue }
      let change = Array(stills[start...end])
      counts.append(change.count)
      let found =
        FrameRules.motionProblems(change) + FrameRules.sectionProblems(change)
        + options.rules.shownProblems(change)
      for (offset, problem) in found {
        var problem = problem
        problem.reason = "change from frame \(start): " + problem.reason
        problems[start + offset].append(problem)
      }
    }
    for (index, problem) in options.rules.gapProblems(stills) {
      problems[index].append(problem)
    }
    changes = counts
  }

  private mutating func judge(_ frame: Frame, next: Double?) {
    let rest: Bool
    if let next {
      rest = (next - frame.time) * 1000 >= options.restMilliseconds
    } else {
      rest = options.quitTime.map { ($0 - frame.time) * 1000 >= options.restMilliseconds } ?? true
    }
    let expected = FrameRules.Expectations(
      maximumHole: options.maximumHole ?? options.rules.rowHeight + 1, isAtRest: rest)
    problems.append(options.rules.problems(frame, expected, strip: &strip))
    pictures.append(frame.cells.map { $0.joined() })
    kinds.append(options.rules.kinds(frame))
    times.append(frame.time)
    if options.motion {
      stills.append(options.rules.still(frame))
      rests.append(rest)
    }
  }

  /// The indices of the frames each check failed.
  package func bad(_ check: String) -> [Int] {
    problems.indices.filter { problems[$0].contains { $0.check == check } }
  }

  /// The indices of the frames any check failed.
  package var badFrames: [Int] { problems.indices.filter { !problems[$0].isEmpty } }

  /// Frame `index` as text: each line numbered, with its kind, `>` before the
  /// lines its problems name.
  package func picture(_ index: Int) -> String {
    let marks = Set(
      problems[index].compactMap { problem -> Int? in
        guard problem.reason.hasPrefix("line") else { return nil }
        let number = problem.reason.split(separator: ":")[0].split(separator: " ")[1]
        return Int(number.split(separator: "-")[0])
      })
    return pictures[index].enumerated().map { y, text in
      let kind = kinds[index][y].map { String($0.rawValue.prefix(6)) } ?? ""
      let padded = kind + String(repeating: " ", count: 6 - kind.count)
      let number = String(y)
      return (marks.contains(y) ? ">" : " ")
        + String(repeating: " ", count: max(0, 3 - number.count)) + number + " " + padded + "|"
        + text + "|"
    }.joined(separator: "\n")
  }

  /// The frames whose pictures a report shows: the first `count` bad ones.
  package func shown(_ count: Int) -> [Int] { Array(badFrames.prefix(count)) }
}

extension Optional {
  /// The value, leaving nil behind.
  fileprivate mutating func take() -> Wrapped? {
    defer { self = nil }
    return self
  }
}
