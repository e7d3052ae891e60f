"""Scenes: menu, tables, overlays. Each translates input into model calls and model state into sprites."""
