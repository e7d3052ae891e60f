"""Benchmarks: each table through a scripted session, attract mode, and the ways to put a frame on screen.

    python -m tools.bench [--games golf,eightoff,attract,present] [--sizes 800x480,1920x1080]
                          [--drivers dummy,x11] [--idle SECONDS] [--attract SECONDS] [--repeat N]
                          [--json FILE]

For each game, window size and SDL video driver, in a process of its own (so start-up and peak memory
are honest): CPU ms per drawn frame (median and 95th percentile) for each phase (Golf: deal, plays,
draws, undos, drag, hint, demo, session; Eight Off: deal, taps, drags, double taps, undos, group drag,
hint, demo, win, session), idle CPU with no input, CPU to the first frame, peak memory, and the memory
in use over a long session of games. `attract` runs a kiosk in attract mode in the app's own loop
(tools/bench/attract.py). `present` measures what putting frames on screen costs along each
presentation path the driver offers (tools/bench/present.py). Each of the performance goals is
printed as the number with its target beside it (tools/bench/goals.py); with a real driver as well as
`dummy`, each real-window figure is also set against the dummy driver's. `--repeat N` runs each N
times, the drivers taking turns, and reports the medians (tools/bench/repeat.py): one run's luck does
not decide a goal. Numbers, not assertions: tests never time anything.
"""

from .harness import Recorder, slowest_frame

__all__ = ["Recorder", "slowest_frame"]
