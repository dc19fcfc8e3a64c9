#!/usr/bin/env python3
"""Independent Double Chess perft, for cross-checking cv-perft only.

Written from the project's rules page for Double Chess (David Short's,
16 x 8; now docs/cvkit-variants.7, DOUBLE CHESS) without reading or calling any cvkit code.  Nothing in the test
suite runs it; it exists so that the counts in perft.txt were produced by
two unrelated programs.

A plain mailbox: the board is a list of 128 cells (index = rank * 16 + file,
files a-p = 0-15, ranks 1-8 = 0-7), each '' or a FEN letter.  Moves are
generated pseudo-legally, made, and kept when the mover's king is not then
attacked; the position is restored by unmake.  Rules implemented:
  - orthodox K Q R B N; pawns step one, double-step from their second rank,
    capture diagonally, en passant, promote on the last rank to Q, R, B, N;
  - four castlings (king on i1/i8, rook on p, l, e or a of the home rank,
    right present, every square strictly between king and rook empty, king
    not in check and not passing over or landing on an attacked square):
      P: i->m, p->l   L: i->k, l->j   E: i->g, e->h   A: i->e, a->f
  - a right is lost when the king moves or when its rook leaves (or is
    captured on) its home square.

Usage:
  independent-perft.py [--fen FEN] [--divide] [--split K/N] DEPTH
FEN is the wide FEN of docs/cvkit-formats.5 (ranks of 16, multi-digit empty
runs, castling letters = rook files, e.g. PLEAplea).  Default: the start
position.  --divide prints 'UCI COUNT' for each root move (files a-p, promotion
letter in lower case, as cv-perft --divide prints them) and 'total N';
--split K/N (implies --divide) counts only the root moves K, K+N, K+2N, ...
of the sorted list, to spread a deep count over processes.
It is slow (pure Python): depth 4 of the start position takes minutes.
"""
import sys

W, H = 16, 8
N = W * H
FILES = "abcdefghijklmnop"
START = ("rnbqrnbqkbnrqbnr/pppppppppppppppp/16/16/16/16/"
         "PPPPPPPPPPPPPPPP/RNBQRNBQKBNRQBNR w PLEAplea - 0 1")


def sq(f, r):
    return r * W + f


def name(s):
    return FILES[s % W] + str(s // W + 1)


def on(f, r):
    return 0 <= f < W and 0 <= r < H


# ---- precomputed geometry ------------------------------------------------
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]

RAYS_O = [[] for _ in range(N)]   # per square: list of rays (lists of squares)
RAYS_D = [[] for _ in range(N)]
KN = [[] for _ in range(N)]
KG = [[] for _ in range(N)]
for s in range(N):
    f, r = s % W, s // W
    for dirs, table in ((ORTH, RAYS_O), (DIAG, RAYS_D)):
        for df, dr in dirs:
            ray = []
            x, y = f + df, r + dr
            while on(x, y):
                ray.append(sq(x, y))
                x, y = x + df, y + dr
            if ray:
                table[s].append(ray)
    for df, dr in KNIGHT:
        if on(f + df, r + dr):
            KN[s].append(sq(f + df, r + dr))
    for df, dr in ORTH + DIAG:
        if on(f + df, r + dr):
            KG[s].append(sq(f + df, r + dr))

# castling: letter -> (king from, king to, rook from, rook to,
#                      squares that must be empty, squares the king crosses
#                      or lands on, which must not be attacked)
def _castles(rank, upper):
    out = {}
    table = {"P": (8, 12, 15, 11), "L": (8, 10, 11, 9),
             "E": (8, 6, 4, 7), "A": (8, 4, 0, 5)}
    for letter, (kf, kt, rf, rt) in table.items():
        lo, hi = min(kf, rf), max(kf, rf)
        empty = [sq(f, rank) for f in range(lo + 1, hi)]
        step = 1 if kt > kf else -1
        path = [sq(f, rank) for f in range(kf + step, kt + step, step)]
        out[letter if upper else letter.lower()] = (
            sq(kf, rank), sq(kt, rank), sq(rf, rank), sq(rt, rank), empty, path)
    return out


CASTLE = {}
CASTLE.update(_castles(0, True))
CASTLE.update(_castles(7, False))
# the right each home rook square carries
ROOK_RIGHT = {v[2]: k for k, v in CASTLE.items()}


def white(p):
    return p.isupper()


class Pos:
    def __init__(self, fen=START):
        parts = fen.split()
        rows = parts[0].split("/")
        if len(rows) != H:
            raise ValueError("need 8 ranks")
        self.b = [""] * N
        for i, row in enumerate(rows):
            r = H - 1 - i
            f = 0
            num = ""
            for ch in row + "/":
                if ch.isdigit():
                    num += ch
                    continue
                if num:
                    f += int(num)
                    num = ""
                if ch == "/":
                    break
                if ch not in "KQRBNPkqrbnp":
                    raise ValueError("bad piece " + ch)
                self.b[sq(f, r)] = ch
                f += 1
            if f != W:
                raise ValueError("rank %d has %d squares" % (r + 1, f))
        self.white = parts[1] == "w"
        self.rights = set() if parts[2] == "-" else set(parts[2])
        self.ep = None
        if parts[3] != "-":
            self.ep = sq(FILES.index(parts[3][0]), int(parts[3][1:]) - 1)
        self.kings = {True: None, False: None}
        for s, p in enumerate(self.b):
            if p == "K":
                self.kings[True] = s
            elif p == "k":
                self.kings[False] = s

    # is square s attacked by side 'by_white'?
    def attacked(self, s, by_white):
        b = self.b
        f, r = s % W, s // W
        if by_white:
            P, N_, K, Q, R, B = "P", "N", "K", "Q", "R", "B"
            pr = r - 1
        else:
            P, N_, K, Q, R, B = "p", "n", "k", "q", "r", "b"
            pr = r + 1
        if 0 <= pr < H:
            if f > 0 and b[sq(f - 1, pr)] == P:
                return True
            if f < W - 1 and b[sq(f + 1, pr)] == P:
                return True
        for t in KN[s]:
            if b[t] == N_:
                return True
        for t in KG[s]:
            if b[t] == K:
                return True
        for ray in RAYS_O[s]:
            for t in ray:
                p = b[t]
                if p:
                    if p == R or p == Q:
                        return True
                    break
        for ray in RAYS_D[s]:
            for t in ray:
                p = b[t]
                if p:
                    if p == B or p == Q:
                        return True
                    break
        return False

    def pseudo(self):
        """Pseudo-legal moves: (from, to, promo, kind); kind 0 normal,
        1 double step, 2 en passant, 3 castling (promo holds the letter)."""
        b = self.b
        us = self.white
        mv = []
        add = mv.append
        for s in range(N):
            p = b[s]
            if not p or white(p) != us:
                continue
            u = p.upper()
            f, r = s % W, s // W
            if u == "P":
                d = 1 if us else -1
                start = 1 if us else 6
                last = 7 if us else 0
                r1 = r + d
                t = sq(f, r1)
                if not b[t]:
                    if r1 == last:
                        for q in "QRBN":
                            add((s, t, q, 0))
                    else:
                        add((s, t, None, 0))
                        if r == start and not b[sq(f, r + 2 * d)]:
                            add((s, sq(f, r + 2 * d), None, 1))
                for df in (-1, 1):
                    ff = f + df
                    if not 0 <= ff < W:
                        continue
                    t = sq(ff, r1)
                    q = b[t]
                    if q and white(q) != us:
                        if r1 == last:
                            for pp in "QRBN":
                                add((s, t, pp, 0))
                        else:
                            add((s, t, None, 0))
                    elif t == self.ep and not q:
                        add((s, t, None, 2))
            elif u == "N":
                for t in KN[s]:
                    q = b[t]
                    if not q or white(q) != us:
                        add((s, t, None, 0))
            elif u == "K":
                for t in KG[s]:
                    q = b[t]
                    if not q or white(q) != us:
                        add((s, t, None, 0))
            else:
                rays = []
                if u in "RQ":
                    rays += RAYS_O[s]
                if u in "BQ":
                    rays += RAYS_D[s]
                for ray in rays:
                    for t in ray:
                        q = b[t]
                        if q:
                            if white(q) != us:
                                add((s, t, None, 0))
                            break
                        add((s, t, None, 0))
        # castling
        for letter in (("P", "L", "E", "A") if us else ("p", "l", "e", "a")):
            if letter not in self.rights:
                continue
            kf, kt, rf, rt, empty, path = CASTLE[letter]
            if b[kf] != ("K" if us else "k") or b[rf] != ("R" if us else "r"):
                continue
            if any(b[x] for x in empty):
                continue
            if self.attacked(kf, not us):
                continue
            if any(self.attacked(x, not us) for x in path):
                continue
            add((kf, kt, letter, 3))
        return mv

    def make(self, m):
        b = self.b
        s, t, promo, kind = m
        undo = (m, b[t], self.ep, frozenset(self.rights), self.kings[True], self.kings[False])
        p = b[s]
        us = self.white
        if kind == 3:
            kf, kt, rf, rt, _, _ = CASTLE[promo]
            b[kf] = ""
            b[rf] = ""
            b[kt] = "K" if us else "k"
            b[rt] = "R" if us else "r"
            self.kings[us] = kt
            for c in ("PLEA" if us else "plea"):
                self.rights.discard(c)
        else:
            b[t] = (promo if us else promo.lower()) if promo else p
            b[s] = ""
            if kind == 2:
                b[t - W if us else t + W] = ""
            if p in "Kk":
                self.kings[us] = t
                for c in ("PLEA" if us else "plea"):
                    self.rights.discard(c)
            if s in ROOK_RIGHT:
                self.rights.discard(ROOK_RIGHT[s])
            if t in ROOK_RIGHT:
                self.rights.discard(ROOK_RIGHT[t])
        self.ep = ((s + t) // 2) if kind == 1 else None
        self.white = not us
        return undo

    def unmake(self, undo):
        m, captured, ep, rights, kw, kb = undo
        s, t, promo, kind = m
        b = self.b
        self.white = not self.white
        us = self.white
        if kind == 3:
            kf, kt, rf, rt, _, _ = CASTLE[promo]
            b[kt] = ""
            b[rt] = ""
            b[kf] = "K" if us else "k"
            b[rf] = "R" if us else "r"
        else:
            moved = b[t]
            if promo:
                moved = "P" if us else "p"
            b[s] = moved
            b[t] = captured
            if kind == 2:
                b[t - W if us else t + W] = "p" if us else "P"
        self.ep = ep
        self.rights = set(rights)
        self.kings[True] = kw
        self.kings[False] = kb

    def legal(self):
        out = []
        us = self.white
        for m in self.pseudo():
            u = self.make(m)
            if not self.attacked(self.kings[us], not us):
                out.append(m)
            self.unmake(u)
        return out


def perft(pos, depth):
    moves = pos.legal()
    if depth == 1:
        return len(moves)
    n = 0
    for m in moves:
        u = pos.make(m)
        n += perft(pos, depth - 1)
        pos.unmake(u)
    return n


def uci(m):
    s, t, promo, kind = m
    if kind == 3:
        return name(s) + name(t)
    return name(s) + name(t) + (promo.lower() if promo else "")


def main(argv):
    fen = START
    divide = False
    split = (1, 1)
    args = list(argv)
    depth = None
    while args:
        a = args.pop(0)
        if a == "--fen":
            fen = args.pop(0)
        elif a == "--divide":
            divide = True
        elif a == "--split":
            k, n = args.pop(0).split("/")
            split = (int(k), int(n))
            divide = True
        else:
            depth = int(a)
    if depth is None or depth < 1:
        sys.stderr.write(__doc__)
        return 2
    pos = Pos(fen)
    if not divide:
        print(perft(pos, depth))
        return 0
    total = 0
    rows = []
    for i, m in enumerate(sorted(pos.legal(), key=uci)):
        if i % split[1] != split[0] - 1:
            continue
        u = pos.make(m)
        c = perft(pos, depth - 1) if depth > 1 else 1
        pos.unmake(u)
        rows.append((uci(m), c))
        total += c
    for k, c in sorted(rows):
        print(k, c)
    print("total", total)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
