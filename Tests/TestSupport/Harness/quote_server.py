#!/usr/bin/env python3
"""A quote API impostor on 127.0.0.1 for the fetch-stage tests.

  quote_server.py      prints the port it listens on, then serves until killed.

Every path is one behaviour: each preset's real payload shape, and the ways a real API
breaks (errors, placeholders, garbage, huge or endless bodies, silence, redirect tricks).
"""
import gzip
import http.server
import json
import socketserver
import sys
import time

ROUTES = {
    "/zen": (200, [{"q": "Very little is needed to make a happy life.", "a": "Marcus Aurelius", "h": "<blockquote>...</blockquote>"}]),
    "/dummy": (200, {"id": 7, "quote": "Well done is better than well said.", "author": "Benjamin Franklin"}),
    "/favqs": (200, {"qotd_date": "2026-11-22T00:00:00.000+00:00", "quote": {"id": 1, "body": "Lost time is never found again.", "author": "Benjamin Franklin"}}),
    "/favqs-error": (200, {"error_code": 21, "message": "Invalid request"}),
    "/ratelimit": (200, [{"q": "Too many requests. Obtain an auth key for unlimited access.", "a": "zenquotes.io", "h": ""}]),
    "/empty": (200, [{"q": "   ", "a": "Nobody"}]),
    "/html": (200, [{"q": "<p>Don&#8217;t <b>panic</b> &amp; carry on.</p>", "a": "A &lt;B&gt;"}]),
    # Plain text that looks like markup: it must arrive exactly as written.
    "/plain": (200, [{"q": "3 < 5 && 7 > 2 — \"quotes\" & 'marks' &amp; <b>kept</b>", "a": "R&amp;D <Lab>"}]),
    # Unicode line breaks inside the text (LINE SEPARATOR, NEL): line breaks of the quote.
    "/separator": (200, [{"q": "Be kind,\u2028for everyone you meet is fighting a hard battle.", "a": "Ian Maclaren"}]),
    "/nel": (200, [{"q": "Be kind,\u0085for everyone you meet is fighting a hard battle.", "a": "Ian Maclaren"}]),
    "/custom": (200, {"data": {"items": [{"words": "The journey of a thousand li commences with a single step.", "by": "Laozi"}]}}),
}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def send(self, status, body, content_type="application/json"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = self.path
        # As an HTTP proxy it is asked for an absolute URL; it answers for any host.
        if path.startswith("http://"):
            path = "/" + path.split("/", 3)[3] if path.count("/") >= 3 else "/"
        if path in ROUTES:
            status, payload = ROUTES[path]
            self.send(status, json.dumps(payload).encode())
        elif path == "/ninjas":
            if self.headers.get("X-Api-Key") != "secret-key":
                self.send(401, b'{"error": "Invalid API Key."}')
            else:
                self.send(200, json.dumps([{"quote": "Little strokes fell great oaks.", "author": "Benjamin Franklin", "category": "wisdom"}]).encode())
        elif path == "/500":
            self.send(500, b"internal error")
        elif path == "/badjson":
            self.send(200, b'[{"q": "unterminated')
        elif path == "/badutf8":
            self.send(200, b'[{"q": "caf\xe9 au lait is a fine drink", "a": "x"}]')
        elif path == "/huge":
            # No length: the client must stop reading by itself.
            self.send_response(200)
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            chunk = b"x" * 65536
            try:
                for _ in range(800):
                    self.wfile.write(chunk)
            except OSError:
                pass
        elif path == "/gzip-bomb":
            # 20 KiB on the wire, 20 MiB decoded: the limit must apply to the decoded body.
            body = gzip.compress(b"[" * (20 * 1024 * 1024), 9)
            self.send_response(200)
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                self.wfile.write(body)
            except OSError:
                pass
        elif path == "/hang":
            time.sleep(120)
        elif path == "/huge-declared":
            self.send_response(200)
            self.send_header("Content-Length", str(50 * 1024 * 1024))
            self.end_headers()
            try:
                self.wfile.write(b"x" * 65536)
            except OSError:
                pass
        elif path == "/trickle":
            # No length, so only a total deadline stops the client.
            self.send_response(200)
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            try:
                for _ in range(240):
                    self.wfile.write(b"[")
                    self.wfile.flush()
                    time.sleep(0.5)
            except OSError:
                pass
        elif path.startswith("/loop"):
            n = int(path[5:] or 0)
            self.send_response(302)
            self.send_header("Location", f"/loop{n + 1}")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path == "/tofile":
            self.send_response(302)
            self.send_header("Location", "file:///etc/passwd")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path == "/redirect-ok":
            self.send_response(301)
            self.send_header("Location", "/zen")
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            self.send(404, b"not found")

    def log_message(self, *args):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def exit_when_parent_goes():
    """The test holds our stdin open; when it exits (or crashes), so do we."""
    sys.stdin.read()
    import os
    os._exit(0)


server = Server(("127.0.0.1", 0), Handler)
import threading
threading.Thread(target=exit_when_parent_goes, daemon=True).start()
print(server.server_address[1], flush=True)
server.serve_forever()
