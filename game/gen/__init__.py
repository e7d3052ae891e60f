"""Asset generators: `python -m game.gen.sprites` and `python -m game.gen.sounds` rebuild the committed art."""
