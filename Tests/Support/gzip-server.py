#!/usr/bin/python3
"""A one-answer HTTP server on 127.0.0.1 that sends {"status":0} gzip-compressed with its
Content-Length (32 bytes on the wire for 12 decoded: longer compressed than decoded).

    gzip-server.py      prints the port, serves one request, exits
"""
import gzip
import http.server
import sys

BODY = gzip.compress(b'{"status":0}', mtime=0)


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(BODY)))
        self.end_headers()
        self.wfile.write(BODY)

    def log_message(self, *_):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.timeout = 10
server.handle_request()
sys.exit(0)
