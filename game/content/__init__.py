"""What the game ships as data and reads as data, never as code: levels, lessons, puzzles,
how-to pages, and games written as text records."""
