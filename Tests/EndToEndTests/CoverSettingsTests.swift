import Testing

@testable import shelf

/// `--images`: when covers at rest are drawn as pictures.
@Suite struct CoverSettingsTests {
  @Test func autoDrawsPicturesInKittyButNotThroughTmux() {
    let auto = CoverSettings(mode: .auto)
    #expect(auto.drawsPictures(environment: ["TERM": "xterm-kitty"]))
    #expect(auto.drawsPictures(environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"]))
    #expect(!auto.drawsPictures(environment: ["TERM": "xterm-256color"]))
    #expect(
      !auto.drawsPictures(environment: [
        "TERM": "tmux-256color", "KITTY_WINDOW_ID": "1", "TMUX": "/tmp/t,1,0",
      ]))
    #expect(CoverSettings(mode: .kitty).drawsPictures(environment: [:]))
    #expect(!CoverSettings(mode: .cells).drawsPictures(environment: ["TERM": "xterm-kitty"]))
    #expect(!CoverSettings(mode: .none).drawsPictures(environment: ["TERM": "xterm-kitty"]))
  }
}
