/// How a table transition's one duration is shared between its stages, as
/// UIKit and DifferenceKit stage a batch: deletions collapse (and moved
/// entries' old slots close), then moved entries slide, then insertions grow
/// (and moved entries' new slots open).
///
/// A stage with nothing on screen to show takes no time: a batch that only
/// inserts grows for the whole duration. The view scrolls (to follow the
/// focused row) while moved entries slide.
struct TableStages: Hashable, Sendable {
  /// Where the table is at one moment: a stage and how far along it is.
  enum Stage: Hashable, Sendable {
    /// Deleted entries collapse while moved entries' old slots close.
    case collapse(TransitionStep)
    /// Moved entries slide to their new places over the closed-up table, and
    /// the view scrolls.
    case slide(TransitionStep)
    /// Inserted entries grow while moved entries' new slots open.
    case grow(TransitionStep)
  }

  /// The progress at which collapsing ends and sliding begins.
  let slideStart: Double
  /// The progress at which sliding ends and growing begins.
  let growStart: Double
  /// Whether each stage takes any time.
  let collapses, slides, grows: Bool

  /// The stages of a batch that deletes, moves and inserts on screen as it
  /// says, and scrolls the view if `scrolls`: the view scrolls while moved
  /// entries slide, so that in the other stages every entry goes one way.
  ///
  /// - Parameters:
  ///   - movesOut: a moved entry shows before (its old slot closes on screen).
  ///   - movesIn: a moved entry shows after (its new slot opens on screen).
  init(deletes: Bool, movesOut: Bool, movesIn: Bool, inserts: Bool, scrolls: Bool) {
    collapses = deletes || movesOut
    grows = inserts || movesIn
    // With nothing that collapses, slides or grows (a rename), the whole
    // duration slides.
    slides = movesOut || movesIn || scrolls || !(collapses || grows)
    let weights = [collapses, slides, grows].map { $0 ? 1.0 : 0 }
    let total = weights.reduce(0, +)
    slideStart = weights[0] / total
    growStart = (weights[0] + weights[1]) / total
  }

  /// The stage at `progress` (0 to 1) of the whole transition.
  func stage(at progress: Double) -> Stage {
    let progress = min(1, max(0, progress))
    if collapses && progress < slideStart {
      return .collapse(TransitionStep(progress / slideStart))
    }
    if grows && progress >= growStart {
      return .grow(TransitionStep(growStart < 1 ? (progress - growStart) / (1 - growStart) : 1))
    }
    let length = growStart - slideStart
    return .slide(TransitionStep(length > 0 ? (progress - slideStart) / length : 1))
  }
}
