/// A live source's state, as the status line and the message log show it:
/// a name, a state and the words for them, whatever the source is (the app
/// says which words its sources use).
public struct SourceStatus: Hashable, Sendable {
  /// Where a source stands.
  public enum State: Hashable, Sendable {
    /// Its last version or run was good: changes come as they happen.
    case live
    /// Its last version or run failed.
    case failing
    /// It brings no more changes (a stream that closed).
    case ended
  }

  /// The source's name: `books.json`, `stdin`, a command, a URL.
  public var name: String
  /// Where it stands.
  public var state: State
  /// What it does, before its name when it is the only source (`watching
  /// books.json ●`); empty when its name says it (`stdin open ●`).
  public var activity: String
  /// The message log's word for a live source (`watching`, `open`, `ok`),
  /// and the status line's after a name with no activity (`demo running ●`).
  public var liveWord: String
  /// The word for a failure: `failed`, `invalid`.
  public var failureWord: String
  /// Whether the source can still bring changes at all (a catalog that
  /// failed at start cannot); pausing means something only for one that can.
  public var canChange: Bool
  /// How wide its name is shown when it is the only source (a long command
  /// or URL is cut so that its state shows); nil for no limit.
  public var nameWidth: Int?

  /// A source named `name` in `state`, with the words the status line and
  /// the log use for it.
  public init(
    name: String, state: State, activity: String = "", liveWord: String = "ok",
    failureWord: String = "failed", canChange: Bool = true, nameWidth: Int? = nil
  ) {
    self.name = name
    self.state = state
    self.activity = activity
    self.liveWord = liveWord
    self.failureWord = failureWord
    self.canChange = canChange
    self.nameWidth = nameWidth
  }

  /// Whether the source can still bring changes (so pausing means something).
  var isLive: Bool { canChange && state != .ended }

  /// Whether the source's last version or run failed.
  var isFailing: Bool { state == .failing }

  /// How it reads when it is the only source: `watching books.json ●`.
  func alone(isPaused: Bool, name shown: String) -> String {
    let lead = activity.isEmpty ? shown : "\(activity) \(shown)"
    switch state {
    case .failing: return "\(lead): \(failureWord) ⚠"
    case .ended: return "\(lead) ended ■"
    case .live where activity.isEmpty: return "\(lead) " + (isPaused ? "paused ‖" : "\(liveWord) ●")
    case .live: return isPaused ? "\(lead): paused ‖" : "\(lead) ●"
    }
  }

  /// Its mark among several: `●`, `‖`, `⚠` or `■`.
  func mark(isPaused: Bool) -> String {
    switch state {
    case .failing: "⚠"
    case .ended: "■"
    case .live: isPaused ? "‖" : "●"
    }
  }

  /// Its line in the message log: `books.json: watching ●`.
  func logLine(isPaused: Bool) -> String {
    switch state {
    case .failing: "\(name): \(failureWord) ⚠"
    case .ended: "\(name): ended ■"
    case .live: "\(name): " + (isPaused ? "paused ‖" : "\(liveWord) ●")
    }
  }
}
