import CCurl

/// One HTTP(S) GET through libcurl, bounded in time and memory: the answer's
/// status, validators and body, or why there is none.
///
/// One deadline covers everything (resolving, connecting, redirects, headers
/// and the whole body). The body is counted as it arrives, after decoding, and
/// the transfer stops the moment it passes `limit`; a `Content-Length` over
/// the limit is refused before any of the body is read, and a compressed body
/// that inflates more than `maximumInflation` times over is refused as it
/// inflates. Headers past `maximumHeaderBytes` end the transfer. Redirects are
/// followed to http and https URLs only.
struct HTTPFetch {
  /// What the server answered.
  struct Answer {
    var status: Int
    /// The reason phrase of the status line (empty over HTTP/2).
    var reason: String
    var entityTag: String?
    var lastModified: String?
    var body: [UInt8]
  }

  let url: String
  /// Request headers, `Name: value`.
  let headers: [String]
  let limit: Int
  let timeout: Duration
  /// How many redirects are followed.
  static let maximumRedirects = 10
  /// The most header bytes of one response.
  static let maximumHeaderBytes = 64 << 10
  /// How many times over a compressed body may inflate.
  static let maximumInflation = 200

  /// Fetches `url`; nil when `isCancelled` said so first (it is asked about
  /// once a second while nothing arrives, and more often while data does).
  func run(isCancelled: @escaping () -> Bool) -> Result<Answer, CommandRun.Failure>? {
    HTTPFetch.initializeOnce
    guard let handle = curl_easy_init() else {
      return .failure(CommandRun.Failure(kind: .unavailable, problem: "libcurl failed to start"))
    }
    defer { curl_easy_cleanup(handle) }
    let transfer = Transfer(handle: handle, limit: limit, isCancelled: isCancelled)
    var list: UnsafeMutablePointer<curl_slist>?
    for header in headers { list = curl_slist_append(list, header) }
    defer { curl_slist_free_all(list) }
    var errorText = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    let (seconds, attoseconds) = timeout.components
    let milliseconds = max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))

    let context = Unmanaged.passUnretained(transfer).toOpaque()
    let code = errorText.withUnsafeMutableBufferPointer { errorBuffer -> CURLcode in
      _ = shelf_curl_set_text(handle, CURLOPT_URL, url)
      _ = shelf_curl_set_text(handle, CURLOPT_PROTOCOLS_STR, "http,https")
      _ = shelf_curl_set_text(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
      _ = shelf_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 1)
      _ = shelf_curl_set_long(handle, CURLOPT_MAXREDIRS, HTTPFetch.maximumRedirects)
      _ = shelf_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
      _ = shelf_curl_set_long(handle, CURLOPT_TIMEOUT_MS, milliseconds)
      _ = shelf_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
      _ = shelf_curl_set_size(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limit))
      // Any encoding libcurl can decode; the decoded bytes are what is counted.
      _ = shelf_curl_set_text(handle, CURLOPT_ACCEPT_ENCODING, "")
      _ = shelf_curl_set_headers(handle, list)
      _ = shelf_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer.baseAddress)
      _ = shelf_curl_set_writer(handle, CURLOPT_WRITEFUNCTION, receiveBody)
      _ = shelf_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
      _ = shelf_curl_set_writer(handle, CURLOPT_HEADERFUNCTION, receiveHeader)
      _ = shelf_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
      _ = shelf_curl_set_long(handle, CURLOPT_NOPROGRESS, 0)
      _ = shelf_curl_set_progress(handle, checkCancelled)
      _ = shelf_curl_set_pointer(handle, CURLOPT_XFERINFODATA, context)
      return curl_easy_perform(handle)
    }
    if transfer.stop == .cancelled { return nil }
    if code == CURLE_OK {
      return .success(
        Answer(
          status: shelf_curl_response_code(handle), reason: transfer.reason,
          entityTag: transfer.entityTag, lastModified: transfer.lastModified,
          body: transfer.joinedBody()))
    }
    let detail = String(
      decoding: errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return .failure(
      CommandRun.Failure(
        kind: .unavailable,
        problem: describe(
          code, stop: transfer.stop, status: shelf_curl_response_code(handle),
          areHeadersComplete: transfer.areHeadersComplete, detail: detail)))
  }

  /// What a failed transfer comes to, in words.
  private func describe(
    _ code: CURLcode, stop: Transfer.Stop?, status: Int, areHeadersComplete: Bool, detail: String
  ) -> String {
    switch stop {
    case .tooLarge?:
      return "the body is larger than the limit of \(limit) bytes; the fetch was stopped"
    case .inflated?:
      return
        "the compressed body inflates more than \(Self.maximumInflation) times over; the fetch was stopped"
    case .headersTooLarge?:
      return "headers too large (over \(Self.maximumHeaderBytes) bytes)"
    case .cancelled?, nil:
      break
    }
    switch code {
    case CURLE_OPERATION_TIMEDOUT:
      return "no complete answer within \(Self.words(timeout)): the request timed out"
    case CURLE_COULDNT_CONNECT: return "the connection was refused"
    case CURLE_COULDNT_RESOLVE_HOST: return "the host name does not resolve"
    case CURLE_FILESIZE_EXCEEDED:
      return
        "the body is larger than the limit of \(limit) bytes (its Content-Length says so); not fetched"
    case CURLE_UNSUPPORTED_PROTOCOL:
      // Refused redirects leave the redirecting status; an answer that is no
      // HTTP at all (libcurl takes it for HTTP/0.9, which it refuses) leaves none.
      return (300..<400).contains(status)
        ? "redirect to a non-HTTP URL refused" : "the server sent something that is not HTTP"
    case CURLE_WEIRD_SERVER_REPLY: return "the server sent something that is not HTTP"
    // libcurl 7.88 reports a header line longer than its 100 KB buffer so.
    case CURLE_OUT_OF_MEMORY where !areHeadersComplete: return "headers too large"
    case CURLE_TOO_MANY_REDIRECTS: return "too many redirects (more than \(Self.maximumRedirects))"
    case CURLE_GOT_NOTHING: return "the server closed the connection without answering"
    case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE: return "the connection was lost"
    default:
      let text = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
      return "the request failed: " + MessageText.safe(String(text.prefix(200)))
    }
  }

  /// `duration` as a person says it: `10 s`, `500 ms`.
  private static func words(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return "\(seconds) s" }
    return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
  }

  /// libcurl's global set-up, once, before the first handle.
  private static let initializeOnce: Void = { _ = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()
}

// MARK: - The transfer's state, which libcurl's callbacks reach

/// What one transfer has received so far; used on the thread that runs it only.
private final class Transfer {
  enum Stop { case tooLarge, inflated, headersTooLarge, cancelled }

  let handle: UnsafeMutableRawPointer
  let limit: Int
  let isCancelled: () -> Bool
  /// The body in blocks: no block is copied as the body grows, so a body cut
  /// off at the limit holds no more than the limit.
  var blocks: [[UInt8]] = []
  var count = 0
  var headerBytes = 0
  var isEncoded = false
  var areHeadersComplete = false
  var reason = ""
  var entityTag: String?
  var lastModified: String?
  var stop: Stop?

  init(handle: UnsafeMutableRawPointer, limit: Int, isCancelled: @escaping () -> Bool) {
    self.handle = handle
    self.limit = limit
    self.isCancelled = isCancelled
  }

  /// Takes decoded body bytes; false stops the transfer.
  func take(body bytes: UnsafeRawBufferPointer) -> Bool {
    count += bytes.count
    guard count <= limit else {
      stop = .tooLarge
      return false
    }
    // Decoded bytes far beyond the bytes that came: a compression bomb.
    if isEncoded && count > 1 << 20 {
      let received = Int(shelf_curl_received(handle))
      if count / max(received, 1) > HTTPFetch.maximumInflation {
        stop = .inflated
        return false
      }
    }
    if blocks.isEmpty || blocks[blocks.count - 1].count + bytes.count > 1 << 20 {
      blocks.append([])
      blocks[blocks.count - 1].reserveCapacity(max(1 << 20, bytes.count))
    }
    blocks[blocks.count - 1].append(contentsOf: bytes)
    return true
  }

  /// Takes one header line of a response; false stops the transfer.
  func take(header bytes: UnsafeRawBufferPointer) -> Bool {
    if bytes.starts(with: "HTTP/".utf8) {
      // A new response (after a redirect or a 100 Continue): its own headers.
      headerBytes = 0
      isEncoded = false
      entityTag = nil
      lastModified = nil
      let line = String(decoding: bytes, as: UTF8.self)
      let words = line.split(separator: " ", maxSplits: 2)
      let phrase = words.count == 3 ? words[2].trimmingSuffix { $0.isWhitespace } : ""
      reason = MessageText.safe(String(phrase.prefix(100)))
      areHeadersComplete = false
    }
    if bytes.allSatisfy({ $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }) {
      areHeadersComplete = true
    }
    headerBytes += bytes.count
    guard headerBytes <= HTTPFetch.maximumHeaderBytes else {
      stop = .headersTooLarge
      return false
    }
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return true }
    let name = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
    let value = String(decoding: bytes[(colon + 1)...], as: UTF8.self)
      .trimmingPrefix(while: \.isWhitespace).trimmingSuffix { $0.isWhitespace }
    switch name {
    case "etag": entityTag = value
    case "last-modified": lastModified = value
    case "content-encoding": isEncoded = value.lowercased() != "identity"
    default: break
    }
    return true
  }

  /// The body in one piece.
  func joinedBody() -> [UInt8] {
    if blocks.count == 1 { return blocks[0] }
    var body: [UInt8] = []
    body.reserveCapacity(count)
    for block in blocks { body += block }
    return body
  }
}

extension StringProtocol {
  fileprivate func trimmingSuffix(while isTrimmed: (Character) -> Bool) -> String {
    var text = String(self)
    while let last = text.last, isTrimmed(last) { text.removeLast() }
    return text
  }
}

private let receiveBody: curl_write_callback = { pointer, size, count, context in
  let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
  let length = size * count
  return transfer.take(body: UnsafeRawBufferPointer(start: pointer, count: length)) ? length : 0
}

private let receiveHeader: curl_write_callback = { pointer, size, count, context in
  let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
  let length = size * count
  return transfer.take(header: UnsafeRawBufferPointer(start: pointer, count: length)) ? length : 0
}

private let checkCancelled: curl_xferinfo_callback = { context, _, _, _, _ in
  let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
  guard transfer.isCancelled() else { return 0 }
  transfer.stop = .cancelled
  return 1
}
