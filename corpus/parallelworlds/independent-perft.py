#!/usr/bin/env python3
"""Independent reference perft for Parallel Worlds chess.

Written from the project's rules page alone (every **Decision** included; now
docs/rules/parallelworlds.md and docs/cvkit-variants.7, PARALLEL WORLDS),
as a cross-check of the C implementation.  Standard library only.

usage: independent-perft.py [PW-FEN] [--depth 1|2] [--divide] [--naive]

A node is a whole turn: an ordered sequence of one to three single moves,
each played on the board the earlier ones left; each piece moves at most
once per turn (castling moves king and rook); no two moves of a turn end on
the same level; White's very first turn (White to move, turn number 1) has at
most two moves; a move that captures a king ends the turn; a position whose
side to move has lost a king, or has no legal move, has no turns.

Prints `single N` (single moves available at the start of the turn,
promotions counted once per piece chosen) and `turns N` (depth 1: turns;
depth 2: sum over every turn of the opponent's turns in the position it
reaches).  --divide prints each first single move of the turn and the number
of nodes (turns at depth 1, depth-2 leaves at depth 2) that start with it.
--naive counts the same numbers the slow way (every move of every turn
played, moves regenerated from scratch), as a check of the fast counter.
The run time goes to stderr.

Readings of the page where it leaves room:
- level 2: every piece (knights, bishops, rooks, pawns too) slides as a queen,
  stopped by the first piece of either colour; never captures, never
  promotes; it may go down onto an empty square of level 1 or 3 (a pawn
  landing on its last rank there promotes: four moves, Q R B N);
- a pawn on its own first rank on level 1 or 3 steps one square, captures
  diagonally forward, may change level, never double-steps; a pawn on its
  second rank double-steps; en passant needs the target square empty and the
  enemy pawn still behind it;
- castling needs the right and the king and that rook on their home squares,
  the squares between empty; a move starting or ending on a home square
  (a level change or a capture included, by either side) removes the rights
  attached to it;
- a position whose side to move has lost a king shows single 0, turns 0.
Validation: no king on level 2; at most one king per side on levels 1 and 3,
and only the side to move may lack one (the game ended at that capture); no
pawn on its last rank on levels 1 and 3; en passant targets on level 1 or 3,
on rank 6 with White to move, rank 3 with Black to move, one per level.
"""

import sys
import time

# ---------------------------------------------------------------- pieces --
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = 1, 2, 3, 4, 5, 6
BLACKBIT = 8            # piece code = type | 8 for Black; 0 = empty square
WHITE, BLACK = 0, 1
LETTER = {PAWN: '', KNIGHT: 'N', BISHOP: 'B', ROOK: 'R', QUEEN: 'Q', KING: 'K'}
FENCHAR = {'P': PAWN, 'N': KNIGHT, 'B': BISHOP, 'R': ROOK, 'Q': QUEEN, 'K': KING}
FILES = 'abcdefgh'

# A square is level*64 + rank*8 + file, level 0..2 for levels 1..3,
# rank 0..7 for ranks 1..8, file 0..7 for files a..h.

# move flags
QUIET, CAPTURE, DOUBLE, EPCAP, CASTLE_K, CASTLE_Q, KCAPTURE = 0, 1, 2, 3, 4, 5, 6
# a move is a tuple (from, to, promoted piece code or 0, flag)

# castling rights bits: level 1 bits 0..3, level 3 bits 4..7
# within a level: white kingside 1, white queenside 2, black kingside 4,
# black queenside 8
def rbit(level, side, kingside):
    return 1 << ((0 if level == 0 else 4) + 2 * side + (0 if kingside else 1))


ALLRIGHTS = 0xFF
# CLR[sq]: rights mask kept after a move starting or ending on sq
CLR = [ALLRIGHTS] * 192
for _lv in (0, 2):
    _b = _lv * 64
    for _side, _rk in ((WHITE, 0), (BLACK, 7)):
        _r = _b + _rk * 8
        CLR[_r + 4] &= ~(rbit(_lv, _side, True) | rbit(_lv, _side, False)) & ALLRIGHTS
        CLR[_r + 7] &= ~rbit(_lv, _side, True) & ALLRIGHTS
        CLR[_r + 0] &= ~rbit(_lv, _side, False) & ALLRIGHTS


def side_rights(rights, level, side):
    """the rights bits relevant to side's castling on a level (0 or 2)"""
    return (rights >> ((0 if level == 0 else 4) + 2 * side)) & 3


# ---------------------------------------------------------------- tables --
def _on(f, r):
    return 0 <= f < 8 and 0 <= r < 8


DIRS8 = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ROOKDIRS = DIRS8[:4]
BISHOPDIRS = DIRS8[4:]
KNIGHTD = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]


def _rays(dirs):
    out = []
    for s in range(64):
        f, r = s & 7, s >> 3
        rl = []
        for df, dr in dirs:
            ray = []
            ff, rr = f + df, r + dr
            while _on(ff, rr):
                ray.append(rr * 8 + ff)
                ff += df
                rr += dr
            if ray:
                rl.append(ray)
        out.append(rl)
    return out


def _jumps(ds):
    out = []
    for s in range(64):
        f, r = s & 7, s >> 3
        out.append([(r + dr) * 8 + f + df for df, dr in ds if _on(f + df, r + dr)])
    return out


QRAYS = _rays(DIRS8)
RRAYS = _rays(ROOKDIRS)
BRAYS = _rays(BISHOPDIRS)
KNJ = _jumps(KNIGHTD)
KGJ = _jumps(DIRS8)

# translate tables for bulk counting of level changes
def _table(pred):
    return bytes(1 if pred(c) else 0 for c in range(256))


T_EMPTY = _table(lambda c: c == 0)
T_OWN_NONKING = [_table(lambda c, s=s: c != 0 and (c >> 3) == s and (c & 7) != KING and c < 16)
                 for s in (WHITE, BLACK)]
T_OWN_PAWN = [_table(lambda c, s=s: c == (PAWN | (BLACKBIT * s))) for s in (WHITE, BLACK)]
# bits of the owner's last rank in an int.from_bytes(level, 'little') of 0/1 bytes
LASTRANK_BITS = [sum(1 << (8 * i) for i in range(56, 64)),
                 sum(1 << (8 * i) for i in range(0, 8))]


# PCON[side][level][piece * 64 + square]: what a piece of side on square
# (0..63) of a level next to `level` adds to the count of level changes onto
# `level` when the square there is empty: 1, 4 for a pawn landing on its last
# rank on level 1 or 3 (it promotes), 0 for kings and enemy pieces
PCON = []
for _s in (WHITE, BLACK):
    _per = []
    for _lv in (0, 1, 2):
        _t = [0] * (16 * 64)
        for _c in range(16):
            if not _c or (_c >> 3) != _s or (_c & 7) in (0, 7, KING):
                continue
            for _q in range(64):
                _t[_c * 64 + _q] = (4 if (_c & 7) == PAWN and _lv != 1
                                    and (_q >> 3) == (7 if _s == WHITE else 0) else 1)
        _per.append(_t)
    PCON.append(_per)


def sqname(g):
    s = g & 63
    return '%d%s%d' % ((g >> 6) + 1, FILES[s & 7], (s >> 3) + 1)


# ---------------------------------------------------------------- position --
class Position:
    pass


class FenError(Exception):
    pass


START = ('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|'
         'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 1KQkq3KQkq - 0 1')


def parse_fen(fen):
    parts = fen.split()
    if len(parts) not in (4, 6):
        raise FenError('need 6 fields (placement side castling ep halfmove turn)')
    levels = parts[0].split('|')
    if len(levels) != 3:
        raise FenError('placement must have three levels separated by |')
    board = bytearray(192)
    for lv, plc in enumerate(levels):
        ranks = plc.split('/')
        if len(ranks) != 8:
            raise FenError('level %d: need 8 ranks' % (lv + 1))
        for i, rs in enumerate(ranks):
            rank = 7 - i
            f = 0
            for ch in rs:
                if ch.isdigit():
                    f += int(ch)
                elif ch.upper() in FENCHAR:
                    if f > 7:
                        raise FenError('level %d rank %d too long' % (lv + 1, rank + 1))
                    code = FENCHAR[ch.upper()] | (0 if ch.isupper() else BLACKBIT)
                    board[lv * 64 + rank * 8 + f] = code
                    f += 1
                else:
                    raise FenError('bad character %r' % ch)
            if f != 8:
                raise FenError('level %d rank %d: %d files' % (lv + 1, rank + 1, f))
    if parts[1] not in ('w', 'b'):
        raise FenError('side must be w or b')
    side = WHITE if parts[1] == 'w' else BLACK
    rights = 0
    if parts[2] != '-':
        lv = None
        for ch in parts[2]:
            if ch in '13':
                lv = 0 if ch == '1' else 2
            elif ch in 'KQkq' and lv is not None:
                rights |= rbit(lv, WHITE if ch.isupper() else BLACK, ch in 'Kk')
            else:
                raise FenError('bad castling field %r' % parts[2])
    ep = [-1, -1, -1]
    if parts[3] != '-':
        for t in parts[3].split(','):
            if (len(t) != 3 or t[0] not in '13' or t[1] not in FILES
                    or t[2] not in '12345678'):
                raise FenError('bad en passant target %r' % t)
            lv = int(t[0]) - 1
            rank = int(t[2]) - 1
            # a target of the opponent's double step: rank 6 when White is
            # to move (Black pawn went 7->5), rank 3 when Black is to move
            if rank != (5 if side == WHITE else 2):
                raise FenError('en passant target %r on the wrong rank' % t)
            if ep[lv] != -1:
                raise FenError('two en passant targets on level %d' % (lv + 1))
            ep[lv] = lv * 64 + rank * 8 + FILES.index(t[1])
    if len(parts) == 6:
        try:
            half, turn = int(parts[4]), int(parts[5])
        except ValueError:
            raise FenError('halfmove clock and turn number must be integers')
        if half < 0 or turn < 1:
            raise FenError('bad halfmove clock or turn number')
    else:
        half, turn = 0, 1
    # validation (rules page, "Position format")
    kings = {}
    for g in range(192):
        c = board[g]
        if not c:
            continue
        t, s, lv, rank = c & 7, c >> 3, g >> 6, (g & 63) >> 3
        if t == KING:
            if lv == 1:
                raise FenError('king on level 2 (%s)' % sqname(g))
            kings[(s, lv)] = kings.get((s, lv), 0) + 1
        if t == PAWN and lv != 1 and rank == (7 if s == WHITE else 0):
            raise FenError('pawn on its last rank on level %d (%s)' % (lv + 1, sqname(g)))
    for (s, lv), n in kings.items():
        if n > 1:
            raise FenError('%s has %d kings on level %d' % ('wb'[s], n, lv + 1))
    missing = [(s, lv) for s in (WHITE, BLACK) for lv in (0, 2) if (s, lv) not in kings]
    if len(missing) > 1 or (missing and missing[0][0] != side):
        # the game ends at the first king capture, with the loser to move
        raise FenError('kings missing %s: only the side to move may have lost '
                       'one king' % ','.join('%s%d' % ('wb'[s], lv + 1) for s, lv in missing))
    p = Position()
    p.board, p.side, p.rights, p.ep, p.half, p.turn = board, side, rights, tuple(ep), half, turn
    return p


# ---------------------------------------------------------------- moves --
board = bytearray(192)   # the working board (module global for speed)

WITHIN_CACHE = {}        # (side, level, level bytes, rights, ep) -> move list
COUNT_CACHE = {}         # same key -> number of moves


def gen_within(side, lv, rbits, epsq):
    """moves of side's pieces that start and end on level lv (0, 1, 2)"""
    b = board
    base = lv * 64
    out = []
    app = out.append
    if lv == 1:
        # level 2: every piece moves as a queen, no captures
        for s in range(64):
            c = b[base + s]
            if not c or (c >> 3) != side:
                continue
            g = base + s
            for ray in QRAYS[s]:
                for d in ray:
                    if b[base + d]:
                        break
                    app((g, base + d, 0, QUIET))
        return out
    enemy_bit = BLACKBIT if side == WHITE else 0
    for s in range(64):
        c = b[base + s]
        if not c or (c >> 3) != side:
            continue
        g = base + s
        t = c & 7
        if t == PAWN:
            f, r = s & 7, s >> 3
            if side == WHITE:
                fwd, last, second, first = 8, 7, 1, 0
            else:
                fwd, last, second, first = -8, 0, 6, 7
            r1 = r + (1 if side == WHITE else -1)
            if not 0 <= r1 <= 7:
                continue
            d = s + fwd
            promo = (r1 == last)
            if not b[base + d]:
                if promo:
                    for pt in (QUEEN, ROOK, BISHOP, KNIGHT):
                        app((g, base + d, pt | (BLACKBIT * side), QUIET))
                else:
                    app((g, base + d, 0, QUIET))
                    if r == second and not b[base + d + fwd]:
                        app((g, base + d + fwd, 0, DOUBLE))
            for df in (-1, 1):
                ff = f + df
                if not 0 <= ff <= 7:
                    continue
                d = r1 * 8 + ff
                q = b[base + d]
                if q:
                    if (q >> 3) != side:
                        flag = KCAPTURE if (q & 7) == KING else CAPTURE
                        if promo:
                            for pt in (QUEEN, ROOK, BISHOP, KNIGHT):
                                app((g, base + d, pt | (BLACKBIT * side), flag))
                        else:
                            app((g, base + d, 0, flag))
                elif base + d == epsq:
                    # the enemy pawn that double-stepped stands behind the target
                    if b[base + d - fwd] == (PAWN | enemy_bit):
                        app((g, base + d, 0, EPCAP))
            continue
        if t == KNIGHT:
            for d in KNJ[s]:
                q = b[base + d]
                if not q:
                    app((g, base + d, 0, QUIET))
                elif (q >> 3) != side:
                    app((g, base + d, 0, KCAPTURE if (q & 7) == KING else CAPTURE))
            continue
        if t == KING:
            for d in KGJ[s]:
                q = b[base + d]
                if not q:
                    app((g, base + d, 0, QUIET))
                elif (q >> 3) != side:
                    app((g, base + d, 0, KCAPTURE if (q & 7) == KING else CAPTURE))
            home = 4 if side == WHITE else 60
            if rbits and s == home:
                rook = ROOK | (BLACKBIT * side)
                hb = base + home
                if (rbits & 1 and b[hb + 3] == rook and not b[hb + 1] and not b[hb + 2]):
                    app((g, hb + 2, 0, CASTLE_K))
                if (rbits & 2 and b[hb - 4] == rook and not b[hb - 1] and not b[hb - 2]
                        and not b[hb - 3]):
                    app((g, hb - 2, 0, CASTLE_Q))
            continue
        rays = RRAYS[s] if t == ROOK else BRAYS[s] if t == BISHOP else QRAYS[s]
        for ray in rays:
            for d in ray:
                q = b[base + d]
                if not q:
                    app((g, base + d, 0, QUIET))
                else:
                    if (q >> 3) != side:
                        app((g, base + d, 0, KCAPTURE if (q & 7) == KING else CAPTURE))
                    break
    return out


def within(side, lv, rights, ep):
    rb = side_rights(rights, lv, side) if lv != 1 else 0
    e = ep[lv]
    key = (side, lv, bytes(board[lv * 64:lv * 64 + 64]), rb, e)
    m = WITHIN_CACHE.get(key)
    if m is None:
        m = gen_within(side, lv, rb, e)
        WITHIN_CACHE[key] = m
    return m


def within_count(side, lv, rights, ep):
    rb = side_rights(rights, lv, side) if lv != 1 else 0
    e = ep[lv]
    key = (side, lv, bytes(board[lv * 64:lv * 64 + 64]), rb, e)
    n = COUNT_CACHE.get(key)
    if n is None:
        m = WITHIN_CACHE.get(key)
        n = len(m) if m is not None else len(gen_within(side, lv, rb, e))
        COUNT_CACHE[key] = n
    return n


def gen_changes(side, lv, moved):
    """level changes of side's unmoved non-king pieces onto level lv"""
    b = board
    out = []
    app = out.append
    own = T_OWN_NONKING[side]
    empt = int.from_bytes(b[lv * 64:lv * 64 + 64].translate(T_EMPTY), 'little')
    lastrank = 7 if side == WHITE else 0
    pawn = PAWN | (BLACKBIT * side)
    for sl in ((0, 2) if lv == 1 else (1,)):
        # byte s of the product is 1 where an own non-king piece stands on
        # square s of the source level and square s of level lv is empty
        x = int.from_bytes(b[sl * 64:sl * 64 + 64].translate(own), 'little') & empt
        while x:
            low = x & -x
            x ^= low
            s = low.bit_length() >> 3
            g = sl * 64 + s
            if g in moved:
                continue
            d = lv * 64 + s
            if lv != 1 and b[g] == pawn and (s >> 3) == lastrank:
                for pt in (QUEEN, ROOK, BISHOP, KNIGHT):
                    app((g, d, pt | (BLACKBIT * side), QUIET))
            else:
                app((g, d, 0, QUIET))
    return out


def changes_count(side, lv, moved):
    """number of the moves gen_changes(side, lv, moved) would give"""
    b = board
    own = T_OWN_NONKING[side]
    empt = int.from_bytes(b[lv * 64:lv * 64 + 64].translate(T_EMPTY), 'little')
    if lv == 1:
        n = ((int.from_bytes(b[0:64].translate(own), 'little') & empt).bit_count()
             + (int.from_bytes(b[128:192].translate(own), 'little') & empt).bit_count())
    else:
        n = (int.from_bytes(b[64:128].translate(own), 'little') & empt).bit_count()
        n += 3 * (int.from_bytes(b[64:128].translate(T_OWN_PAWN[side]), 'little')
                  & empt & LASTRANK_BITS[side]).bit_count()
    if moved:
        lastrank = 7 if side == WHITE else 0
        pawn = PAWN | (BLACKBIT * side)
        for g in moved:
            sl = g >> 6
            if sl == lv or (lv != 1 and sl != 1) or (lv == 1 and sl == 1):
                continue
            c = b[g]
            if (c & 7) == KING:
                continue
            s = g & 63
            if b[lv * 64 + s]:
                continue
            if c == pawn and lv != 1 and (s >> 3) == lastrank:
                n -= 4
            else:
                n -= 1
    return n


def gen_moves(side, rights, ep, levelmask, moved):
    """single moves ending on a level in levelmask (bit per level), by
    pieces not in moved (squares of the pieces that already moved)"""
    out = []
    for lv in (0, 1, 2):
        if levelmask >> lv & 1:
            # pieces on an allowed level never moved this turn (no earlier
            # move ended there), so the within-level list needs no filter
            out += within(side, lv, rights, ep)
            out += gen_changes(side, lv, moved)
    return out


def make(m, side):
    """play m on the board; returns the undo record"""
    frm, to, promo, flag = m
    b = board
    p = b[frm]
    cap = b[to]
    b[to] = promo or p
    b[frm] = 0
    if flag == EPCAP:
        cs = to - 8 if side == WHITE else to + 8
        cap = b[cs]
        b[cs] = 0
        return (frm, to, p, cap, flag, cs)
    if flag == CASTLE_K:
        b[frm + 1] = b[frm + 3]
        b[frm + 3] = 0
    elif flag == CASTLE_Q:
        b[frm - 1] = b[frm - 4]
        b[frm - 4] = 0
    return (frm, to, p, cap, flag, 0)


def unmake(u):
    frm, to, p, cap, flag, cs = u
    b = board
    b[frm] = p
    if flag == EPCAP:
        b[to] = 0
        b[cs] = cap
        return
    b[to] = cap
    if flag == CASTLE_K:
        b[frm + 3] = b[frm + 1]
        b[frm + 1] = 0
    elif flag == CASTLE_Q:
        b[frm - 4] = b[frm - 1]
        b[frm - 1] = 0


def moved_after(m):
    """squares the pieces moved by m stand on"""
    frm, to, promo, flag = m
    if flag == CASTLE_K:
        return (to, frm + 1)
    if flag == CASTLE_Q:
        return (to, frm - 1)
    return (to,)


def has_all_kings(side):
    k = KING | (BLACKBIT * side)
    return board.find(bytes([k]), 0, 64) >= 0 and board.find(bytes([k]), 128, 192) >= 0


def max_moves(side, turn):
    return 2 if (side == WHITE and turn == 1) else 3


# ---------------------------------------------------------------- counting --
def count_turns_first(m1, side, rights, ep, maxm):
    """number of turns starting with the single move m1 (played from the
    current board, which is restored)"""
    frm, to, promo, flag = m1
    if flag == KCAPTURE or maxm == 1:
        return 1
    total = 1
    b = board
    u1 = make(m1, side)
    r1 = rights & CLR[frm] & CLR[to]
    l1 = to >> 6
    moved1 = moved_after(m1)
    mv2 = gen_moves(side, r1, ep, 7 & ~(1 << l1), moved1)
    if maxm == 2:
        total += len(mv2)
    else:
        # The third move ends on the one level l3 no earlier move ended on.
        # Counts after m1 of the moves ending on each free level, then per m2
        # only what m2 changes: if m2 does not start on l3, the l3 board
        # and its castling rights are unchanged, and the only change in the
        # level changes onto l3 is that the piece(s) m2 moved no longer
        # count.  If m2 leaves l3, play it and count afresh.
        wc = [0, 0, 0]
        cc = [0, 0, 0]
        for lv in (0, 1, 2):
            if lv != l1:
                wc[lv] = within_count(side, lv, r1, ep)
                cc[lv] = changes_count(side, lv, moved1)
        pcon = PCON[side]
        for m2 in mv2:
            f2, t2, p2, fl2 = m2
            total += 1
            if fl2 == KCAPTURE:
                continue
            l3 = 3 - l1 - (t2 >> 6)
            lf = f2 >> 6
            if lf != l3:
                n = wc[l3] + cc[l3]
                if lf - l3 == 1 or l3 - lf == 1:
                    sq = f2 & 63
                    if not b[l3 * 64 + sq]:
                        n -= pcon[l3][b[f2] * 64 + sq]
                    if fl2 == CASTLE_K or fl2 == CASTLE_Q:
                        rk = f2 + 3 if fl2 == CASTLE_K else f2 - 4
                        sq = rk & 63
                        if not b[l3 * 64 + sq]:
                            n -= pcon[l3][b[rk] * 64 + sq]
                total += n
                continue
            # m2 is a level change off l3 (no capture, castling or ep)
            p = b[f2]
            b[t2] = p2 or p
            b[f2] = 0
            total += (within_count(side, l3, r1 & CLR[f2], ep)
                      + changes_count(side, l3, moved1 + (t2,)))
            b[f2] = p
            b[t2] = 0
    unmake(u1)
    return total


def count_turns(side, rights, ep, maxm):
    if not has_all_kings(side):
        return 0
    total = 0
    for m1 in gen_moves(side, rights, ep, 7, ()):
        total += count_turns_first(m1, side, rights, ep, maxm)
    return total


def depth2_first(m1, side, rights, ep, maxm, childmax):
    """sum, over every turn starting with m1, of the opponent's turns in the
    position it reaches"""
    opp = side ^ 1
    total = 0

    def leaf(r, newep):
        return count_turns(opp, r, newep, childmax)

    frm, to, promo, flag = m1
    u1 = make(m1, side)
    r1 = rights & CLR[frm] & CLR[to]
    l1 = to >> 6
    ep1 = [-1, -1, -1]
    if flag == DOUBLE:
        ep1[l1] = (frm + to) // 2
    total += leaf(r1, tuple(ep1))
    if flag != KCAPTURE and maxm >= 2:
        moved1 = moved_after(m1)
        for m2 in gen_moves(side, r1, ep, 7 & ~(1 << l1), moved1):
            f2, t2, p2, fl2 = m2
            u2 = make(m2, side)
            r2 = r1 & CLR[f2] & CLR[t2]
            l2 = t2 >> 6
            ep2 = list(ep1)
            if fl2 == DOUBLE:
                ep2[l2] = (f2 + t2) // 2
            total += leaf(r2, tuple(ep2))
            if fl2 != KCAPTURE and maxm >= 3:
                l3 = 3 - l1 - l2
                moved2 = moved1 + moved_after(m2)
                for m3 in gen_moves(side, r2, ep, 1 << l3, moved2):
                    f3, t3, p3, fl3 = m3
                    u3 = make(m3, side)
                    r3 = r2 & CLR[f3] & CLR[t3]
                    ep3 = list(ep2)
                    if fl3 == DOUBLE:
                        ep3[l3] = (f3 + t3) // 2
                    total += leaf(r3, tuple(ep3))
                    unmake(u3)
            unmake(u2)
    unmake(u1)
    return total



# ------------------------------------------------- slow self-check (--naive) --
# Plays every move of every turn and regenerates all moves from scratch
# (no caches, no counting shortcuts, moved pieces filtered piece by piece):
# a check of the fast counters above.
def naive_changes(side, lv):
    """level changes onto lv, square by square"""
    out = []
    for sl in (lv - 1, lv + 1):
        if not 0 <= sl <= 2:
            continue
        for s in range(64):
            c = board[sl * 64 + s]
            if not c or (c >> 3) != side or (c & 7) == KING or board[lv * 64 + s]:
                continue
            if (c & 7) == PAWN and lv != 1 and s >> 3 == (7 if side == WHITE else 0):
                out += [(sl * 64 + s, lv * 64 + s, pt | (BLACKBIT * side), QUIET)
                        for pt in (QUEEN, ROOK, BISHOP, KNIGHT)]
            else:
                out.append((sl * 64 + s, lv * 64 + s, 0, QUIET))
    return out


def naive_moves(side, rights, ep, levelmask, moved):
    out = []
    for lv in (0, 1, 2):
        rb = side_rights(rights, lv, side) if lv != 1 else 0
        for m in gen_within(side, lv, rb, ep[lv]) + naive_changes(side, lv):
            if not levelmask >> (m[1] >> 6) & 1 or m[0] in moved:
                continue
            if m[3] in (CASTLE_K, CASTLE_Q) and moved_after(m)[1] + (
                    2 if m[3] == CASTLE_K else -3) in moved:
                continue
            out.append(m)
    return out


def naive_turns(side, rights, ep, maxm, leaf, done=0, moved=(), used=0, newep=(-1, -1, -1)):
    """sum of leaf(rights, newep) over every turn (or 1 per turn if leaf is None)"""
    if done == 0 and not has_all_kings(side):
        return 0
    total = 0
    for m in naive_moves(side, rights, ep, 7 & ~used, moved):
        frm, to, promo, flag = m
        u = make(m, side)
        r = rights & CLR[frm] & CLR[to]
        ne = list(newep)
        if flag == DOUBLE:
            ne[to >> 6] = (frm + to) // 2
        ne = tuple(ne)
        total += 1 if leaf is None else leaf(r, ne)
        if flag != KCAPTURE and done + 1 < maxm:
            total += naive_turns(side, r, ep, maxm, leaf, done + 1,
                                 moved + moved_after(m), used | 1 << (to >> 6), ne)
        unmake(u)
    return total

# ---------------------------------------------------------------- notation --
def notation(m):
    """the move in the page's notation (board before the move)"""
    frm, to, promo, flag = m
    c = board[frm]
    s = LETTER[c & 7] + sqname(frm)
    s += 'x' if flag in (CAPTURE, EPCAP, KCAPTURE) else '-'
    s += sqname(to)
    if promo:
        s += '=' + LETTER[promo & 7]
    return s


# ---------------------------------------------------------------- main --
def main(argv):
    depth = 1
    divide = False
    naive = False
    fen = None
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == '--depth':
            i += 1
            depth = int(argv[i])
        elif a.startswith('--depth='):
            depth = int(a.split('=', 1)[1])
        elif a == '--divide':
            divide = True
        elif a == '--naive':
            naive = True
        elif a in ('-h', '--help'):
            print(__doc__)
            return 0
        elif fen is None:
            fen = a
        else:
            print('unexpected argument %r' % a, file=sys.stderr)
            return 2
        i += 1
    if depth not in (1, 2):
        print('--depth must be 1 or 2', file=sys.stderr)
        return 2
    try:
        pos = parse_fen(fen if fen is not None else START)
    except FenError as e:
        print('invalid PW-FEN: %s' % e, file=sys.stderr)
        return 1
    board[:] = pos.board
    side, rights, ep = pos.side, pos.rights, pos.ep
    maxm = max_moves(side, pos.turn)
    childturn = pos.turn + (1 if side == BLACK else 0)
    childmax = max_moves(side ^ 1, childturn)
    t0 = time.time()
    if not has_all_kings(side):
        firsts = []          # the game is over: no moves, no turns
    else:
        firsts = gen_moves(side, rights, ep, 7, ())
    total = 0
    rows = []
    if naive:
        if depth == 1:
            total = naive_turns(side, rights, ep, maxm, None)
        else:
            total = naive_turns(side, rights, ep, maxm, lambda r, e: naive_turns(
                side ^ 1, r, e, childmax, None))
        firsts = naive_moves(side, rights, ep, 7, ()) if has_all_kings(side) else []
        print('single %d' % len(firsts))
        print('turns %d' % total)
        print('time %.1fs' % (time.time() - t0), file=sys.stderr)
        return 0
    for m1 in firsts:
        if depth == 1:
            n = count_turns_first(m1, side, rights, ep, maxm)
        else:
            n = depth2_first(m1, side, rights, ep, maxm, childmax)
        total += n
        if divide:
            rows.append((notation(m1), n))
    if divide:
        for name, n in sorted(rows):
            print('%s %d' % (name, n))
    print('single %d' % len(firsts))
    print('turns %d' % total)
    print('time %.1fs' % (time.time() - t0), file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
