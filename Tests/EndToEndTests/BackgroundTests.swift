import Foundation
import Testing

/// In a pseudo-terminal whose "terminal" answers OSC 11, the way a terminal
/// emulator does: `shelf` picks its colours by the answer and keeps the
/// answer off the screen.
@Suite struct BackgroundQuery {
  /// Runs `shelf` in a pty that answers OSC 11 with `reply` (plus the DA1
  /// answer), quits once the first screen is drawn, and reports what it saw.
  private static let script = #"""
    import fcntl, os, pty, select, struct, sys, termios, time
    shelf, catalog, reply = sys.argv[1], sys.argv[2], sys.argv[3].encode()
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8")
        env.pop("COLORFGBG", None)
        env.pop("NO_COLOR", None)
        os.execve(shelf, [shelf, "--no-live", "--catalog", catalog], env)
    out, asked, drawn, deadline = b"", False, b"", time.time() + 20
    while time.time() < deadline:
        if select.select([fd], [], [], 0.1)[0]:
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            out += data
            if not asked and b"\x1b]11;?" in out:
                asked = True
                if reply:
                    os.write(fd, b"\x1b]11;" + reply + b"\x1b\\")
                os.write(fd, b"\x1b[?1;2c")
            if asked and b"Emma" in out.split(b"\x1b]11;?", 1)[1]:
                break
    os.write(fd, b"q")
    while select.select([fd], [], [], 5)[0]:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        out += data
    _, status = os.waitpid(pid, 0)
    print("asked" if asked else "not asked")
    print("exit", os.waitstatus_to_exitcode(status))
    for mark in ["38;5;130", "38;5;214", "rgb:"]:
        if mark.encode() in out.split(b"\x1b]11;?", 1)[-1]:
            print("saw", mark)
    """#

  private func run(reply: String) throws -> [String] {
    let result = try spawnAndWait(
      ["python3", "-c", Self.script, shelfBinary.path, "\(fixtures)/small.json", reply],
      capturingOutput: true)
    #expect(result.status == 0)
    return result.output.split(separator: "\n").map(String.init)
  }

  @Test func aWhiteBackgroundGetsTheLightColours() throws {
    let seen = try run(reply: "rgb:ffff/ffff/ffff")
    #expect(seen.contains("asked"))
    #expect(seen.contains("exit 0"))
    #expect(seen.contains("saw 38;5;130"), "the light theme's focus colour")
    #expect(!seen.contains("saw 38;5;214"))
    #expect(!seen.contains("saw rgb:"), "the terminal's answer never reaches the screen")
  }

  @Test(arguments: ["rgb:0000/0000/0000", ""])
  func aBlackOrSilentTerminalGetsTheDarkColours(reply: String) throws {
    let seen = try run(reply: reply)
    #expect(seen.contains("asked"))
    #expect(seen.contains("exit 0"))
    #expect(seen.contains("saw 38;5;214"), "the dark theme's focus colour")
    #expect(!seen.contains("saw 38;5;130"))
  }
}
