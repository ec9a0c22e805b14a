import Dispatch
import Foundation
import ShelfTerminal
import ShelfUI

/// What the run loop drives: it is told about keys and asked for frames.
@MainActor
protocol EventLoopDelegate: AnyObject {
  /// A key or mouse event arrived.
  func eventLoop(_ loop: EventLoop, didReceive key: Key)
  /// The frame to show at `now` (monotonic milliseconds).
  func eventLoop(_ loop: EventLoop, frameFor size: Size, now: UInt64) -> Canvas
  /// When the next frame is due, or nil when nothing moves.
  func eventLoop(_ loop: EventLoop, nextFrameDeadlineAfter now: UInt64) -> UInt64?
  /// The covers the last frame shows at rest (drawn as pictures where the
  /// terminal can).
  var stillCovers: [PlacedCover] { get }
}

/// The app's run loop on Dispatch's main queue: a read source on the tty, signal
/// sources, and a frame timer armed only while something moves. Idle, it makes
/// no system call at all; work from other threads arrives as main-queue blocks
/// that end in `setNeedsDraw()`. At most one frame is drawn per turn of the queue.
@MainActor
final class EventLoop {
  weak var delegate: (any EventLoopDelegate)?
  /// Runs once as the loop finishes, before the terminal is given back: live
  /// sources stop there (a running command's process group is killed).
  var willFinish: (@MainActor () -> Void)?
  let backend: TerminalBackend
  private var sources: [any DispatchSourceProtocol] = []
  private let frameTimer: any DispatchSourceTimer
  private var isDrawScheduled = false
  private var isFinished = false

  /// A loop showing frames on `backend`.
  init(backend: TerminalBackend) {
    self.backend = backend
    frameTimer = DispatchSource.makeTimerSource(queue: .main)
  }

  /// Monotonic milliseconds, on the clock the frame timer uses.
  static func now() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds / 1_000_000
  }

  /// Starts the sources and shows the first frame. Run the main run loop
  /// next (`InteractiveSession.run`).
  func start() {
    let input = DispatchSource.makeReadSource(
      fileDescriptor: backend.inputFileDescriptor, queue: .main)
    input.setEventHandler { [unowned self] in
      MainActor.assumeIsolated { self.readInput() }
    }
    sources.append(input)
    // The backend installed the signal handlers before it took the terminal;
    // their pipe is read here, on the queue that draws, between two frames.
    let signals = DispatchSource.makeReadSource(
      fileDescriptor: TerminalSignals.fileDescriptor, queue: .main)
    signals.setEventHandler { [unowned self] in
      MainActor.assumeIsolated { self.handle(TerminalSignals.takePending()) }
    }
    sources.append(signals)
    frameTimer.setEventHandler { [unowned self] in
      MainActor.assumeIsolated { self.setNeedsDraw() }
    }
    frameTimer.schedule(deadline: .distantFuture)
    sources.append(frameTimer)
    for source in sources { source.resume() }
    // Keys typed while the terminal was asked about itself are read now:
    // the input source only fires for input still to come.
    if backend.hasTypedAhead {
      DispatchQueue.main.async { [unowned self] in
        MainActor.assumeIsolated { self.readInput() }
      }
    }
    setNeedsDraw()
  }

  private func handle(_ signals: [Int32]) {
    if let ending = signals.first(where: TerminalSignals.termination.contains) {
      finish(status: 128 + ending)
    }
    if signals.contains(TerminalSignals.suspend) {
      backend.suspend()
      setNeedsDraw()
    }
    if signals.contains(TerminalSignals.resize) {
      backend.followResize()
      setNeedsDraw()
    }
  }

  /// Asks for a frame at the end of this turn of the main queue.
  func setNeedsDraw() {
    guard !isDrawScheduled, !isFinished else { return }
    isDrawScheduled = true
    DispatchQueue.main.async { [unowned self] in
      MainActor.assumeIsolated { self.draw() }
    }
  }

  private func draw() {
    isDrawScheduled = false
    guard !isFinished, let delegate else { return }
    let now = Self.now()
    let frame = delegate.eventLoop(self, frameFor: backend.size, now: now)
    backend.draw(frame, covers: delegate.stillCovers)
    if let deadline = delegate.eventLoop(self, nextFrameDeadlineAfter: now) {
      let wait = deadline > now ? deadline - now : 0
      frameTimer.schedule(deadline: .now() + .milliseconds(Int(min(wait, 60_000))))
    } else {
      frameTimer.schedule(deadline: .distantFuture)
    }
  }

  private func readInput() {
    let events = backend.readEvents()
    if events.isEmpty && backend.isInputClosed {
      finish(status: 74, message: "the terminal went away")
    }
    for event in events {
      switch event {
      case .key(let key):
        if key == .control("l") { backend.invalidate() }
        delegate?.eventLoop(self, didReceive: key)
      case .resize:
        break
      }
      if isFinished { return }
    }
    if !events.isEmpty { setNeedsDraw() }
  }

  /// Takes up after a command that had the terminal (`whileHandedBack`):
  /// the keys that reached it as signals (Ctrl-C, Ctrl-\\, Ctrl-Z) were the
  /// command's, so they are dropped; any other signal is acted on.
  func didHandBackTerminal() {
    let commandKeys = [SIGINT, SIGQUIT, TerminalSignals.suspend]
    let pending = TerminalSignals.takePending()
    let kept = pending.filter { !commandKeys.contains($0) }
    if !kept.contains(where: TerminalSignals.termination.contains) {
      TerminalSignals.forgetDroppedTermination()
    }
    handle(kept)
    setNeedsDraw()
  }

  /// Gives the terminal back, writes `output` (if any) to stdout, prints
  /// `message` (if any) as one line on stderr, and exits with `status` (141
  /// when stdout's reader went away, 74 when `output` cannot be written
  /// otherwise, as the headless commands do).
  func finish(status: Int32, message: String? = nil, output: String? = nil) -> Never {
    isFinished = true
    for source in sources { source.cancel() }
    willFinish.take()?()
    backend.end()
    // The headless commands' rule: a reader that went away is 141, as
    // SIGPIPE would end it; any other failure one line and 74.
    if let output { Headless.writeStandardOutput(output) }
    if let message {
      // Not FileHandle: it traps when the write fails, as it does on a
      // terminal that went away.
      let line = Array("shelf: \(message)\n".utf8)
      _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
    exit(status)
  }
}
