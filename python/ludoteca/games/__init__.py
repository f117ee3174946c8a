"""One thin module per game: rules in brief, typed constructors, game-specific helpers."""
