/// The frame rules for tests that draw frames themselves (the headless
/// renderer's canvases, golden transcripts): one frame's problems, and a
/// change's motion and section problems, as sentences. The same rules judge
/// the real app's frames through `frame-judge`.
package struct FrameChecker: Sendable {
  /// What a frame must satisfy besides the rules every frame keeps.
  package struct Expectations: Sendable {
    /// The frame shows a focused card (the focused row has cards and survives).
    package var focus = true
    /// The longest run of blank lines allowed inside the body (0 at rest; the
    /// lines of the largest block a change inserts, deletes or moves while it
    /// animates).
    package var maximumHole = 0
    /// The frame is at rest: it must start on a whole block.
    package var isAtRest = false

    package init(focus: Bool = true, maximumHole: Int = 0, isAtRest: Bool = false) {
      self.focus = focus
      self.maximumHole = maximumHole
      self.isAtRest = isAtRest
    }
  }

  /// The frame read.
  package let frame: Frame
  /// The focus colour's name in the frame's styles, when they name it.
  package let focusForeground: String?
  /// The rules, with the card height of the frames read.
  package let rules: FrameRules

  package init(frame: Frame, focusForeground: String? = nil, rules: FrameRules = FrameRules()) {
    self.frame = frame
    self.focusForeground = focusForeground
    self.rules = rules
  }

  /// The frame's cells, line by line.
  package var grid: [[String]] { frame.cells }

  /// Everything wrong with the frame, one sentence each (empty: readable).
  package func problems(_ expected: Expectations = Expectations()) -> [String] {
    var strip: (Int, Int)?
    let found = rules.problems(
      frame,
      FrameRules.Expectations(
        maximumHole: expected.maximumHole, isAtRest: expected.isAtRest, focus: expected.focus,
        focusForeground: focusForeground),
      strip: &strip)
    return found.map { "\($0.check): \($0.reason)" }
  }

  /// Everything wrong with the motion of `frames`, the first before a change
  /// and the last at rest after it: the still, oneway and animated rules.
  package static func motionProblems(_ frames: [FrameChecker]) -> [String] {
    sentences(FrameRules.motionProblems(frames.map { $0.rules.still($0.frame) }))
  }

  /// The section rules over a change's `frames`.
  package static func sectionProblems(_ frames: [FrameChecker]) -> [String] {
    sentences(FrameRules.sectionProblems(frames.map { $0.rules.still($0.frame) }))
  }

  /// The shown rule over a change's `frames`: no block on screen at both
  /// ends vanishes between them.
  package static func shownProblems(_ frames: [FrameChecker]) -> [String] {
    let rules = frames.first?.rules ?? FrameRules()
    return sentences(rules.shownProblems(frames.map { $0.rules.still($0.frame) }))
  }

  private static func sentences(_ found: [(offset: Int, problem: FrameRules.Problem)]) -> [String] {
    found.map { "frame \($0.offset): \($0.problem.check): \($0.problem.reason)" }
  }
}
