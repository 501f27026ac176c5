#!/usr/bin/python3
"""A TLS front end such as Weibo's, in front of the plain-HTTP sandbox: OpenSSL (Python's ssl),
which hands out TLS 1.3 session tickets as most servers do, and closes every connection after one
answer (Connection: close), as a server may close a kept connection at any time. For each
connection it prints, before answering, a JSON line: whether the handshake resumed a session.

Usage: tls-front.py CERTIFICATE KEY BACKEND_PORT; prints "listening PORT" first."""
import json
import socket
import ssl
import sys

certificate, key, backend_port = sys.argv[1], sys.argv[2], int(sys.argv[3])
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(certificate, key)
listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(8)
print("listening", listener.getsockname()[1], flush=True)


def read_request(connection):
    """The request's head and body (by its Content-Length), or None when the client left."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    length = next((int(line.split(b":", 1)[1]) for line in lines if line.lower().startswith(b"content-length:")), 0)
    while len(body) < length:
        body += connection.recv(65536)
    return [line for line in lines if not line.lower().startswith(b"connection:")], body


while True:
    raw, _ = listener.accept()
    try:
        connection = context.wrap_socket(raw, server_side=True)
    except (ssl.SSLError, OSError) as error:
        print(json.dumps({"handshake": str(error)}), flush=True)
        raw.close()
        continue
    request = read_request(connection)
    if request is not None:
        lines, body = request
        backend = socket.create_connection(("127.0.0.1", backend_port))
        backend.sendall(b"\r\n".join(lines) + b"\r\nConnection: close\r\n\r\n" + body)
        answer = b""
        while chunk := backend.recv(65536):
            answer += chunk
        backend.close()
        print(json.dumps({"request": lines[0].decode(), "resumed": connection.session_reused, "version": connection.version()}), flush=True)
        connection.sendall(answer)
    connection.close()
