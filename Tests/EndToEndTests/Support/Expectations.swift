import Foundation
import Testing

/// Fixture catalogs written for these tests.
let fixtures = "Tests/EndToEndTests/Fixtures"

extension TmuxSession {
  /// Waits for the screen to satisfy `condition`, recording an issue naming
  /// `what` (and showing the screen) if it never does.
  @discardableResult
  func expectScreen(
    _ what: String, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
    until condition: (String) -> Bool
  ) -> String? {
    let screen = waitForScreen(timeout: timeout, until: condition)
    if screen == nil {
      Issue.record("screen never showed \(what):\n\(self.screen())", sourceLocation: sourceLocation)
    }
    return screen
  }

  /// Waits for the screen to contain `text`.
  @discardableResult
  func expectScreen(
    containing text: String, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation
  ) -> String? {
    expectScreen("'\(text)'", timeout: timeout, sourceLocation: sourceLocation) {
      $0.contains(text)
    }
  }

  /// The first line of the screen: the status line.
  var statusLine: String {
    String(screen().split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
  }

  /// Quits with `q` and checks that the shell got the terminal back intact.
  func quitAndExpectRestored(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try send("q")
    expectRestored(waitForExit(), status: 0, sourceLocation: sourceLocation)
  }

  /// The shell is back exactly as it was: settings, prompt, cursor, screen, mouse.
  ///
  /// `after` names what ended the run in the messages (`"SIGUSR1"`).
  func expectRestored(
    _ exit: InteractiveExit?, status: Int, after: String = "the run",
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let exit else {
      Issue.record(
        "the shell never came back after \(after):\n\(screen())", sourceLocation: sourceLocation)
      return
    }
    #expect(exit.status == status, "exit status after \(after)", sourceLocation: sourceLocation)
    #expect(
      exit.isTTYRestored, "stty -g differs after \(after)", sourceLocation: sourceLocation)
    let lastLine = exit.screen.split(separator: "\n").last.map(String.init) ?? ""
    #expect(lastLine == TmuxSession.prompt, "prompt after \(after)", sourceLocation: sourceLocation)
    // Alternate screen off, cursor shown, mouse reporting and keypad mode off.
    #expect(modeFlags == "0100", "modes after \(after)", sourceLocation: sourceLocation)
    #expect(
      paneValue("mouse_standard_flag") == "0", "mouse after \(after)",
      sourceLocation: sourceLocation)
  }

  /// Waits until `shelf` has taken over the screen (alternate screen on).
  func waitUntilRunning(timeout: Double = 15) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if paneValue("alternate_on") == "1" && !screen().contains("EXIT=") { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return false
  }
}
