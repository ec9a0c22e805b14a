import Foundation
import Testing

/// `y` copies the focused card with OSC 52, which the terminal (or tmux, or
/// a terminal at the far end of SSH) puts on the clipboard.
@Suite struct Clipboard {
  /// Runs `shelf` in a pty, presses `y` once the first screen is drawn,
  /// then `q` once the copy is sent and said (or, with `--no-clipboard`,
  /// two seconds later), and prints every OSC 52 sequence it wrote and whether the
  /// status line said the card was sent to the clipboard.
  private static let script = #"""
    import os, pty, select, struct, sys, termios, fcntl, time, re
    shelf, args = sys.argv[1], sys.argv[2:]
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8")
        os.execve(shelf, [shelf, "--theme", "dark"] + args, env)
    out, sent, deadline = b"", False, time.time() + 20
    def pump(seconds):
        global out
        end = time.time() + seconds
        while time.time() < end:
            if select.select([fd], [], [], 0.05)[0]:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    return False
                if not data:
                    return False
                out += data
        return True
    while time.time() < deadline and b"Emma" not in out:
        pump(0.1)
    os.write(fd, b"y")
    if "--no-clipboard" in args:
        # Time to copy and say so, were it to.
        pump(2)
    else:
        # The copy and the status line that says so, however slowly they come.
        end = time.time() + 20
        while time.time() < end and not (b"to the clipboard" in out and b"\x1b]52;" in out):
            pump(0.1)
    os.write(fd, b"q")
    # Everything the app writes until it exits and its end of the pty closes.
    end = time.time() + 20
    while time.time() < end and pump(0.1):
        pass
    _, status = os.waitpid(pid, 0)
    print("exit", os.waitstatus_to_exitcode(status))
    for match in re.finditer(rb"\x1b\]52;c;([A-Za-z0-9+/=]*)\x07", out):
        print("osc52", match.group(1).decode())
    if b"to the clipboard" in out:
        print("sent")
    """#

  private func run(_ arguments: [String]) throws -> [String] {
    let result = try spawnAndWait(
      ["python3", "-c", Self.script, shelfBinary.path] + arguments, capturingOutput: true)
    #expect(result.status == 0)
    return result.output.split(separator: "\n").map(String.init)
  }

  @Test func yCopiesTheIDWithOSC52AndSaysSo() throws {
    let seen = try run(["--no-live", "--catalog", "\(fixtures)/small.json"])
    #expect(seen.contains("exit 0"))
    #expect(seen.filter { $0.hasPrefix("osc52") } == ["osc52 ZW1tYQ=="], "base64 of 'emma'")
    #expect(seen.contains("sent"), "the status line says it was sent, no more")
  }

  @Test func yCopiesThePrintFormat() throws {
    let seen = try run([
      "--no-live", "--catalog", "\(fixtures)/small.json", "--print", "{title} ({year})",
    ])
    #expect(seen.filter { $0.hasPrefix("osc52") } == ["osc52 RW1tYSAoMTgxNSk="], "'Emma (1815)'")
  }

  @Test func noClipboardTurnsItOff() throws {
    let seen = try run(["--no-live", "--catalog", "\(fixtures)/small.json", "--no-clipboard"])
    #expect(seen.contains("exit 0"))
    #expect(!seen.contains { $0.hasPrefix("osc52") })
    #expect(!seen.contains("sent"))
  }
}
