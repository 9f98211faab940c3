"""The arcade around the games: the ladder to climb, the hall of fame, the computer's ratings,
and the review of a finished game. Headless: no pygame here."""
