#!/usr/bin/env python3
"""Drives headless Chromium through the viewer pages cv-convert --format html
writes, for tests/viewer.bats.

It speaks the Chrome DevTools Protocol over --remote-debugging-pipe (JSON
messages ended by a NUL byte, Chromium reading file descriptor 3 and writing
4): no WebSocket, no package beyond Python's own library, one browser for
every page of a run.  Commands come on standard input, one a line; each
prints one line:

  open FILE       load the page (file:// URL)   -> "open FILE"
  key NAME...     press keys: Left Right Home End f, or a digit count
                  (3*Right)                     -> "keys N"
  click SELECTOR  a mouse click on the first element the CSS selector
                  finds (the centre of its first box, once scrolled to
                  the middle of the window)     -> "click SELECTOR"
  game N          choose game N (1-based) in the page's game chooser
                                                -> "game N"
  pieces          the shown position            -> "ply P flip F game G: SQ=PIECE ..."
                  (the pieces of the shown SVG, data-square=data-piece,
                  sorted as text)
  text SELECTOR   the text of the first match   -> "text TEXT"
  shown           the games on screen           -> "shown N: NAME|NAME..."
                  (sections laid out, by their data-name)
  requests        the URLs the pages asked for beyond the page itself,
                  over the whole run            -> "requests N URL..."
  shot FILE       a PNG screenshot of the viewport into FILE
                                                -> "shot WxH colours N"

The browser is named by $CHROMIUM (default: chromium on PATH).  Exit 2
when it cannot be started or answers an error; the test says why.
"""
import base64
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

WIDTH, HEIGHT = 1000, 860
KEYS = {"Left": ("ArrowLeft", 37), "Right": ("ArrowRight", 39), "Home": ("Home", 36), "End": ("End", 35),
        "f": ("f", 70)}


def fail(msg):
    print("drive.py: " + msg, file=sys.stderr)
    sys.exit(2)


class Browser:
    def __init__(self):
        exe = os.environ.get("CHROMIUM") or shutil.which("chromium")
        if not exe:
            fail("chromium not found: install the Debian package chromium (.ci/packages)")
        self.profile = tempfile.mkdtemp(prefix="cvkit-viewer-")
        to_r, to_w = os.pipe()      # we write, Chromium reads fd 3
        from_r, from_w = os.pipe()  # Chromium writes fd 4, we read

        def fds():
            os.dup2(to_r, 3)
            os.dup2(from_w, 4)

        args = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                "--disable-extensions", "--disable-background-networking", "--disable-sync",
                "--host-resolver-rules=MAP * ~NOTFOUND", "--hide-scrollbars", "--remote-debugging-pipe",
                "--user-data-dir=" + self.profile, "--window-size=%d,%d" % (WIDTH, HEIGHT), "about:blank"]
        try:
            self.proc = subprocess.Popen(args, preexec_fn=fds, pass_fds=(3, 4), stdin=subprocess.DEVNULL,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except OSError as e:
            fail("cannot start %s: %s" % (exe, e))
        os.close(to_r)
        os.close(from_w)
        self.w = os.fdopen(to_w, "wb", buffering=0)
        self.r = os.fdopen(from_r, "rb", buffering=0)
        self.buf = b""
        self.next_id = 0
        self.events = []
        self.session = None
        self.requests = []

    def read(self):
        while b"\0" not in self.buf:
            chunk = self.r.read(65536)
            if not chunk:
                fail("the browser closed its pipe (it exited with %s)" % self.proc.poll())
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def note(self, m):
        if m.get("method") == "Network.requestWillBeSent":
            self.requests.append(m["params"]["request"]["url"])
        self.events.append(m)

    def call(self, method, params=None, session=True):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        self.w.write(json.dumps(msg).encode() + b"\0")
        while True:
            m = self.read()
            if m.get("id") == self.next_id:
                if "error" in m:
                    fail("%s: %s" % (method, m["error"].get("message")))
                return m["result"]
            self.note(m)

    def wait(self, method):
        for i, m in enumerate(self.events):
            if m.get("method") == method:
                del self.events[: i + 1]
                return m
        while True:
            m = self.read()
            self.note(m)
            if m.get("method") == method:
                self.events.clear()
                return m

    def start(self):
        target = self.call("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 session=False)["sessionId"]
        self.call("Page.enable")
        self.call("Network.enable")
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False})

    def eval(self, expr):
        r = self.call("Runtime.evaluate", {"expression": expr, "returnByValue": True})
        if "exceptionDetails" in r:
            fail("script error: %s" % r["exceptionDetails"].get("text"))
        return r["result"].get("value")

    def close(self):
        try:
            self.call("Browser.close", session=False)
        except SystemExit:
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def png_facts(data):
    """Width, height and number of distinct colours of an 8-bit RGB(A) PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("not a PNG")
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            if depth != 8 or ctype not in (2, 6):
                fail("PNG of depth %d, colour type %d" % (depth, ctype))
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    colours = set()
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        colours.update(bytes(line[i:i + 3]) for i in range(0, stride, bpp))
        prev = line
    return w, h, len(colours)


PIECES = """(function () {
  var s = document.querySelector('section.game:not([hidden])');
  var g = s ? Array.prototype.slice.call(s.querySelectorAll('.board svg g.piece')) : [];
  var l = g.map(function (e) { return e.getAttribute('data-square') + '=' + e.getAttribute('data-piece'); });
  l.sort(function (a, b) { return a < b ? -1 : a > b ? 1 : 0; });
  var b = document.body;
  return 'ply ' + b.getAttribute('data-ply') + ' flip ' + b.getAttribute('data-flip') + ' game ' +
    b.getAttribute('data-game') + ':' + (l.length ? ' ' + l.join(' ') : '');
})()"""


def main():
    br = Browser()
    br.start()
    pages = set()
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd, args = words[0], words[1:]
        if cmd == "open":
            page = "file://" + os.path.abspath(args[0])
            pages.add(page)
            br.call("Page.navigate", {"url": page})
            br.wait("Page.loadEventFired")
            print("open " + args[0])
        elif cmd == "key":
            n = 0
            for k in args:
                times, _, name = k.rpartition("*")
                if name not in KEYS:
                    fail("unknown key " + name)
                key, code = KEYS[name]
                for _ in range(int(times) if times else 1):
                    ev = {"key": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code,
                          "code": "Key" + key.upper() if len(key) == 1 else key}
                    br.call("Input.dispatchKeyEvent", dict(ev, type="keyDown", text=key if len(key) == 1 else ""))
                    br.call("Input.dispatchKeyEvent", dict(ev, type="keyUp"))
                    n += 1
            print("keys %d" % n)
        elif cmd == "click":
            sel = " ".join(args)
            box = br.eval("(function(){var e=document.querySelector(%s);if(!e)return null;e.scrollIntoView({block:'center'});"
                          "var r=e.getClientRects()[0];return [r.left+r.width/2,r.top+r.height/2];})()"
                          % json.dumps(sel))
            if not box:
                fail("nothing matches " + sel)
            for t in ("mousePressed", "mouseReleased"):
                br.call("Input.dispatchMouseEvent", {"type": t, "x": box[0], "y": box[1], "button": "left",
                                                     "clickCount": 1})
            print("click " + sel)
        elif cmd == "game":
            br.eval("(function(){var s=document.getElementById('games');s.value=String(%d);"
                    "s.dispatchEvent(new Event('change'));})()" % (int(args[0]) - 1))
            print("game " + args[0])
        elif cmd == "pieces":
            print(br.eval(PIECES))
        elif cmd == "shown":
            names = br.eval("Array.prototype.filter.call(document.querySelectorAll('section.game'),"
                            "function(s){return s.getClientRects().length>0;})"
                            ".map(function(s){return s.getAttribute('data-name');})")
            print("shown %d: %s" % (len(names), "|".join(names)))
        elif cmd == "text":
            sel = " ".join(args)
            print("text " + (br.eval("(function(){var e=document.querySelector(%s);return e?e.textContent:'';})()"
                                     % json.dumps(sel)) or ""))
        elif cmd == "requests":
            other = [u for u in br.requests if u not in pages]
            print(" ".join(["requests %d" % len(other)] + other))
        elif cmd == "shot":
            data = base64.b64decode(br.call("Page.captureScreenshot", {"format": "png"})["data"])
            with open(args[0], "wb") as f:
                f.write(data)
            print("shot %dx%d colours %d" % png_facts(data))
        else:
            fail("unknown command " + cmd)
        sys.stdout.flush()
    br.close()


if __name__ == "__main__":
    main()
