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
"""
import http.server
import json
import sys
import threading
import time
import urllib.parse

state = {"title": "v1", "version": 1, "counts": {}}
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
        elif parsed.path == "/count":
            with lock:
                count = state["counts"].get(query["path"][0], 0)
            self.send(200, str(count).encode())
        else:
            self.send(404, b"unknown")


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()
server.shutdown()
