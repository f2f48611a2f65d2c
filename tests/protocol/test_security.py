"""Transport encryption and the kernel's secrets, through jupyter_client and raw pyzmq.

CurveZMQ as jupyter_client >= 8.10 provisions it: with transport_encryption='required'
the manager writes curve_publickey/curve_secretkey into the connection file (the
kernelspec declares metadata.supported_encryption = ["curve"]), every kernel socket is
a Curve server, and a peer without the server key - even one holding the HMAC key -
can neither run code nor read IOPub.  Bad keys stop the kernel before it binds, with a
message that quotes no key.  ipc sockets are the owner's alone.
"""
import hashlib
import hmac
import json
import contextlib
import os
import signal
import stat
import subprocess
import tempfile
import time
import unittest
import uuid

import zmq
from jupyter_client.connect import write_connection_file
from jupyter_client.manager import KernelManager

TIMEOUT = 60
DELIM = b"<IDS|MSG>"


@contextlib.contextmanager
def deadline(seconds, what):
    """Fails (rather than hangs) when a client call blocks past `seconds`:
    a client that cannot complete its Curve handshake waits for ever."""
    def expired(signum, frame):
        raise TimeoutError("%s took more than %d s" % (what, seconds))
    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def signed_execute(key, code):
    hdr = {"msg_id": str(uuid.uuid4()), "msg_type": "execute_request", "session": "intruder",
           "username": "x", "date": "2026-01-01T00:00:00.000000Z", "version": "5.4"}
    content = {"code": code, "silent": False, "store_history": True,
               "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}
    parts = [json.dumps(hdr).encode(), b"{}", b"{}", json.dumps(content).encode()]
    h = hmac.new(key, digestmod=hashlib.sha256)
    for p in parts:
        h.update(p)
    return [DELIM, h.hexdigest().encode()] + parts


@unittest.skipUnless(zmq.has("curve"), "this pyzmq's libzmq has no CURVE")
class CurveTests(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="lumen-curve-", dir=os.environ.get("LUMEN_TEST_TMP"))
        cls.km = KernelManager(kernel_name="lumen", transport_encryption="required")
        cls.km.start_kernel(env=dict(os.environ, LUMEN_DEVICE="host"))
        try:
            with deadline(TIMEOUT, "an encrypted client's first reply"):
                cls.kc = cls.km.client()
                cls.kc.start_channels()
                cls.kc.wait_for_ready(timeout=TIMEOUT)
        except BaseException:
            cls.km.shutdown_kernel(now=True)
            raise
        with open(cls.km.connection_file) as f:
            cls.info = json.load(f)

    @classmethod
    def tearDownClass(cls):
        cls.kc.stop_channels()
        cls.km.shutdown_kernel(now=True)

    def run_cell(self, code):
        out = []
        with deadline(TIMEOUT + 10, "a cell"):
            reply = self.kc.execute_interactive(code, timeout=TIMEOUT,
                                                output_hook=lambda m: out.append(m))
        text = "".join(m["content"].get("text", "") for m in out
                       if m["header"]["msg_type"] == "stream")
        return reply["content"], text

    def test_keys_were_provisioned(self):
        self.assertEqual(len(self.info.get("curve_publickey", "")), 40)
        self.assertEqual(len(self.info.get("curve_secretkey", "")), 40)

    def test_encrypted_client_runs_cells(self):
        content, text = self.run_cell("x = 6 * 7\nprint(x)")
        self.assertEqual(content["status"], "ok")
        self.assertEqual(text, "42\n")

    def test_peer_without_the_server_key_cannot_run_code(self):
        marker = os.path.join(self.tmp, "intruder-ran")
        ctx = zmq.Context()
        try:
            s = ctx.socket(zmq.DEALER)
            s.linger = 0
            s.connect("tcp://%s:%d" % (self.info["ip"], self.info["shell_port"]))
            # it holds the HMAC key, so only the encryption can stop it
            s.send_multipart(signed_execute(self.info["key"].encode(),
                                            "open(%r, 'w').close()" % marker))
            self.assertFalse(s.poll(3000), "a peer without the Curve key got a reply")
        finally:
            ctx.destroy(linger=0)
        content, _ = self.run_cell("y = 1")
        self.assertEqual(content["status"], "ok", "the kernel stopped serving")
        self.assertFalse(os.path.exists(marker), "a peer without the Curve key ran code")

    def test_peer_without_the_server_key_reads_no_iopub(self):
        ctx = zmq.Context()
        try:
            sub = ctx.socket(zmq.SUB)
            sub.linger = 0
            sub.setsockopt(zmq.SUBSCRIBE, b"")
            sub.connect("tcp://%s:%d" % (self.info["ip"], self.info["iopub_port"]))
            time.sleep(0.5)
            self.run_cell("print('not for eavesdroppers')")
            self.assertFalse(sub.poll(2000), "IOPub reached a subscriber without the key")
        finally:
            ctx.destroy(linger=0)

    def test_peer_with_a_wrong_server_key_is_refused(self):
        ctx = zmq.Context()
        try:
            pub, sec = zmq.curve_keypair()
            other_pub, _ = zmq.curve_keypair()
            s = ctx.socket(zmq.DEALER)
            s.linger = 0
            s.curve_publickey, s.curve_secretkey, s.curve_serverkey = pub, sec, other_pub
            s.connect("tcp://%s:%d" % (self.info["ip"], self.info["shell_port"]))
            s.send_multipart(signed_execute(self.info["key"].encode(), "z = 1"))
            self.assertFalse(s.poll(3000))
        finally:
            ctx.destroy(linger=0)


class ConnectionFileTests(unittest.TestCase):
    """The kernel started by hand on connection files with bad keys or ipc."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="lumen-sec-", dir=os.environ.get("LUMEN_TEST_TMP"))
        self.kernel = os.environ.get("LUMEN_KERNEL", "lumen-kernel")

    def start(self, info, wait_exit=True):
        path = os.path.join(self.tmp, "conn-%s.json" % uuid.uuid4().hex[:8])
        with open(path, "w") as f:
            json.dump(info, f)
        p = subprocess.Popen([self.kernel, "-f", path], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, env=dict(os.environ, LUMEN_DEVICE="host"))
        if wait_exit:
            _, err = p.communicate(timeout=TIMEOUT)
            return p.returncode, err.decode(errors="replace")
        return p

    def base(self, **extra):
        info = {"transport": "tcp", "ip": "127.0.0.1", "shell_port": 0, "iopub_port": 0,
                "stdin_port": 0, "control_port": 0, "hb_port": 0,
                "key": "k3y-" + uuid.uuid4().hex, "signature_scheme": "hmac-sha256"}
        path, info2 = write_connection_file(os.path.join(self.tmp, "ports.json"), ip="127.0.0.1")
        for k in ("shell_port", "iopub_port", "stdin_port", "control_port", "hb_port"):
            info[k] = info2[k]
        info.update(extra)
        return info

    @unittest.skipUnless(zmq.has("curve"), "no CURVE")
    def test_bad_curve_keys_stop_the_kernel_without_quoting_them(self):
        pub, sec = zmq.curve_keypair()
        pub2, _ = zmq.curve_keypair()
        cases = {
            "only the public key": {"curve_publickey": pub.decode()},
            "a short secret key": {"curve_publickey": pub.decode(), "curve_secretkey": sec.decode()[:39]},
            "keys that do not match": {"curve_publickey": pub2.decode(), "curve_secretkey": sec.decode()},
        }
        for name, extra in cases.items():
            with self.subTest(name):
                info = self.base(**extra)
                rc, err = self.start(info)
                self.assertNotEqual(rc, 0, err)
                self.assertIn("curve", err.lower())
                self.assertNotIn(sec.decode()[:20], err)
                self.assertNotIn(info["key"], err)

    def test_ipc_sockets_are_the_owners_alone(self):
        d = tempfile.mkdtemp(prefix="lumen-ipc-", dir="/tmp")
        info = {"transport": "ipc", "ip": os.path.join(d, "k"), "shell_port": 1, "iopub_port": 2,
                "stdin_port": 3, "control_port": 4, "hb_port": 5,
                "key": uuid.uuid4().hex, "signature_scheme": "hmac-sha256"}
        p = self.start(info, wait_exit=False)
        try:
            paths = [os.path.join(d, "k-%d" % i) for i in range(1, 6)]
            deadline = time.time() + TIMEOUT
            while time.time() < deadline and not all(os.path.exists(x) for x in paths):
                time.sleep(0.1)
            for x in paths:
                self.assertTrue(os.path.exists(x), x)
                mode = stat.S_IMODE(os.stat(x).st_mode)
                self.assertEqual(mode & 0o077, 0, "%s has mode %o" % (x, mode))
        finally:
            p.kill()
            p.communicate()


if __name__ == "__main__":
    unittest.main()
