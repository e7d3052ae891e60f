"""Functions that tests in several folders share (fixtures are in the conftest.py files):

assist           a table opened as a resumed game, frames until something shows, a band's button,
                 a Golf game blocked after the win was lost
saves            small Golf games that end each way, a Progress begun and played, power cuts
tables           tables set up and played by posted input, finger events, cards against the model
positions        model positions written as card names, and independent references
golf_checks      the Golf solver's reference verdicts, a brute force over the model, small positions
eightoff_checks  small Eight Off positions and every position reachable from them
tiers            parameters split between the everyday loop and the slow tier
"""
