internal import CCurl
import ShelfCatalog

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
///
/// The body is held once: in one buffer the size of its `Content-Length`
/// when the server gives one for an unencoded body, else in blocks joined at
/// the end, each freed as it is copied. Every block is taken from `budget`,
/// shared with the other URL sources, and the transfer stops when it is
/// spent. `Content-Encoding` is read as the list all its header lines make:
/// one coding libcurl decodes, or none (`identity` alone), or the transfer is
/// refused, so that a second header cannot hide a compressed body from the
/// inflation check.
struct HTTPFetch {
  /// What the server answered.
  struct Answer {
    var status: Int
    /// The reason phrase of the status line (empty over HTTP/2).
    var reason: String
    var entityTag: String?
    var lastModified: String?
    var body: [UInt8]
    /// The budget's bytes the body holds, given back when this is let go of.
    var reservation: MemoryReservation
  }

  let url: String
  /// Request headers, `Name: value`.
  let headers: [String]
  let limit: Int
  let timeout: Duration
  /// The memory every URL source's bodies share.
  let budget: MemoryBudget
  /// How many redirects are followed.
  static let maximumRedirects = 10
  /// The most header bytes of one response.
  static let maximumHeaderBytes = 64 << 10
  /// How many times over a compressed body may inflate.
  static let maximumInflation = 200
  /// The content codings libcurl decodes (built with zlib, brotli and zstd).
  static let knownCodings: Set<String> = ["gzip", "x-gzip", "deflate", "br", "zstd"]

  /// Fetches `url`; nil when `isCancelled` said so first (it is asked about
  /// once a second while nothing arrives, and more often while data does).
  func run(isCancelled: @escaping () -> Bool) -> Result<Answer, CommandRun.Failure>? {
    HTTPFetch.initializeOnce
    guard let handle = curl_easy_init() else {
      return .failure(CommandRun.Failure(kind: .unavailable, problem: "libcurl failed to start"))
    }
    defer { curl_easy_cleanup(handle) }
    let transfer = Transfer(
      handle: handle, limit: limit, budget: budget, isCancelled: isCancelled)
    var list: UnsafeMutablePointer<curl_slist>?
    for header in headers { list = curl_slist_append(list, header) }
    defer { curl_slist_free_all(list) }
    var errorText = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    let (seconds, attoseconds) = timeout.components
    let milliseconds = max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))

    let context = Unmanaged.passUnretained(transfer).toOpaque()
    var refused: (option: String, code: CURLcode)?
    let code = errorText.withUnsafeMutableBufferPointer { errorBuffer -> CURLcode in
      // A refused option would leave the transfer unbounded or unchecked
      // (no time limit, no size limit, no cancel): it is not started.
      func set(_ option: String, _ code: CURLcode) {
        if code != CURLE_OK && refused == nil { refused = (option, code) }
      }
      set("URL", shelf_curl_set_text(handle, CURLOPT_URL, url))
      set("PROTOCOLS_STR", shelf_curl_set_text(handle, CURLOPT_PROTOCOLS_STR, "http,https"))
      set(
        "REDIR_PROTOCOLS_STR",
        shelf_curl_set_text(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"))
      set("FOLLOWLOCATION", shelf_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 1))
      set(
        "MAXREDIRS", shelf_curl_set_long(handle, CURLOPT_MAXREDIRS, HTTPFetch.maximumRedirects))
      set("NOSIGNAL", shelf_curl_set_long(handle, CURLOPT_NOSIGNAL, 1))
      set("TIMEOUT_MS", shelf_curl_set_long(handle, CURLOPT_TIMEOUT_MS, milliseconds))
      set(
        "CONNECTTIMEOUT_MS", shelf_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds))
      set(
        "MAXFILESIZE_LARGE",
        shelf_curl_set_size(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limit)))
      // Any encoding libcurl can decode; the decoded bytes are what is counted.
      set("ACCEPT_ENCODING", shelf_curl_set_text(handle, CURLOPT_ACCEPT_ENCODING, ""))
      set("HTTPHEADER", shelf_curl_set_headers(handle, list))
      set(
        "ERRORBUFFER",
        shelf_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer.baseAddress))
      set("WRITEFUNCTION", shelf_curl_set_writer(handle, CURLOPT_WRITEFUNCTION, receiveBody))
      set("WRITEDATA", shelf_curl_set_pointer(handle, CURLOPT_WRITEDATA, context))
      set("HEADERFUNCTION", shelf_curl_set_writer(handle, CURLOPT_HEADERFUNCTION, receiveHeader))
      set("HEADERDATA", shelf_curl_set_pointer(handle, CURLOPT_HEADERDATA, context))
      set("NOPROGRESS", shelf_curl_set_long(handle, CURLOPT_NOPROGRESS, 0))
      set("XFERINFOFUNCTION", shelf_curl_set_progress(handle, checkCancelled))
      set("XFERINFODATA", shelf_curl_set_pointer(handle, CURLOPT_XFERINFODATA, context))
      if let refused { return refused.code }
      return curl_easy_perform(handle)
    }
    if let refused {
      return .failure(
        CommandRun.Failure(
          kind: .unavailable,
          problem: "libcurl refused the option CURLOPT_\(refused.option): "
            + String(cString: curl_easy_strerror(refused.code))))
    }
    if transfer.stop == .cancelled { return nil }
    if code == CURLE_OK {
      return .success(
        Answer(
          status: shelf_curl_response_code(handle), reason: transfer.reason,
          entityTag: transfer.entityTag, lastModified: transfer.lastModified,
          body: transfer.takeBody(), reservation: transfer.reservation))
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
    case .overBudget?:
      return "the URL sources' bodies together would pass the memory budget of "
        + "\(MessageText.size(budget.bytes)) (--url-memory); the fetch was stopped"
    case .codingsRefused(let codings)?:
      return "Content-Encoding \(MessageText.quoted(codings)) is not one coding Shelf decodes"
        + " (\(Self.knownCodings.sorted().joined(separator: ", ")) or none); not fetched"
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
    // libcurl says `Illegal or missing hexadecimal sequence in chunked-encoding`.
    case CURLE_RECV_ERROR where detail.contains("chunked-encoding"):
      if detail.hasPrefix("Too long hexadecimal") {
        return "a chunk size in the chunked body has too many digits"
      }
      if detail.contains("hexadecimal") {
        return "a chunk size in the chunked body is not a hexadecimal number"
      }
      return "the chunked body is malformed (" + MessageText.safe(String(detail.prefix(200))) + ")"
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
  enum Stop: Equatable {
    case tooLarge, inflated, headersTooLarge, cancelled, overBudget
    case codingsRefused(String)
  }

  let handle: UnsafeMutableRawPointer
  let limit: Int
  let isCancelled: () -> Bool
  /// The budget's bytes the blocks take.
  let reservation: MemoryReservation
  /// The body in blocks: no block is copied as the body grows, so a body cut
  /// off at the limit holds no more than the limit.
  var blocks: [[UInt8]] = []
  /// How many bytes the last block was made to hold.
  var blockCapacity = 0
  var count = 0
  var headerBytes = 0
  /// The current response's status, from its status line.
  var status = 0
  /// The current response's `Content-Length`, if it gave one.
  var contentLength: Int?
  /// The current response's content codings, every `Content-Encoding` line's.
  var codings: [String] = []
  var isEncoded = false
  var areHeadersComplete = false
  var reason = ""
  var entityTag: String?
  var lastModified: String?
  var stop: Stop?

  init(
    handle: UnsafeMutableRawPointer, limit: Int, budget: MemoryBudget,
    isCancelled: @escaping () -> Bool
  ) {
    self.handle = handle
    self.limit = limit
    self.isCancelled = isCancelled
    reservation = MemoryReservation(budget)
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
    if blocks.isEmpty || blocks[blocks.count - 1].count + bytes.count > blockCapacity {
      guard startBlock(holding: max(1 << 20, bytes.count)) else { return false }
    }
    blocks[blocks.count - 1].append(contentsOf: bytes)
    return true
  }

  /// Starts a block of `capacity` bytes taken from the budget; false stops the transfer.
  private func startBlock(holding capacity: Int) -> Bool {
    guard reservation.take(capacity) else {
      stop = .overBudget
      return false
    }
    blocks.append([])
    blocks[blocks.count - 1].reserveCapacity(capacity)
    blockCapacity = capacity
    return true
  }

  /// Takes one header line of a response; false stops the transfer.
  func take(header bytes: UnsafeRawBufferPointer) -> Bool {
    if bytes.starts(with: "HTTP/".utf8) {
      // A new response (after a redirect or a 100 Continue): its own headers.
      headerBytes = 0
      isEncoded = false
      codings = []
      contentLength = nil
      entityTag = nil
      lastModified = nil
      let line = String(decoding: bytes, as: UTF8.self)
      let words = line.split(separator: " ", maxSplits: 2)
      let phrase = words.count == 3 ? words[2].trimmingSuffix { $0.isWhitespace } : ""
      status = words.count >= 2 ? Int(words[1]) ?? 0 : 0
      reason = MessageText.safe(String(phrase.prefix(100)))
      areHeadersComplete = false
    }
    if bytes.allSatisfy({ $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }) {
      areHeadersComplete = true
      return headersEnded()
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
    case "content-encoding":
      codings += value.lowercased().split(separator: ",").map {
        String($0.trimmingPrefix(while: \.isWhitespace).trimmingSuffix { $0.isWhitespace })
      }
    case "content-length": contentLength = Int(value)
    default: break
    }
    return true
  }

  /// Checks the codings of a response whose headers are all in; false stops
  /// the transfer. An unencoded body of a known length is given one block that holds it.
  private func headersEnded() -> Bool {
    let named = codings.filter { !$0.isEmpty }
    if named.isEmpty || named == ["identity"] {
      isEncoded = false
    } else if named.count == 1, HTTPFetch.knownCodings.contains(named[0]) {
      isEncoded = true
    } else {
      stop = .codingsRefused(codings.joined(separator: ", "))
      return false
    }
    if (200..<300).contains(status), !isEncoded, let contentLength, contentLength > 0,
      contentLength <= limit, blocks.isEmpty
    {
      return startBlock(holding: contentLength)
    }
    return true
  }

  /// The body in one piece, moved out of its one block, or joined from its
  /// blocks freeing each as it is copied: at most one block more than the
  /// body is ever held.
  func takeBody() -> [UInt8] {
    defer { blocks = [] }
    if blocks.count == 1 { return blocks.removeLast() }
    var body: [UInt8] = []
    body.reserveCapacity(count)
    for index in blocks.indices {
      body.append(contentsOf: blocks[index])
      blocks[index] = []
    }
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
