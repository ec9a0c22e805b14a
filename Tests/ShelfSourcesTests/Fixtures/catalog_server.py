"""A catalog server for the URLSource tests, on 127.0.0.1 and a free port.

Prints the port on its first line, then serves until stdin closes:
  /catalog   the current catalog, with an ETag and a Last-Modified; 304 when
             If-None-Match or If-Modified-Since says the client has it
  /set?title=T  makes the catalog's title T (a new version, a new ETag);
                the title !bad makes /catalog answer 200 with broken JSON
  /moved     a 302 redirect to /catalog
  /missing   404;  /broken  500;  /bad  200 with a body that is not JSON
  /slow      answers after 5 s
  /count?path=P  how many requests P had, as text
  /fail?on=1    makes /catalog answer 500 until /fail?on=0

Misbehaving on purpose (each writes until the client goes away):
  /endless-chunked  a chunked body that never ends
  /endless          a body with no length that never ends (HTTP/1.0, no close)
  /trickle          a 473-byte catalog sent one byte a second
  /only304          304 to every request, with an ETag
  /huge             a 300 MB body, its Content-Length sent first
  /bomb             0.5 MB of gzip that inflates to 477 MiB of spaces
                    (/prepare-bomb makes it, which takes seconds, and
                    answers its size)
  /garbage          bytes that are not HTTP, then the connection closes
  /big-headers      a 4 MiB header line
  /to-file          a 302 redirect to file:///etc/passwd
  /bomb-identity    /bomb with a second Content-Encoding header, identity
  /bad-chunk        a chunked body whose first chunk size is "zz"
  /empty299         status 299 with an empty body
  /big?mib=N[&chunked=1]  a good catalog padded to N MiB with spaces, with a
                    Content-Length, or chunked (no length known in advance)
"""
import http.server
import json
import sys
import threading
import time
import urllib.parse
import zlib

state = {"title": "v1", "version": 1, "counts": {}, "failing": False}
bomb = []


def gzip_bomb():
    """477 MiB of spaces as gzip (about 0.5 MB), made once."""
    with lock:
        if not bomb:
            packer = zlib.compressobj(9, zlib.DEFLATED, 31)
            block = b" " * (1 << 20)
            parts = [packer.compress(block) for _ in range(477)]
            bomb.append(b"".join(parts) + packer.flush())
        return bomb[0]
lock = threading.Lock()
STAMPS = ["Mon, 23 Nov 2026 10:00:%02d GMT" % n for n in range(60)]


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        parsed = urllib.parse.urlparse(self.path)
        query = urllib.parse.parse_qs(parsed.query)
        with lock:
            state["counts"][parsed.path] = state["counts"].get(parsed.path, 0) + 1
            title, version = state["title"], state["version"]
        if parsed.path == "/catalog":
            if state["failing"]:
                self.send(500, b"down for a moment")
                return
            tag = '"v%d"' % version
            stamp = STAMPS[version % 60]
            headers = [("ETag", tag), ("Last-Modified", stamp)]
            if self.headers.get("If-None-Match") == tag or (
                self.headers.get("If-None-Match") is None
                and self.headers.get("If-Modified-Since") == stamp
            ):
                self.send(304, headers=headers)
                return
            body = json.dumps({"title": title, "rows": [{"id": "r", "title": "Row"}]})
            if title == "!bad":
                body = '{"rows": ['

            self.send(200, body.encode(), headers + [("Content-Type", "application/json")])
        elif parsed.path == "/set":
            with lock:
                state["title"] = query["title"][0]
                state["version"] += 1
            self.send(200, b"ok")
        elif parsed.path == "/moved":
            self.send(302, headers=[("Location", "/catalog")])
        elif parsed.path == "/missing":
            self.send(404, b"no such catalog")
        elif parsed.path == "/broken":
            self.send(500, b"oops")
        elif parsed.path == "/bad":
            self.send(200, b'{"rows": [}')
        elif parsed.path == "/slow":
            time.sleep(5)
            self.send(200, b"{}")
        elif parsed.path == "/prepare-bomb":
            self.send(200, str(len(gzip_bomb())).encode())
        elif parsed.path == "/fail":
            with lock:
                state["failing"] = query["on"][0] == "1"
            self.send(200, b"ok")
        elif parsed.path in MISBEHAVIOURS:
            try:
                MISBEHAVIOURS[parsed.path](self)
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True
        elif parsed.path == "/picture":
            # A local file, for covers fetched over HTTP.
            with open(query["file"][0], "rb") as f:
                self.send(200, f.read(), [("Content-Type", "application/octet-stream")])
        elif parsed.path == "/count":
            with lock:
                count = state["counts"].get(query["path"][0], 0)
            self.send(200, str(count).encode())
        else:
            self.send(404, b"unknown")


def endless_chunked(handler):
    handler.protocol_version = "HTTP/1.1"
    handler.send_response(200)
    handler.send_header("Transfer-Encoding", "chunked")
    handler.end_headers()
    chunk = b"%x\r\n%s\r\n" % (1 << 16, b" " * (1 << 16))
    while True:
        handler.wfile.write(chunk)


def endless(handler):
    handler.send_response(200)
    handler.end_headers()
    block = b" " * (1 << 16)
    while True:
        handler.wfile.write(block)


def trickle(handler):
    body = json.dumps({"title": "slow", "rows": [{"id": "r", "title": "x" * 420}]})
    body = body.encode()[:473].ljust(473)
    handler.send_response(200)
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    for index in range(len(body)):
        handler.wfile.write(body[index : index + 1])
        handler.wfile.flush()
        time.sleep(1)


def only304(handler):
    handler.send(304, headers=[("ETag", '"never"')])


def huge(handler):
    handler.send_response(200)
    handler.send_header("Content-Length", str(300_000_000))
    handler.end_headers()
    block = b" " * (1 << 16)
    for _ in range(300_000_000 >> 16):
        handler.wfile.write(block)


def gzip_body(handler):
    body = gzip_bomb()
    handler.send_response(200)
    handler.send_header("Content-Encoding", "gzip")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


def gzip_body_then_identity(handler):
    body = gzip_bomb()
    handler.send_response(200)
    handler.send_header("Content-Encoding", "gzip")
    handler.send_header("Content-Encoding", "identity")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


def bad_chunk(handler):
    handler.protocol_version = "HTTP/1.1"
    handler.send_response(200)
    handler.send_header("Transfer-Encoding", "chunked")
    handler.end_headers()
    handler.wfile.write(b"zz\r\n{}\r\n0\r\n\r\n")


def empty299(handler):
    handler.send(299)


def big(handler):
    query = urllib.parse.parse_qs(urllib.parse.urlparse(handler.path).query)
    size = int(query["mib"][0]) << 20
    head = json.dumps({"title": "big", "rows": [{"id": "r", "title": "Row"}]}).encode()
    block = b" " * (1 << 20)
    handler.protocol_version = "HTTP/1.1"
    handler.send_response(200)
    if query.get("chunked") == ["1"]:
        handler.send_header("Transfer-Encoding", "chunked")
        handler.end_headers()
        handler.wfile.write(b"%x\r\n%s\r\n" % (len(head), head))
        for _ in range(size >> 20):
            handler.wfile.write(b"%x\r\n%s\r\n" % (len(block), block))
        handler.wfile.write(b"0\r\n\r\n")
    else:
        handler.send_header("Content-Length", str(len(head) + size))
        handler.end_headers()
        handler.wfile.write(head)
        for _ in range(size >> 20):
            handler.wfile.write(block)


def garbage(handler):
    handler.wfile.write(bytes(range(256)) * 4 + b"\r\n\r\n")
    handler.wfile.flush()


def big_headers(handler):
    handler.send_response(200)
    handler.send_header("X-Big", "a" * (4 << 20))
    handler.send_header("Content-Length", "2")
    handler.end_headers()
    handler.wfile.write(b"{}")


def to_file(handler):
    handler.send(302, headers=[("Location", "file:///etc/passwd")])


MISBEHAVIOURS = {
    "/endless-chunked": endless_chunked,
    "/endless": endless,
    "/trickle": trickle,
    "/only304": only304,
    "/huge": huge,
    "/bomb": gzip_body,
    "/garbage": garbage,
    "/big-headers": big_headers,
    "/to-file": to_file,
    "/bomb-identity": gzip_body_then_identity,
    "/bad-chunk": bad_chunk,
    "/empty299": empty299,
    "/big": big,
}


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()
server.shutdown()
