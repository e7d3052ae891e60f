"""Tools that make, check and measure what the game ships, run from the repository's root; the game
never imports them.

    python -m tools.sprites          draw the card faces, backs, slot and icon into sprites/
    python -m tools.sounds           synthesise the sound effects into sounds/
    python -m tools.find_examples    find the real deals of the Help's worked examples
    python -m tools.bench            the game's frame, memory and start-up benchmarks, goals beside them
    python -m tools.solver_bench     the solvers' timings, goals beside them

golf_plain_dfs.c and golf_plain_dfs_input.py: a plain exhaustive search in C, for comparison.
"""
