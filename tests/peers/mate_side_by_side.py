#!/usr/bin/env python3
"""The mate solver beside YaneuraOu's mate engine on the shogi problems of the problem files.

usage: mate_side_by_side.py SEIREIGI YANEURAOU_MATE_ENGINE [FILE...] [--ms MS] [--shortest]

Runs `SEIREIGI usi` and the YaneuraOu binary (built outside the repository, as
../shared/peers/README.md says) as USI engines, one warm process each, one thread, a 64 MB table
each, and sends every shogi problem as `position sfen ...` and `go mate MS`. Prints per problem
the length the file states, each engine's answer (plies, or nomate/timeout), its time from `go
mate` to `checkmate` and, for YaneuraOu, its node count; for seireigi also when its first mate was
proven (what it then spends proves that no shorter mate exists, which YaneuraOu does not). YaneuraOu answers no sooner than about
100 ms after `go mate` (it looks for the result at that interval), so for small problems its
own `info ... nodes` count divided by its node rate on the larger ones is the fairer time.
seireigi gives its quick answer (soon after the first mate); --shortest sets Mate_Shortest, so
that it proves every mate shortest. The last lines count the problems seireigi answers within 10
times YaneuraOu's time, measured both ways (its node rate taken as 1.7 million a second).
Default files: tests/data/mate-problems.txt and tests/data/mate-problems-long.txt.
"""
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Usi:
    def __init__(self, argv, options):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                  bufsize=1)
        self.send('usi')
        self.wait('usiok')
        for name, value in options:
            self.send('setoption name %s value %s' % (name, value))
        self.send('isready')
        self.wait('readyok')

    def send(self, line):
        self.p.stdin.write(line + '\n')
        self.p.stdin.flush()

    def wait(self, prefix):
        for line in self.p.stdout:
            if line.startswith(prefix):
                return line.strip()
        raise RuntimeError('engine ended before ' + prefix)

    def mate(self, sfen, ms):
        self.send('usinewgame')
        self.send('position sfen ' + sfen)
        start = time.monotonic()
        self.send('go mate %d' % ms)
        nodes = None
        first_ms = None
        for line in self.p.stdout:
            words = line.split()
            if 'nodes' in words:
                nodes = int(words[words.index('nodes') + 1])
            if 'first mate proven after' in line:
                first_ms = int(line.split(' nodes, ')[1].split(' ms')[0])
            if line.startswith('checkmate'):
                seconds = time.monotonic() - start
                answer = words[1:]
                if answer and answer[0] in ('nomate', 'timeout', 'notimplemented'):
                    return answer[0], seconds, nodes, first_ms
                return str(len(answer)), seconds, nodes, first_ms
        raise RuntimeError('engine ended during go mate')

    def quit(self):
        self.send('quit')
        self.p.wait()


def problems(files):
    for name in files:
        for line in open(name):
            if not line.strip() or line.startswith('#'):
                continue
            variant, mode, plies, sfen, source = [f.strip() for f in line.split('|')]
            if variant == 'shogi' and mode == 'tsume':
                yield plies, sfen, source


def main():
    args = [a for a in sys.argv[1:]]
    ms = 60000
    if '--ms' in args:
        i = args.index('--ms')
        ms = int(args[i + 1])
        del args[i:i + 2]
    shortest = '--shortest' in args
    if shortest:
        args.remove('--shortest')
    if len(args) < 2:
        sys.exit(__doc__)
    ours = Usi([args[0], 'usi'], [('USI_Variant', 'shogi'), ('USI_Hash', 64),
                                  ('Mate_Shortest', 'true' if shortest else 'false')])
    yane = Usi([args[1]], [('Threads', 1), ('USI_Hash', 64)])
    files = args[2:] or [os.path.join(ROOT, 'tests/data/mate-problems.txt'),
                         os.path.join(ROOT, 'tests/data/mate-problems-long.txt')]
    print('%-5s %-8s %-8s %-8s %-8s %-8s %-9s %s' % ('file', 'seireigi', 'first s', 'total s',
                                                    'Yaneura', 'time s', 'nodes', 'position'))
    rows = 0
    within_wall = 0
    within_nodes = 0
    for plies, sfen, source in problems(files):
        a, ta, _, first_ms = ours.mate(sfen, ms)
        b, tb, nb, _ = yane.mate(sfen, ms)
        first = '%.3f' % (first_ms / 1000) if first_ms else '-'
        print('%-5s %-8s %-8s %-8.3f %-8s %-8.3f %-9s %s' % (plies, a, first, ta, b, tb, nb, sfen),
              flush=True)
        rows += 1
        within_wall += ta <= 10 * tb
        within_nodes += ta <= 10 * max((nb or 0) / 1.7e6, 0.001)
    print('within 10 times YaneuraOu: %d of %d by its answer time, %d of %d by its nodes' %
          (within_wall, rows, within_nodes, rows))
    ours.quit()
    yane.quit()


if __name__ == '__main__':
    main()
