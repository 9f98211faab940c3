"""One drawing kit per game: its board, pieces and marks, and the pictures of its how-to pages.
The kits draw what the rules' states and effects say; they never decide anything."""
