"""A class's own games: score sheets read and checked, summaries and graphs of them
(teaching layer)."""
