#!/usr/bin/python3
"""An HTTP server on 127.0.0.1 that answers every request to /api with a redirect elsewhere, a
cookie and a day of caching, and counts what reaches it.

    redirect-server.py   prints the port; serves until stdin closes. GET /log answers the
                         requests seen, one line each: "PATH cookie=YES|NO authorization=YES|NO"
"""
import http.server
import sys
import threading

seen = []


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/log":
            body = "".join(seen).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        seen.append("%s cookie=%s authorization=%s\n" % (
            self.path, "YES" if self.headers.get("Cookie") else "NO", "YES" if self.headers.get("Authorization") else "NO"))
        if self.path.startswith("/api"):
            body = b'{"status":0}'
            self.send_response(302)
            self.send_header("Location", "http://127.0.0.1:%d/stolen" % self.server.server_address[1])
            self.send_header("Set-Cookie", "session=taken; Path=/")
            self.send_header("Cache-Control", "public, max-age=86400")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *_):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()
