import ShelfUI

/// The statuses the app gives its kinds of source (shelf's
/// SourceStatus+Kinds.swift), as the screen's tests use them.
extension SourceStatus {
  static let demo = SourceStatus(name: "demo", state: .live, liveWord: "running")

  static func watching(_ name: String, isValid: Bool) -> SourceStatus {
    SourceStatus(
      name: name, state: isValid ? .live : .failing, activity: "watching", liveWord: "watching",
      failureWord: "invalid")
  }

  static func streaming(_ name: String, isOpen: Bool) -> SourceStatus {
    SourceStatus(name: name, state: isOpen ? .live : .ended, liveWord: "open")
  }

  static func running(_ name: String, isValid: Bool) -> SourceStatus {
    SourceStatus(name: name, state: isValid ? .live : .failing, activity: "running", nameWidth: 32)
  }

  static func fetching(_ name: String, isValid: Bool) -> SourceStatus {
    SourceStatus(
      name: name, state: isValid ? .live : .failing, activity: "fetching", nameWidth: 40)
  }

  static func failed(_ name: String) -> SourceStatus {
    SourceStatus(name: name, state: .failing, canChange: false)
  }
}
