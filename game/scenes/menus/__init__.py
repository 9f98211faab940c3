"""The screens between games: the title, the game choice and set-up, seats, settings, saves,
the ladder and the hall of fame, pauses and questions, and the how-to pages."""
