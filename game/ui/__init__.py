"""Shared UI toolkit: tweens, cached text, theme drawing, pointer input and widgets.

Nothing here opens a window at import time; surfaces are made when first drawn.
"""
