#!/usr/bin/env python3
"""Independent Panoply perft, for cross-checking cvkit's C engine only.

Written from the project's rules page for Panoply (Daniel Zacharias'
hexagonal chess variant; the rules as cvkit plays them are in
docs/rules/panoply.md and docs/cvkit-variants.7, PANOPLY) and the Game Courier preset's rules that it
cites, without reading or
calling any cvkit code.  Standard library only.  See REFERENCE.md.

Board: 127 cells (q, r), files a-m = q 0..12, ranks 1-13 = r 0..12,
6 <= q + r <= 18.  Directions, in cyclic order (consecutive ones are
neighbours of each other, i and i+3 are opposite):
    0 (1,0)  1 (0,1)  2 (-1,1)  3 (-1,0)  4 (0,-1)  5 (1,-1)
White's forward directions are 1 and 2 (towards rank 13), Black's 4 and 5.

The board is a list of 169 entries (index r*13+q), each None or a piece
label as Game Courier writes it: K P R S C H G B1 B2, upper case White,
lower case Black.  Both cells of a Barricade carry its label.

A move is the tuple (start cells, end cells, captured cells, promotion),
each cell list sorted; two ways of doing the same thing (Barricade step
sequences with the same tuple) are one move.  Making a move: clear the
captured cells, clear the start cells, put the mover's label (or the
promotion label) on the end cells.

Usage:
  independent-perft.py 'POSITION' DEPTH [--divide] [--naive]
  independent-perft.py --suite FILE [--max-depth N] [--naive]
  independent-perft.py --cross-check FILE [--max-depth N]
  independent-perft.py --self-test
POSITION is the Game Courier position code followed by side to move,
halfmove clock and turn number, e.g. the empty board
  '7/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------7 w 0 1'
--divide prints 'MOVE COUNT' for every root move (Game Courier notation,
sorted as strings), then 'total COUNT'.  --naive decides legality by
generating every reply of the opponent instead of the attack test.
--suite checks every count of a suite file (lines 'name; POSITION; D N; ...');
--cross-check recomputes them on the colour mirror (point reflection
through g7, colours swapped) and the left-right mirror of each position,
and with --naive for counts up to 200,000; all must give the same counts.
Perft ignores the fifty-turn rule (it only counts legal moves).
"""
import random
import sys
import time

N = 13
FILES = "abcdefghijklm"
DIRS = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
FWD = {'w': (1, 2), 'b': (4, 5)}
LAST_RANK = {'w': 12, 'b': 0}
PROMOS = "RSCHG"
KINDS = ("K", "P", "R", "S", "C", "H", "G", "B1", "B2")


def is_cell(q, r):
    return 0 <= q < N and 0 <= r < N and 6 <= q + r <= 18


VALID = [False] * (N * N)
CELLS = []
STEP = [[-1] * 6 for _ in range(N * N)]
RAY = [[[] for _ in range(6)] for _ in range(N * N)]
NEIGH = [[] for _ in range(N * N)]
for _r in range(N):
    for _q in range(N):
        if not is_cell(_q, _r):
            continue
        _i = _r * N + _q
        VALID[_i] = True
        CELLS.append(_i)
        for _d, (_dq, _dr) in enumerate(DIRS):
            _k = 1
            while is_cell(_q + _k * _dq, _r + _k * _dr):
                RAY[_i][_d].append((_r + _k * _dr) * N + _q + _k * _dq)
                _k += 1
            if RAY[_i][_d]:
                STEP[_i][_d] = RAY[_i][_d][0]
                NEIGH[_i].append(RAY[_i][_d][0])
assert len(CELLS) == 127


def qr(i):
    return i % N, i // N


def name(i):
    q, r = qr(i)
    return FILES[q] + str(r + 1)


def parse_cell(s):
    q = FILES.index(s[0])
    r = int(s[1:]) - 1
    if not is_cell(q, r):
        raise ValueError("not a cell: " + s)
    return r * N + q


def color(lab):
    return 'w' if lab[0].isupper() else 'b'


def other(side):
    return 'b' if side == 'w' else 'w'


def is_barricade(lab):
    return lab[0] in 'Bb'


def in_case(letter, side):
    return letter.upper() if side == 'w' else letter.lower()


# ---------------------------------------------------------------- position

def parse_position(text):
    """Game Courier code + side + halfmove + turn -> (board, side, hm, turn)."""
    fields = text.split()
    if len(fields) != 4:
        raise ValueError("expected 'CODE SIDE HALFMOVE TURN'")
    code, side, hm, turn = fields
    if side not in ('w', 'b'):
        raise ValueError("side to move must be w or b")
    ranks = code.split('/')
    if len(ranks) != N:
        raise ValueError("expected 13 ranks, got %d" % len(ranks))
    board = [None] * (N * N)
    for row, text_rank in enumerate(ranks):
        r = N - 1 - row
        items = []          # None = non-cell, '' = empty cell, label
        k = 0
        while k < len(text_rank):
            ch = text_rank[k]
            if ch.isdigit():
                j = k
                while j < len(text_rank) and text_rank[j].isdigit():
                    j += 1
                items.extend([''] * int(text_rank[k:j]))
                k = j
            elif ch == '-':
                items.append(None)
                k += 1
            elif ch == '{':
                j = text_rank.index('}', k)
                items.append(text_rank[k + 1:j])
                k = j + 1
            elif ch.isalpha():
                items.append(ch)
                k += 1
            else:
                raise ValueError("bad character %r in rank %d" % (ch, r + 1))
        if len(items) > N:
            raise ValueError("rank %d has more than 13 places" % (r + 1))
        items.extend([None] * (N - len(items)))
        for q, it in enumerate(items):
            if it is None:
                if is_cell(q, r):
                    raise ValueError("cell %s missing in rank %d"
                                     % (FILES[q] + str(r + 1), r + 1))
                continue
            if not is_cell(q, r):
                raise ValueError("rank %d: place %d is not a cell" % (r + 1, q))
            if it == '':
                continue
            if it.upper() not in KINDS or (len(it) == 2 and it[1] not in '12'):
                raise ValueError("unknown piece label %r" % it)
            board[r * N + q] = it
    for lab in ("B1", "B2", "b1", "b2"):
        cells = [c for c in CELLS if board[c] == lab]
        if len(cells) not in (0, 2) or (cells and cells[1] not in NEIGH[cells[0]]):
            raise ValueError("Barricade %s must be two adjacent cells" % lab)
    return board, side, int(hm), int(turn)


def write_position(board, side, hm=0, turn=1):
    ranks = []
    for r in range(N - 1, -1, -1):
        s, run = '', 0
        for q in range(N):
            if not is_cell(q, r):
                if q < 6:
                    s += '-'
                continue
            lab = board[r * N + q]
            if lab is None:
                run += 1
                continue
            if run:
                s += str(run)
                run = 0
            s += lab if len(lab) == 1 else '{' + lab + '}'
        if run:
            s += str(run)
        ranks.append(s)
    return '/'.join(ranks) + ' %s %d %d' % (side, hm, turn)


# ---------------------------------------------------------------- rules

def partner(board, c):
    lab = board[c]
    for n in NEIGH[c]:
        if board[n] == lab:
            return n
    raise ValueError("Barricade end without partner at " + name(c))


def near_herald(board, c, herald):
    for n in NEIGH[c]:
        if board[n] == herald:
            return True
    return False


def frozen(board, c):
    """Is the piece on c adjacent (either end, for a Barricade) to a hostile Herald?"""
    lab = board[c]
    h = 'h' if lab[0].isupper() else 'H'
    if near_herald(board, c, h):
        return True
    if is_barricade(lab) and near_herald(board, partner(board, c), h):
        return True
    return False


def capturable(board, t, d, side):
    """Cells captured when a piece of `side` travelling in direction d takes
    the piece on t (None if it may not).  A Barricade may be taken only
    along its axis with t its near end: its other end is then t + d."""
    lab = board[t]
    if lab is None or color(lab) == side:
        return None
    if is_barricade(lab):
        p = STEP[t][d]
        if p >= 0 and board[p] == lab:
            return (t, p)
        return None
    return (t,)


def removals(cap, landed):
    """Explicit removals for captured cells the mover did not land on,
    near end before far end (cap is in near-far order)."""
    return ''.join('; %s-' % name(c) for c in cap if c != landed)


class Moves:
    """key -> (steps, notation); keeps the preferred notation per key."""

    def __init__(self):
        self.d = {}
        self.sequences = 0

    def add(self, start, end, cap, promo, note, steps=1):
        self.sequences += 1
        key = (tuple(sorted(start)), tuple(sorted(end)), tuple(sorted(cap)), promo)
        old = self.d.get(key)
        if old is None or (steps, note) < old:
            self.d[key] = (steps, note)


def barricade_steps(board, a, b, side):
    """One step of the Barricade on a, b: (new cells, moving end, entered
    cell, captured cells in near-far order)."""
    i = NEIGH_DIR[a][b]
    out = []
    for rear, front, d in ((a, b, i), (b, a, (i + 3) % 6)):
        e = STEP[front][d]
        if e < 0:
            continue
        if board[e] is None:
            cap = ()
        else:
            cap = capturable(board, e, d, side)
            if not cap:
                continue
        out.append(((front, e), rear, e, cap))
    for dd in ((i + 1) % 6, (i + 5) % 6):
        c = STEP[a][dd]
        if c < 0 or board[c] is not None:
            continue
        out.append(((c, b), a, c, ()))
        out.append(((a, c), b, c, ()))
    return out


NEIGH_DIR = [dict() for _ in range(N * N)]
for _i in CELLS:
    for _d in range(6):
        if STEP[_i][_d] >= 0:
            NEIGH_DIR[_i][STEP[_i][_d]] = _d


def gen_barricade(board, a, side, mv):
    lab = board[a]
    b = partner(board, a)
    start = (a, b)
    for cells1, frm1, to1, cap1 in barricade_steps(board, a, b, side):
        note1 = '%s %s-%s%s' % (lab, name(frm1), name(to1), removals(cap1, to1))
        saved = [(c, board[c]) for c in set(start) | set(cells1) | set(cap1)]
        for c in cap1:
            board[c] = None
        board[a] = board[b] = None
        for c in cells1:
            board[c] = lab
        mv.add(start, cells1, cap1, '', note1, 1)
        for cells2, frm2, to2, cap2 in barricade_steps(board, cells1[0], cells1[1], side):
            if set(cells2) == set(start) and not cap1:
                continue        # a second step undoing a non-capturing first
            note2 = '%s %s-%s%s' % (lab, name(frm2), name(to2), removals(cap2, to2))
            mv.add(start, cells2, cap1 + cap2, '', note1 + '; ' + note2, 2)
        for c, v in saved:
            board[c] = v


def gen_pseudo(board, side):
    """Every move of `side` ignoring its own King's safety (Moves object)."""
    mv = Moves()
    done_barricades = set()
    for c in CELLS:
        lab = board[c]
        if lab is None or color(lab) != side:
            continue
        if is_barricade(lab):
            if lab in done_barricades:
                continue
            done_barricades.add(lab)
        if frozen(board, c):
            continue
        kind = lab.upper()
        if kind in ('K', 'G'):
            for d in range(6):
                t = STEP[c][d]
                if t < 0:
                    continue
                if board[t] is None:
                    mv.add((c,), (t,), (), '', '%s %s-%s' % (lab, name(c), name(t)))
                else:
                    cap = capturable(board, t, d, side)
                    if cap:
                        mv.add((c,), (t,), cap, '', '%s %s-%s%s'
                               % (lab, name(c), name(t), removals(cap, t)))
        elif kind in ('R', 'S', 'C', 'H'):
            for d in range(6):
                ray = RAY[c][d]
                for k, t in enumerate(ray, 1):
                    if board[t] is None:
                        mv.add((c,), (t,), (), '', '%s %s-%s' % (lab, name(c), name(t)))
                        continue
                    if kind == 'R':
                        cap = capturable(board, t, d, side)
                        if cap:
                            mv.add((c,), (t,), cap, '', '%s %s-%s%s'
                                   % (lab, name(c), name(t), removals(cap, t)))
                    elif kind == 'S':
                        cap = capturable(board, t, d, side)
                        back = RAY[c][(d + 3) % 6]
                        if cap and len(back) >= k and all(board[x] is None for x in back[:k]):
                            e = back[k - 1]
                            mv.add((c,), (e,), cap, '', '%s %s-%s%s'
                                   % (lab, name(c), name(e), removals(cap, e)))
                    break
                if kind == 'C':
                    for k, t in enumerate(ray, 1):
                        if 2 * k > len(ray):
                            break
                        if board[t] is None:
                            continue
                        cap = capturable(board, t, d, side)
                        e = ray[2 * k - 1]
                        if cap and board[e] is None:
                            mv.add((c,), (e,), cap, '', '%s %s-%s%s'
                                   % (lab, name(c), name(e), removals(cap, e)))
        elif kind == 'P':
            last = LAST_RANK[side]
            for d in FWD[side]:
                for t in RAY[c][d]:
                    if board[t] is not None:
                        break
                    base = '%s %s-%s' % (lab, name(c), name(t))
                    if t // N == last:
                        for p in PROMOS:
                            p = in_case(p, side)
                            mv.add((c,), (t,), (), p, '%s; %s-%s' % (base, p, name(t)))
                    else:
                        mv.add((c,), (t,), (), '', base)
                t = STEP[c][d]
                if t < 0 or board[t] is None or color(board[t]) == side or is_barricade(board[t]):
                    continue
                e = STEP[t][d]
                if e < 0 or board[e] is not None:
                    continue
                base = '%s %s-%s; %s-' % (lab, name(c), name(e), name(t))
                if e // N == last:
                    for p in PROMOS:
                        p = in_case(p, side)
                        mv.add((c,), (e,), (t,), p, '%s; %s-%s' % (base, p, name(e)))
                else:
                    mv.add((c,), (e,), (t,), '', base)
        elif kind in ('B1', 'B2'):
            gen_barricade(board, c, side, mv)
    return mv


def make(board, key):
    start, end, cap, promo = key
    lab = board[start[0]]
    saved = [(c, board[c]) for c in set(start) | set(end) | set(cap)]
    for c in cap:
        board[c] = None
    for c in start:
        board[c] = None
    for c in end:
        board[c] = promo or lab
    return saved


def unmake(board, saved):
    for c, v in saved:
        board[c] = v


def find_king(board, side):
    k = 'K' if side == 'w' else 'k'
    for c in CELLS:
        if board[c] == k:
            return c
    return None


def attacked_naive(board, kc, by):
    """Has `by` (moving next, pieces next to hostile Heralds frozen) a move
    that removes the piece on kc?  Generates every move."""
    for key in gen_pseudo(board, by).d:
        if kc in key[2]:
            return True
    return False


def attacked(board, kc, by):
    """Same question as attacked_naive, answered by looking from kc.
    kc holds a one-cell piece (the King)."""
    K, G, R, S, C, P = ('K', 'G', 'R', 'S', 'C', 'P') if by == 'w' else \
                       ('k', 'g', 'r', 's', 'c', 'p')
    for n in NEIGH[kc]:
        if (board[n] == K or board[n] == G) and not frozen(board, n):
            return True
    for u in range(6):
        ray = RAY[kc][u]
        first = True
        for k, t in enumerate(ray, 1):
            lab = board[t]
            if lab is None:
                continue
            if first:
                first = False
                if lab == R and not frozen(board, t):
                    return True
                if lab == S and not frozen(board, t):
                    # Skirmisher on t retreats k cells further along u
                    rest = ray[k:2 * k]
                    if len(rest) == k and all(board[x] is None for x in rest):
                        return True
            if lab == C and not frozen(board, t):
                back = RAY[kc][(u + 3) % 6]
                if len(back) >= k and board[back[k - 1]] is None:
                    return True
    for f in FWD[by]:
        p = STEP[kc][(f + 3) % 6]
        e = STEP[kc][f]
        if p >= 0 and e >= 0 and board[p] == P and board[e] is None \
                and not frozen(board, p):
            return True
    for blab in (('B1', 'B2') if by == 'w' else ('b1', 'b2')):
        # a Barricade can reach kc in two steps only from within distance 3
        a = None
        for c in NEAR3[kc]:
            if board[c] == blab:
                a = c
                break
        if a is None or frozen(board, a):
            continue
        mv = Moves()
        gen_barricade(board, a, by, mv)
        for key in mv.d:
            if kc in key[2]:
                return True
    return False


def hexdist(a, b):
    aq, ar = qr(a)
    bq, br = qr(b)
    dq, dr = aq - bq, ar - br
    return max(abs(dq), abs(dr), abs(dq + dr))


NEAR3 = [[c for c in CELLS if 0 < hexdist(i, c) <= 3] if VALID[i] else []
         for i in range(N * N)]


def legal_moves(board, side, naive=False):
    """dict key -> notation of the legal moves of `side`."""
    pseudo = gen_pseudo(board, side).d
    kc = find_king(board, side)
    if kc is None:
        return {k: v[1] for k, v in pseudo.items()}
    test = attacked_naive if naive else attacked
    out = {}
    opp = other(side)
    for key, (_, note) in pseudo.items():
        saved = make(board, key)
        k2 = key[1][0] if key[0] == (kc,) else kc
        if not test(board, k2, opp):
            out[key] = note
        unmake(board, saved)
    return out


def perft(board, side, depth, naive=False):
    if depth == 0:
        return 1
    moves = legal_moves(board, side, naive)
    if depth == 1:
        return len(moves)
    total = 0
    opp = other(side)
    for key in moves:
        saved = make(board, key)
        total += perft(board, opp, depth - 1, naive)
        unmake(board, saved)
    return total


def divide(board, side, depth, naive=False):
    out = []
    opp = other(side)
    for key, note in legal_moves(board, side, naive).items():
        saved = make(board, key)
        out.append((note, perft(board, opp, depth - 1, naive)))
        unmake(board, saved)
    out.sort()
    return out


# ---------------------------------------------------------------- a second Barricade generator

def pivot_barricade_keys(board, a, side):
    """The Barricade's moves restated as pivots, for the self-test only: a
    step turns the Barricade about one end P, moving the other end O by
    +-60 degrees (to a common neighbour of both: must be empty) or by 180
    degrees (O leaps P: the Barricade advances away from O and may capture
    there).  Written separately from barricade_steps on purpose."""
    lab = board[a]
    b = partner(board, a)
    keys = set()

    def steps(x, y):
        out = []
        for p, o in ((x, y), (y, x)):
            i = NEIGH_DIR[p][o]
            for j in ((i + 1) % 6, (i + 5) % 6, (i + 3) % 6):
                t = STEP[p][j]
                if t < 0:
                    continue
                if board[t] is None:
                    cap = ()
                elif j == (i + 3) % 6:
                    cap = capturable(board, t, j, side)
                    if not cap:
                        continue
                else:
                    continue
                out.append((frozenset((p, t)), cap))
        return out

    orig = frozenset((a, b))
    for s1, c1 in steps(a, b):
        keys.add((tuple(sorted(orig)), tuple(sorted(s1)), tuple(sorted(c1)), ''))
        saved = [(c, board[c]) for c in orig | s1 | set(c1)]
        for c in c1:
            board[c] = None
        for c in orig:
            board[c] = None
        for c in s1:
            board[c] = lab
        x, y = sorted(s1)
        for s2, c2 in steps(x, y):
            if s2 == orig and not c1:
                continue
            keys.add((tuple(sorted(orig)), tuple(sorted(s2)), tuple(sorted(c1 + c2)), ''))
        for c, v in saved:
            board[c] = v
    return keys


# ---------------------------------------------------------------- symmetry

def transform(board, side, f, swap):
    nb = [None] * (N * N)
    for c in CELLS:
        lab = board[c]
        if lab is None:
            continue
        q, r = qr(c)
        q2, r2 = f(q, r)
        nb[r2 * N + q2] = lab.swapcase() if swap else lab
    return nb, (other(side) if swap else side)


def colour_mirror(board, side):
    """Point reflection through g7 with colours swapped: same counts."""
    return transform(board, side, lambda q, r: (12 - q, 12 - r), True)


def side_mirror(board, side):
    """Left-right reflection keeping ranks (swaps the forward directions)."""
    return transform(board, side, lambda q, r: (18 - q - r, r), False)


# ---------------------------------------------------------------- suite

def read_suite(path):
    out = []
    with open(path) as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            parts = [p.strip() for p in line.split(';')]
            if len(parts) < 3:
                raise ValueError("%s:%d: expected 'name; POSITION; D N; ...'" % (path, lineno))
            counts = []
            for p in parts[2:]:
                d, n = p.split()
                counts.append((int(d.lstrip('Dd')), int(n)))
            out.append((parts[0], parts[1], counts))
    return out


def run_suite(path, max_depth=99, naive=False):
    bad = 0
    for nm, pos, counts in read_suite(path):
        board, side, _, _ = parse_position(pos)
        for d, n in counts:
            if d > max_depth:
                continue
            t0 = time.time()
            got = perft(board, side, d, naive)
            ok = got == n
            bad += not ok
            print('%-4s %-28s d%d %10d  expected %10d  %.1fs'
                  % ('ok' if ok else 'FAIL', nm, d, got, n, time.time() - t0))
            sys.stdout.flush()
    print('%s' % ('all counts agree' if not bad else '%d count(s) differ' % bad))
    return 1 if bad else 0


NAIVE_LIMIT = 200000


def cross_check(path, max_depth=99):
    """Every suite count again on the colour mirror and the left-right
    mirror of the position, and with --naive legality where the count is at
    most NAIVE_LIMIT (naive legality generates every reply to every move:
    hours for the army at depth 3)."""
    bad = 0
    for nm, pos, counts in read_suite(path):
        board, side, _, _ = parse_position(pos)
        variants = [('naive', board, side, True),
                    ('colour-mirror', *colour_mirror(board, side), False),
                    ('left-right-mirror', *side_mirror(board, side), False)]
        for d, n in counts:
            if d > max_depth:
                continue
            for what, b, s, naive in variants:
                if naive and n > NAIVE_LIMIT:
                    continue
                got = perft(b, s, d, naive)
                ok = got == n
                bad += not ok
                print('%-4s %-28s %-17s d%d %10d  expected %10d'
                      % ('ok' if ok else 'FAIL', nm, what, d, got, n))
                sys.stdout.flush()
    print('%s' % ('all counts agree' if not bad else '%d count(s) differ' % bad))
    return 1 if bad else 0


# ---------------------------------------------------------------- self-test

EMPTY = '7/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------7'


def place(pieces, side='w'):
    """Position from {'f4': 'C', ...}."""
    board = [None] * (N * N)
    for cell, lab in pieces.items():
        board[parse_cell(cell)] = lab
    return write_position(board, side)


def notes(board, side, prefix=None, naive=False):
    ms = sorted(legal_moves(board, side, naive).values())
    if prefix:
        ms = [m for m in ms if m.startswith(prefix)]
    return ms


def self_test():
    fails = []

    def check(cond, what):
        if not cond:
            fails.append(what)
            print('FAIL', what)

    def pos(pieces, side='w'):
        return parse_position(place(pieces, side))[:2]

    # position code
    b, s, _, _ = parse_position(EMPTY + ' w 0 1')
    check(sum(1 for c in CELLS if b[c] is None) == 127, 'empty board has 127 cells')
    check(write_position(b, s) == EMPTY + ' w 0 1', 'empty board round trip')
    check(name(parse_cell('a7')) == 'a7' and parse_cell('g1') == 6, 'cell names')
    for bad in ('7/8/9/10/11/12/13/-12/--11/---10/----9/-----8/-------7 w 0 1',
                '7/8/9/10/11/12/13/12/--11/---10/----9/-----8/------7 w 0 1',
                '7/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------6 w 0 1',
                '{B1}6/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------7 w 0 1'):
        try:
            parse_position(bad)
            check(False, 'rejects ' + bad)
        except ValueError:
            pass
    p = place({'g1': 'K', 'd13': 'k', 'g2': 'B1', 'g3': 'B1', 'a7': 'b2', 'a8': 'b2'})
    check(p == '3k3/8/9/10/11/{b2}11/{b2}12/-12/--11/---10/----2{B1}6/-----1{B1}6/------K6 w 0 1',
          'braces written: ' + p)
    check(write_position(*parse_position(p)[:2]) == p, 'braces round trip')

    # Catapult example: f4 takes d6 -> b8, f7 -> f10, f8 -> f12, not e5
    b, s = pos({'f4': 'C', 'e5': 'p', 'd6': 'g', 'f7': 'p', 'f8': 'p',
                'm1': 'K', 'a13': 'k'})
    caps = sorted(m for m in notes(b, s, 'C') if ';' in m)
    check(caps == ['C f4-b8; d6-', 'C f4-f10; f7-', 'C f4-f12; f8-'],
          'catapult example: %s' % caps)
    check(len(notes(b, s, 'C')) == 19, 'catapult example: 16 plain + 3 captures')

    # Skirmisher example: g7 takes g8 -> g6, e9 -> i5, c7 -> k7
    b, s = pos({'g7': 'S', 'g8': 'p', 'e9': 'p', 'c7': 'p', 'a7': 'K', 'a13': 'k'})
    caps = sorted(m for m in notes(b, s, 'S') if ';' in m)
    check(caps == ['S g7-g6; g8-', 'S g7-i5; e9-', 'S g7-k7; c7-'],
          'skirmisher example: %s' % caps)
    ms = notes(b, s, 'S')
    check(ms.count('S g7-g6') == 1 and len(ms) == 25,
          'skirmisher plain move and capture to g6 are two moves')

    # Pawn example: e5 takes e6 landing e7, never the Barricade on d6
    b, s = pos({'e5': 'P', 'e6': 'p', 'd6': 'b1', 'd7': 'b1', 'm1': 'K', 'a13': 'k'})
    check(notes(b, s, 'P') == ['P e5-e7; e6-'], 'pawn example: %s' % notes(b, s, 'P'))
    b, s = pos({'e5': 'P', 'd6': 'b1', 'c7': 'b1', 'm1': 'K', 'a13': 'k'})
    ms = notes(b, s, 'P')
    check(len(ms) == 12 and not any('d6' in m or 'c7' in m for m in ms),
          'pawn on the barricade axis cannot take it: %s' % ms)

    # lone Barricade: 36 step sequences, 24 moves
    b, s = pos({'g6': 'B1', 'g7': 'B1', 'g1': 'K', 'g13': 'k'})
    mv = Moves()
    gen_barricade(b, parse_cell('g6'), 'w', mv)
    check(mv.sequences == 36 and len(mv.d) == 24
          and set(mv.d) == pivot_barricade_keys(b, parse_cell('g6'), 'w'),
          'lone barricade: %d sequences, %d moves' % (mv.sequences, len(mv.d)))
    check(len(notes(b, s, 'B1')) == 24, 'lone barricade legal moves')
    check('B1 g6-g8' in notes(b, s), 'advance notation: rear end leaps the front')

    # promotion: slide and capturing jump, R S C H G
    b, s = pos({'e11': 'P', 'e12': 'g', 'a7': 'K', 'm1': 'k'})
    ms = notes(b, s, 'P')
    check(ms == sorted(['P e11-d12'] + ['P e11-c13; %s-c13' % p for p in PROMOS]
                       + ['P e11-e13; e12-; %s-e13' % p for p in PROMOS]),
          'promotion moves: %s' % ms)
    b, s = pos({'i3': 'p', 'i2': 'G', 'a7': 'K', 'm7': 'k'}, 'b')
    check('p i3-i1; i2-; r-i1' in notes(b, s), 'black capture promotion notation')

    # Barricade capture only along its axis, near end; catapult next to it cannot
    b, s = pos({'g8': 'b1', 'g9': 'b1', 'g7': 'G', 'f8': 'G', 'g10': 'G',
                'g1': 'K', 'a13': 'k'})
    gm = [m for m in notes(b, s, 'G') if ';' in m]
    check(sorted(gm) == ['G g10-g9; g8-', 'G g7-g8; g9-'], 'guard vs barricade: %s' % gm)
    b, s = pos({'g8': 'b1', 'g9': 'b1', 'g7': 'C', 'g1': 'K', 'a13': 'k'})
    check(not any(';' in m for m in notes(b, s, 'C')), 'adjacent catapult cannot take')
    b, s = pos({'g8': 'b1', 'g9': 'b1', 'g6': 'C', 'g1': 'K', 'a13': 'k'})
    check([m for m in notes(b, s, 'C') if ';' in m] == ['C g6-g10; g8-; g9-'],
          'catapult at distance 2 takes barricade')
    b, s = pos({'g8': 'b1', 'g9': 'b1', 'g6': 'S', 'g1': 'K', 'a13': 'k'})
    check([m for m in notes(b, s, 'S') if ';' in m] == ['S g6-g4; g8-; g9-'],
          'skirmisher takes barricade')
    b, s = pos({'g8': 'b1', 'g9': 'b1', 'g4': 'R', 'c8': 'R', 'a13': 'k', 'm1': 'K'})
    rm = [m for m in notes(b, s, 'R') if ';' in m or m.endswith('-f8')]
    check(sorted(rm) == ['R c8-f8', 'R g4-g8; g9-'], 'rider vs barricade: %s' % rm)

    # Barricade: capture and retreat, two captures, barricade takes barricade
    b, s = pos({'g4': 'B1', 'g5': 'B1', 'g6': 'p', 'g7': 'p', 'a7': 'K', 'a13': 'k'})
    ms = notes(b, s, 'B1')
    check('B1 g4-g6; B1 g6-g4' in ms, 'capture and retreat')
    check('B1 g4-g6; B1 g5-g7' in ms, 'two captures')
    b, s = pos({'g5': 'B1', 'g6': 'B1', 'g7': 'b1', 'g8': 'b1', 'a7': 'K', 'a13': 'k'})
    ms = notes(b, s, 'B1')
    check('B1 g5-g7; g8-' in ms and 'B1 g5-g7; g8-; B1 g7-g5' in ms
          and 'B1 g5-g7; g8-; B1 g6-g8' in ms, 'barricade takes barricade')
    b, s = pos({'g7': 'B1', 'h6': 'B1', 'g8': 'b1', 'g9': 'b1', 'a7': 'K', 'a13': 'k'})
    ms = notes(b, s, 'B1')
    check('B1 h6-g6; B1 g6-g8; g9-' in ms, 'second step on the target axis captures')
    check(not any(m.startswith('B1 g7-g8') or m.startswith('B1 h6-g8') for m in ms),
          'a step off the target axis cannot capture')
    b, s = pos({'g6': 'B1', 'g7': 'B1', 'h7': 'b2', 'i7': 'b2', 'a7': 'K', 'a13': 'k'})
    check(all('h7' not in m.split(';')[0] for m in notes(b, s, 'B1')),
          'an off-axis barricade next to it is neither entered nor taken')

    # Heralds: mutual freeze, frozen barricade, frozen piece gives no check
    b, s = pos({'g7': 'H', 'g8': 'h', 'f8': 'G', 'a7': 'K', 'a13': 'k'})
    check(notes(b, s, 'H') == [] and notes(b, s, 'G') == [], 'white herald and guard frozen')
    check(notes(b, 'b', 'h') == [], 'black herald frozen too')
    b, s = pos({'g6': 'B1', 'g7': 'B1', 'h7': 'h', 'a7': 'K', 'a13': 'k'})
    check(notes(b, s, 'B1') == [], 'barricade frozen by a herald next to one end')
    b, s = pos({'g1': 'K', 'g5': 'r', 'h4': 'H', 'a13': 'k'})
    ms = notes(b, s)
    check(sorted(m for m in ms if m.startswith('H')) == ['H h4-g4', 'H h4-h5'],
          'herald must stay next to the frozen rider: %s' % ms)
    check('K g1-g2' in ms, 'frozen rider gives no check')
    # moving a Herald next to the checking piece parries the check
    b, s = pos({'g1': 'K', 'g5': 'r', 'a13': 'k', 'c5': 'H'})
    ms = notes(b, s)
    check(ms == ['H c5-f5', 'K g1-f2', 'K g1-h1'], 'herald parries check: %s' % ms)

    # check, mate, stalemate
    b, s = pos({'g1': 'K', 'g5': 'r', 'h5': 'r', 'm2': 'r', 'a13': 'k'})
    check(notes(b, s) == [], 'checkmate: no moves')
    b, s = pos({'g1': 'K', 'h1': 'h', 'g5': 'r', 'a13': 'k'})
    check(notes(b, s) == [], 'frozen king in check is mated')
    b, s = pos({'g1': 'K', 'h1': 'h', 'a13': 'k'})
    check(notes(b, s) == [], 'stalemate: frozen lone king')

    # attacks follow the capture geometry
    b, s = pos({'g6': 'K', 'g7': 'p', 'g5': 'P', 'a13': 'k'}, 'w')
    check(not attacked(b, parse_cell('g6'), 'b'), 'pawn cannot take king with no room behind')
    b, s = pos({'g6': 'K', 'g7': 'p', 'a13': 'k'}, 'w')
    check(attacked(b, parse_cell('g6'), 'b'), 'pawn attacks with room behind')
    b, s = pos({'g6': 'K', 'g9': 'c', 'g3': 'P', 'a13': 'k'})
    check(not attacked(b, parse_cell('g6'), 'b'), 'catapult landing blocked')
    b, s = pos({'g6': 'K', 'g9': 'c', 'g8': 'P', 'a13': 'k'})
    check(attacked(b, parse_cell('g6'), 'b'), 'catapult jumps a piece in between')
    b, s = pos({'g6': 'K', 'g8': 's', 'g10': 'P', 'a13': 'k'})
    check(not attacked(b, parse_cell('g6'), 'b'), 'skirmisher retreat blocked')
    b, s = pos({'g6': 'K', 'e8': 'b1', 'e9': 'b1', 'a13': 'k'})
    check(attacked(b, parse_cell('g6'), 'b') is False
          and attacked_naive(b, parse_cell('g6'), 'b') is False,
          'barricade two cells away with no two-step capture')
    b, s = pos({'g6': 'K', 'g8': 'b1', 'g9': 'b1', 'a13': 'k'})
    check(attacked(b, parse_cell('g6'), 'b'), 'barricade two-step attack')

    # fast attack test == generate-everything test, on random positions with
    # the two Kings within three cells of each other and the other pieces
    # (Barricades included) crowded round them
    rng = random.Random(7)
    labels = ['R', 'S', 'C', 'H', 'G', 'P', 'r', 's', 'c', 'h', 'g', 'p']
    disagree = tried = 0
    for trial in range(300):
        board = [None] * (N * N)
        free = set(CELLS)
        k1 = rng.choice(CELLS)
        k2 = rng.choice(NEAR3[k1])
        board[k1], board[k2] = 'K', 'k'
        free -= {k1, k2}
        crowd = sorted((set(NEAR3[k1]) | set(NEAR3[k2])) & free)
        for lab in ('B1', 'B2', 'b1', 'b2'):
            if rng.random() < 0.8:
                pairs = [(a, n) for a in crowd for n in NEIGH[a] if n in free and a in free]
                if pairs:
                    a, n = rng.choice(pairs)
                    board[a] = board[n] = lab
                    free -= {a, n}
        for _ in range(rng.randint(3, 14)):
            pool = sorted(set(crowd) & free) or sorted(free)
            c = rng.choice(pool)
            free.discard(c)
            board[c] = rng.choice(labels)
        for side in 'wb':
            kc = find_king(board, side)
            if attacked(board, kc, other(side)) != attacked_naive(board, kc, other(side)):
                disagree += 1
                print('  attack mismatch:', write_position(board, side))
            for c in CELLS:
                if board[c] and is_barricade(board[c]) and color(board[c]) == side \
                        and c < partner(board, c):
                    mv = Moves()
                    gen_barricade(board, c, side, mv)
                    if set(mv.d) != pivot_barricade_keys(board, c, side):
                        disagree += 1
                        print('  barricade mismatch:', write_position(board, side))
            if attacked(board, find_king(board, other(side)), side):
                continue        # side to move could take the King: not a game position
            tried += 1
            if legal_moves(board, side) != legal_moves(board, side, naive=True):
                disagree += 1
                print('  legal mismatch:', write_position(board, side))
    check(disagree == 0 and tried > 100,
          'fast attack test agrees with full generation (%d positions)' % tried)

    # symmetry: colour mirror and left-right mirror keep the counts
    pos_list = [
        {'g1': 'K', 'a13': 'k', 'g5': 'B1', 'g6': 'B1', 'g7': 'p', 'f8': 'h', 'e7': 'C'},
        {'j1': 'K', 'd13': 'k', 'e5': 'P', 'e6': 'p', 'd6': 'b1', 'd7': 'b1', 'h4': 'S',
         'h8': 'h', 'i8': 'R', 'c9': 'c', 'e10': 'P'},
    ]
    for pcs in pos_list:
        b, s = pos(pcs)
        n0 = [perft(b, s, d) for d in (1, 2)]
        b1, s1 = colour_mirror(b, s)
        b2, s2 = side_mirror(b, s)
        n1 = [perft(b1, s1, d) for d in (1, 2)]
        n2 = [perft(b2, s2, d) for d in (1, 2)]
        nn = [perft(b, s, d, naive=True) for d in (1, 2)]
        check(n0 == n1 == n2 == nn, 'mirror/naive counts %s %s %s %s' % (n0, n1, n2, nn))

    print('self-test: %s' % ('all passed' if not fails else '%d FAILED' % len(fails)))
    return 1 if fails else 0


# ---------------------------------------------------------------- main

def main(argv):
    naive = '--naive' in argv
    argv = [a for a in argv if a != '--naive']
    if argv and argv[0] == '--self-test':
        return self_test()
    if argv and argv[0] in ('--suite', '--cross-check'):
        max_depth = 99
        if '--max-depth' in argv:
            max_depth = int(argv[argv.index('--max-depth') + 1])
        if argv[0] == '--cross-check':
            return cross_check(argv[1], max_depth)
        return run_suite(argv[1], max_depth, naive)
    div = '--divide' in argv
    argv = [a for a in argv if a != '--divide']
    if len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    board, side, _, _ = parse_position(argv[0])
    depth = int(argv[1])
    if div:
        total = 0
        for note, n in divide(board, side, depth, naive):
            print('%s %d' % (note, n))
            total += n
        print('total %d' % total)
    else:
        print(perft(board, side, depth, naive))
    return 0


if __name__ == '__main__':
    try:
        sys.exit(main(sys.argv[1:]))
    except ValueError as exc:
        sys.stderr.write('independent-perft.py: %s\n' % exc)
        sys.exit(2)
