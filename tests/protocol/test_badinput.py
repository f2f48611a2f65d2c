"""Bad input over raw pyzmq sockets: each message is dropped (or answered with
an error reply) and the kernel keeps serving.

After every bad message a good kernel_info_request follows on the same
socket; the first reply that comes back must answer the good one, which
proves the bad one got no reply (the shell socket is served in order).
LUMEN_TEST_WRAPPER (e.g. "valgrind --error-exitcode=99 --leak-check=full")
runs the kernel under a tool; the final test checks its exit status.
"""
import hashlib
import hmac
import json
import os
import shlex
import socket
import subprocess
import tempfile
import time
import unittest
import uuid

import zmq
from jupyter_client.connect import write_connection_file

TIMEOUT = 30 if not os.environ.get("LUMEN_TEST_WRAPPER") else 120
KEY = b"0123456789abcdef-secret-key"
SECRET = "SECRET-CONTENT-7d1f"  # must never appear in the kernel's log
DELIM = b"<IDS|MSG>"


def sign(parts, key=KEY):
    h = hmac.new(key, digestmod=hashlib.sha256)
    for p in parts:
        h.update(p)
    return h.hexdigest().encode()


def header(msg_type, **over):
    h = {"msg_id": str(uuid.uuid4()), "msg_type": msg_type, "session": "raw-test",
         "username": "test", "date": "2026-01-01T00:00:00.000000Z", "version": "5.4"}
    h.update(over)
    return h


def frames(msg_type, content=None, hdr=None, key=KEY):
    hdr = hdr or header(msg_type)
    parts = [json.dumps(hdr).encode(), b"{}", b"{}", json.dumps(content or {}).encode()]
    return [DELIM, sign(parts, key)] + parts, hdr.get("msg_id")


def signed(parts, key=KEY):
    return [DELIM, sign(parts, key)] + parts


class BadInputTests(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="lumen-raw-", dir=os.environ.get("LUMEN_TEST_TMP"))
        cls.cf, cls.info = write_connection_file(os.path.join(cls.tmp, "kernel.json"),
                                                 ip="127.0.0.1", key=KEY)
        kernel = os.environ.get("LUMEN_KERNEL", "lumen-kernel")
        wrapper = shlex.split(os.environ.get("LUMEN_TEST_WRAPPER", ""))
        cls.log = open(os.path.join(cls.tmp, "stderr.log"), "w+b")
        env = dict(os.environ, LUMEN_DEVICE="host")
        cls.proc = subprocess.Popen(wrapper + [kernel, "-f", cls.cf], stderr=cls.log,
                                    stdout=subprocess.DEVNULL, env=env)
        cls.ctx = zmq.Context()
        cls.shell = cls.dealer(cls.info["shell_port"])
        cls.control = cls.dealer(cls.info["control_port"])
        cls.stdin = cls.dealer(cls.info["stdin_port"])
        # wait until the kernel serves
        cls.ping_socket(cls.shell)

    @classmethod
    def tearDownClass(cls):
        if cls.proc.poll() is None:
            cls.proc.kill()
            cls.proc.wait()
        cls.ctx.destroy(linger=0)
        cls.log.close()

    @classmethod
    def dealer(cls, port, ident=None):
        s = cls.ctx.socket(zmq.DEALER)
        s.linger = 0
        s.identity = ident or uuid.uuid4().hex.encode()
        s.connect("tcp://127.0.0.1:%d" % port)
        return s

    @staticmethod
    def recv(sock, timeout=TIMEOUT):
        if not sock.poll(timeout * 1000):
            return None
        msg = sock.recv_multipart()
        i = msg.index(DELIM)
        return {"header": json.loads(msg[i + 2]), "parent": json.loads(msg[i + 3]),
                "content": json.loads(msg[i + 5]), "sig": msg[i + 1],
                "signed_ok": hmac.compare_digest(sign(msg[i + 2:i + 6]), msg[i + 1])}

    @classmethod
    def ping_socket(cls, sock):
        f, msg_id = frames("kernel_info_request")
        sock.send_multipart(f)
        r = cls.recv(sock)
        assert r is not None, "the kernel did not answer kernel_info"
        return r, msg_id

    def assertServes(self, sock=None):
        """The next reply on sock answers a fresh kernel_info_request."""
        sock = sock or self.shell
        r, msg_id = self.ping_socket(sock)
        self.assertEqual(r["parent"].get("msg_id"), msg_id,
                         "a reply came for the bad message (%s)" % r["header"]["msg_type"])
        self.assertEqual(r["header"]["msg_type"], "kernel_info_reply")
        self.assertTrue(r["signed_ok"])
        self.assertIsNone(self.proc.poll(), "the kernel died")

    def send_then_serves(self, parts, sock=None):
        (sock or self.shell).send_multipart(parts)
        self.assertServes(sock)

    # ---- signatures ----
    def test_wrong_signature(self):
        f, _ = frames("kernel_info_request", key=b"not the key")
        self.send_then_serves(f)

    def test_missing_signature(self):
        f, _ = frames("kernel_info_request")
        f[1] = b""
        self.send_then_serves(f)

    def test_uppercase_or_short_signature(self):
        f, _ = frames("kernel_info_request")
        g = list(f)
        g[1] = f[1].upper()
        self.send_then_serves(g)
        g[1] = f[1][:-2]
        self.send_then_serves(g)

    def test_replayed_signature(self):
        f, msg_id = frames("kernel_info_request")
        self.shell.send_multipart(f)
        r = self.recv(self.shell)
        self.assertEqual(r["parent"]["msg_id"], msg_id)
        self.send_then_serves(f)            # the very same frames again
        self.send_then_serves(f, self.control)  # on another channel too

    # ---- framing ----
    def test_truncated_multipart(self):
        f, _ = frames("kernel_info_request")
        for n in range(0, 6):
            with self.subTest(frames=n):
                self.send_then_serves(f[:n] if n else [b""])

    def test_no_delimiter(self):
        f, _ = frames("kernel_info_request")
        self.send_then_serves([b"<IDS|MSG"] + f[1:])
        self.send_then_serves(f[1:])

    def test_too_many_frames(self):
        f, _ = frames("kernel_info_request")
        self.send_then_serves(f + [b"b"] * 3000)

    def test_buffers_are_accepted(self):
        f, msg_id = frames("kernel_info_request")
        self.shell.send_multipart(f + [b"buffer-1", b"buffer-2"])
        r = self.recv(self.shell)
        self.assertEqual(r["parent"]["msg_id"], msg_id)

    # ---- JSON ----
    def test_invalid_utf8(self):
        h = json.dumps(header("execute_request")).encode()
        self.send_then_serves(signed([h, b"{}", b"{}", b'{"code": "\xff\xfe' + SECRET.encode() + b'"}']))
        self.send_then_serves(signed([b'{"msg_type": "\xc3\x28"}', b"{}", b"{}", b"{}"]))

    def test_invalid_json(self):
        h = json.dumps(header("execute_request")).encode()
        for bad in [b"{", b"", b"nul", b'{"code": "x"', b"\x00", b"{}}"]:
            with self.subTest(content=bad):
                self.send_then_serves(signed([h, b"{}", b"{}", bad]))
                h = json.dumps(header("execute_request")).encode()

    def test_frames_not_objects(self):
        h = json.dumps(header("kernel_info_request")).encode()
        self.send_then_serves(signed([b"[]", b"{}", b"{}", b"{}"]))
        self.send_then_serves(signed([h, b"null", b"{}", b"{}"]))
        self.send_then_serves(signed([h, b"{}", b"7", b"{}"]))
        self.send_then_serves(signed([h, b"{}", b"{}", b'"text"']))

    def test_missing_header_fields(self):
        for missing in ["msg_id", "msg_type", "session"]:
            with self.subTest(missing=missing):
                h = header("kernel_info_request")
                del h[missing]
                f, _ = frames("kernel_info_request", hdr=h)
                self.send_then_serves(f)

    def test_wrong_header_types(self):
        for field, value in [("msg_id", 5), ("msg_type", ["kernel_info_request"]),
                             ("session", None), ("username", 1), ("msg_type", "")]:
            with self.subTest(field=field):
                h = header("kernel_info_request")
                h[field] = value
                f, _ = frames("kernel_info_request", hdr=h)
                self.send_then_serves(f)

    def test_wrong_content_types_get_error_replies(self):
        cases = [("execute_request", {"code": 5}),
                 ("execute_request", {"code": "1", "silent": "yes"}),
                 ("execute_request", {"code": "1", "user_expressions": [1]}),
                 ("execute_request", {}),
                 ("complete_request", {"code": "x", "cursor_pos": "1"}),
                 ("inspect_request", {"code": 1, "cursor_pos": 0}),
                 ("is_complete_request", {"code": None}),
                 ("history_request", {"hist_access_type": "tail", "n": "ten"}),
                 ("history_request", {"hist_access_type": "sideways"}),
                 ("shutdown_request", {"restart": "no"})]
        for msg_type, content in cases:
            with self.subTest(msg_type=msg_type, content=content):
                f, msg_id = frames(msg_type, content)
                self.shell.send_multipart(f)
                r = self.recv(self.shell)
                self.assertIsNotNone(r)
                self.assertEqual(r["parent"]["msg_id"], msg_id)
                self.assertEqual(r["header"]["msg_type"], msg_type.replace("_request", "_reply"))
                self.assertEqual(r["content"]["status"], "error")
                self.assertIsNone(self.proc.poll())
        self.assertServes()

    def test_unknown_msg_type(self):
        for t in ["foo_request", "execute_reply", "interrupt_request", "x" * 500]:
            with self.subTest(msg_type=t[:20]):
                f, _ = frames(t, {"secret": SECRET})
                self.send_then_serves(f)

    def test_huge_code_is_fine(self):
        # a signed 1 MB cell of comments is a normal request
        f, msg_id = frames("is_complete_request", {"code": "#" * (1 << 20)})
        self.shell.send_multipart(f)
        r = self.recv(self.shell)
        self.assertEqual(r["parent"]["msg_id"], msg_id)

    # ---- size and vanishing peers ----
    def test_100mb_frame(self):
        # one frame over ZMQ_MAXMSGSIZE: libzmq disconnects that peer
        s = self.dealer(self.info["shell_port"])
        f, _ = frames("execute_request", {"code": "print(1)"})
        s.send_multipart(f[:-1] + [b" " * (100 << 20)])
        s.close()
        self.assertServes()

    def test_100mb_in_small_frames(self):
        # 100 MB of buffers under the frame limit arrives whole (buffers are
        # not signed): the request is served and nothing breaks
        s = self.dealer(self.info["shell_port"])
        f, msg_id = frames("kernel_info_request")
        s.send_multipart(f + [b"x" * (25 << 20)] * 4)
        r = self.recv(s)
        self.assertEqual(r["parent"]["msg_id"], msg_id)
        # and the same 100 MB with a broken signature is dropped
        f, _ = frames("kernel_info_request", key=b"wrong")
        s.send_multipart(f + [b"x" * (25 << 20)] * 4)
        self.assertServes(s)
        s.close()

    def test_client_vanishes_mid_request(self):
        s = self.dealer(self.info["shell_port"])
        f, _ = frames("execute_request", {"code": "import time\ntime.sleep(0.3)"})
        s.send_multipart(f)
        s.close()  # linger 0: gone before the reply
        time.sleep(0.1)
        self.assertServes()

    def test_garbage_tcp_peer(self):
        for data in [b"\xff" + b"\x00" * 8 + b"\x7f", b"GET / HTTP/1.0\r\n\r\n", b"\x00" * 64]:
            c = socket.create_connection(("127.0.0.1", self.info["shell_port"]))
            c.sendall(data)
            c.close()
        self.assertServes()

    def test_control_and_stdin_channels(self):
        f, _ = frames("kernel_info_request", key=b"wrong")
        self.send_then_serves(f, self.control)
        self.send_then_serves([b"junk"], self.control)
        # an input_reply nobody asked for is dropped
        f, _ = frames("input_reply", {"value": SECRET})
        self.stdin.send_multipart(f)
        self.stdin.send_multipart([b"junk", DELIM])
        self.assertServes()

    def test_heartbeat(self):
        s = self.ctx.socket(zmq.REQ)
        s.linger = 0
        s.connect("tcp://127.0.0.1:%d" % self.info["hb_port"])
        s.send(b"ping")
        self.assertTrue(s.poll(TIMEOUT * 1000))
        self.assertEqual(s.recv(), b"ping")
        s.close()

    def test_zz_log_and_clean_exit(self):
        # runs last: the log names reasons, never contents or the key
        f, msg_id = frames("shutdown_request", {"restart": False})
        self.control.send_multipart(f)
        r = self.recv(self.control)
        self.assertEqual(r["parent"]["msg_id"], msg_id)
        self.assertEqual(self.proc.wait(TIMEOUT), 0)
        self.log.seek(0)
        log = self.log.read()
        self.assertIn(b"dropped a message", log)
        self.assertIn(b"wrong or missing signature", log)
        self.assertIn(b"replayed signature", log)
        self.assertNotIn(SECRET.encode(), log)
        self.assertNotIn(KEY, log)


if __name__ == "__main__":
    unittest.main()
