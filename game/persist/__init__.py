"""Nothing lost: the game in progress saved after every move, and finished games in SQLite."""
