"""Tools that make, check and measure what the game ships, run from the repository's root; the game
never imports them.

    python -m tools.sprites          draw the card faces, backs, slot and icon into sprites/
    python -m tools.sounds           synthesise the sound effects into sounds/
    python -m tools.deal_lists       make, extend and verify the lists of proven-winnable deals and their lines
    python -m tools.par              find and verify Eight Off's par of each listed deal
    python -m tools.rating           rate the listed deals into difficulty bands; the greedy report
    python -m tools.golf_shares      the share of winnable deals under each Golf rule set
    python -m tools.golf_plain       reference verdicts of a plain Golf search, for the solver's tests
    python -m tools.find_examples    find the real deals of the Help's worked examples
    python -m tools.bench            the game's frame, memory and start-up benchmarks, goals beside them
    python -m tools.solver_bench     the solvers' timings, goals beside them

golf_plain_dfs.c and golf_plain_dfs_input.py: a plain exhaustive search in C, for comparison.
"""
