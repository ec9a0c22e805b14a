import Foundation
import TestSupport

/// A detached tmux session running an interactive shell, driven like a person
/// would: keys in, screen text out. Each session has a tmux server of its own,
/// whose socket lives in the session's scratch folder; `close()` (call it in a
/// `defer`) kills the server and removes the folder.
final class TmuxSession {
  /// The prompt the shell shows, so a test can tell the shell is back.
  static let prompt = "shelf-e2e$"

  let name: String
  /// A scratch folder for the shell's output files.
  let scratch: URL

  /// The shell a session runs.
  enum Shell {
    /// An interactive bash without start-up files.
    case bash
    /// A plain POSIX `sh` (dash): it restores nothing of the terminal itself
    /// after a child stops or dies, so it cannot hide a failure to.
    case posix

    var command: [String] {
      switch self {
      case .bash: ["bash", "--norc", "--noprofile"]
      case .posix: ["sh"]
      }
    }
  }

  /// Starts a `width` x `height` session with a clean `shell` in the repository root.
  init(width: Int = 120, height: Int = 40, shell: Shell = .bash) throws {
    name = "s\(UUID().uuidString.prefix(8))"
    scratch = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-e2e-\(name)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let status = try tmux(
      [
        "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
        "-c", repositoryRoot.path,
        "env", "-u", "TMUX", "-u", "NO_COLOR", "PS1=\(Self.prompt) ", "TERM=screen-256color",
        "LANG=C.UTF-8", "SWIFT_BACKTRACE=enable=yes,interactive=no",
      ] + shell.command
    ).status
    // The size tmux gives a detached session follows the window, not a client.
    _ = try? tmux(["set-option", "-t", name, "window-size", "manual"])
    guard status == 0, waitForScreen(timeout: 5, until: { $0.contains(Self.prompt) }) != nil else {
      close()
      throw TmuxError.failed("the shell did not start (new-session exited \(status))")
    }
  }

  /// Kills the session's server and removes the scratch folder.
  func close() {
    _ = try? tmux(["kill-server"])
    try? FileManager.default.removeItem(at: scratch)
  }

  /// Sends keys by their tmux names (`Up`, `Enter`, `Escape`, `q`).
  func send(_ keys: String...) throws {
    let status = try tmux(["send-keys", "-t", name] + keys).status
    guard status == 0 else { throw TmuxError.failed("send-keys \(keys) exited \(status)") }
  }

  /// Sends `text` literally, byte for byte (escape sequences included).
  func type(_ text: String) throws {
    _ = try tmux(["send-keys", "-t", name, "-l", text])
  }

  /// Pastes `text` as a terminal pastes it: wrapped in bracketed-paste marks
  /// when the program asked for them.
  func paste(_ text: String) throws {
    _ = try tmux(["set-buffer", "-b", "e2e", "--", text])
    let status = try tmux(["paste-buffer", "-p", "-d", "-b", "e2e", "-t", name]).status
    guard status == 0 else { throw TmuxError.failed("paste-buffer exited \(status)") }
  }

  /// Types `line` literally, then Enter.
  func run(_ line: String) throws {
    _ = try tmux(["send-keys", "-t", name, "-l", line])
    try send("Enter")
  }

  /// The visible screen, one string per line.
  func screen() -> String {
    (try? tmux(["capture-pane", "-p", "-t", name], capturing: true).output) ?? ""
  }

  /// The visible screen with its colours and attributes as SGR escapes.
  func styledScreen() -> String {
    (try? tmux(["capture-pane", "-p", "-e", "-t", name], capturing: true).output) ?? ""
  }

  /// The pane's modes as a shell expects them when it has the terminal:
  /// `0100` is no alternate screen, cursor shown, mouse and keypad modes off.
  var modeFlags: String {
    paneFormat("#{alternate_on}#{cursor_flag}#{mouse_any_flag}#{keypad_flag}")
  }

  /// A tmux format value of the pane, such as `alternate_on` or `cursor_flag`.
  func paneValue(_ variable: String) -> String {
    paneFormat("#{\(variable)}")
  }

  /// A tmux format expanded for the pane.
  private func paneFormat(_ format: String) -> String {
    let output =
      (try? tmux(["display-message", "-p", "-t", name, format], capturing: true).output)
    return (output ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Resizes the window, which sends the program a real SIGWINCH.
  func resize(width: Int, height: Int) throws {
    _ = try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
  }

  /// Polls the screen every 50 ms until `condition` holds; nil after `timeout` seconds.
  @discardableResult
  func waitForScreen(timeout: Double = 10, until condition: (String) -> Bool) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let text = screen()
      if condition(text) { return text }
      if Date() > deadline { return nil }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  /// The process id of the program the shell is running in the foreground.
  func foregroundProcess(timeout: Double = 5) -> Int32? {
    guard let shell = Int32(paneValue("pane_pid")) else { return nil }
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let children =
        (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8))
        ?? ""
      if let child = children.split(separator: " ").first.flatMap({ Int32($0) }) { return child }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return nil
  }

  /// The session's own tmux server socket, inside the scratch folder.
  private var socket: String { scratch.appendingPathComponent("tmux.sock").path }

  @discardableResult
  private func tmux(_ arguments: [String], capturing: Bool = false) throws -> (
    status: Int32, output: String
  ) {
    try spawnAndWait(
      ["tmux", "-S", socket, "-f", "/dev/null"] + arguments, capturingOutput: capturing)
  }
}

enum TmuxError: Error {
  case failed(String)
}
