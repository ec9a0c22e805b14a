import Dispatch
import ShelfTerminal
import ShelfUI

/// The interactive screen: a terminal, a run loop, the screen and its sources.
@MainActor
final class InteractiveSession: EventLoopDelegate {
  private let loop: EventLoop
  private let screen: PreviewScreen

  private init(loop: EventLoop, screen: PreviewScreen) {
    self.loop = loop
    self.screen = screen
  }

  /// Takes over the terminal and runs until the user quits; never returns.
  static func run(_ options: RunOptions, isNoColorSet: Bool) throws(AppError) -> Never {
    let backend: TerminalBackend
    do {
      backend = try TerminalBackend(
        options: TerminalOptions(colorMode: options.colorMode, isNoColorSet: isNoColorSet))
    } catch {
      throw AppError(error)
    }
    let session = InteractiveSession(loop: EventLoop(backend: backend), screen: PreviewScreen())
    session.loop.delegate = session
    session.loop.start()
    retained = session
    dispatchMain()
  }

  /// The session lives as long as the process.
  private static var retained: InteractiveSession?

  func eventLoop(_ loop: EventLoop, didReceive key: Key) {
    switch screen.handle(key, size: loop.backend.size) {
    case .quit: loop.finish(status: 0)
    case .none, .redraw: loop.setNeedsDraw()
    }
  }

  func eventLoop(_ loop: EventLoop, frameFor size: Size, now: UInt64) -> Canvas {
    screen.render(size: size, now: now)
  }

  func eventLoop(_ loop: EventLoop, nextFrameDeadlineAfter now: UInt64) -> UInt64? {
    screen.nextFrameDeadline(now: now)
  }
}
