"""What the game keeps on disk: where files live and how they are written safely (:mod:`.storage`),
the games in progress and saved (:mod:`.saves`), and the player's and operator's settings
(:mod:`.settings`). Headless: no pygame here."""
