"""The end of a game: the result card, a rematch, and what a finished game counts (the
arcade ladder's rungs, the hall of fame's widest wins).
"""
from __future__ import annotations

from ...arcade import fame, ladder
from ...i18n import _, ngettext
from ...match import Seat
from ...rules.core import DRAW, Outcome
from ...ui import theme
from ...ui.present import EndCard
from ..menus.overlay import ResultScene
from ..menus.seats import level_name


class GameEnd:
    """How a play scene ends a game and what the end counts."""

    # -- the end -------------------------------------------------------------------------------
    def show_result(self) -> None:
        if self.rules.outcome(self.state) is None:
            return
        self.result_shown = True
        # a card covers the game from now: it is not updated again, so the panel under it
        # shows the last move now (neither held a frame, nor waiting for the board to rest,
        # nor half painted)
        self._panel_held = self._panel_waits = self._painting = None
        # a host says how its game ended (the demo, a replay; a puzzle or a lesson, whose
        # position cannot be reviewed as a game from a seed)
        if self.hosting.overlays:
            card = self.the_end()
            fame = self.count_result(card) if self._scored is not self.state else []
            self._scored = self.state
            self.app.stack.push(ResultScene(self.app, self, card))
            for kind, value in reversed(fame):  # the hall of fame asks initials over the card, in turn
                self.app.nav.enter_initials(self.game_id, kind, value, card)

    def rematch(self) -> None:
        """Another game: a ladder game goes on against the rung to beat now (the next one
        after a win); an online game asks the opponent (play/consent.py); any other game
        starts again as it was."""
        if self.online is not None:
            self.offer_online_rematch()
            return
        sides = self.human_against_computer()
        if sides is None or self.ladder is None:
            self.restart()
            return
        rung = ladder.of(self.game_id).rung
        self.ladder = rung
        self.seats[sides[1]] = Seat(sides[1], rung)
        self.restart()

    def human_against_computer(self) -> tuple[str, str] | None:
        """``(the person's side, the computer's)`` in a game of one against the computer."""
        return self.match.human_against_computer()

    def count_result(self, card: EndCard) -> list[tuple[str, int]]:
        """A finished game against the computer counts: a ladder game climbs (or not), and
        its lines join the end card; returns the hall-of-fame results to ask initials for."""
        sides = self.human_against_computer()
        if sides is None:
            return []
        person, computer = sides
        won = self.rules.outcome(self.state).winner == person
        out: list[tuple[str, int]] = []
        if self.ladder is not None:
            rung = self.ladder
            climb, unlocked = ladder.finished(self.game_id, rung, won)
            if unlocked == "top":
                done = _("Ladder climbed: easy, medium and hard beaten in {count} games!")
                card.reasons.append(done.format(count=climb.games))
                if fame.qualifies(self.game_id, "ladder", climb.games):
                    out.append(("ladder", climb.games))
            elif unlocked:
                card.reasons.append(_("Ladder: {level} beaten; {next} is unlocked and comes next.").format(
                    level=level_name(rung), next=level_name(unlocked)))
            elif won:
                card.reasons.append(_("Ladder: {level} beaten again.").format(level=level_name(rung)))
            else:
                card.reasons.append(_("Ladder: {level} is still to beat. Try again!").format(
                    level=level_name(rung)))
        if won and self.seats[computer].kind == "hard" and not self.hints and not self.takebacks:
            scores = self.rules.scores(self.state)
            margin = max(0, scores[person] - scores[computer])
            if fame.qualifies(self.game_id, "margin", margin):
                out.append(("margin", margin))
        return out

    def the_end(self) -> EndCard:
        """Who won ("You" or "The computer" against the computer), by how much, why."""
        outcome = self.rules.outcome(self.state)
        margin, reasons, table = self.result_parts(outcome)
        if self.hints:  # the record keeps them; the card says so too
            reasons = [*reasons, ngettext("One hint was used.", "{count} hints were used.",
                                          len(self.hints)).format(count=len(self.hints))]
        winner = outcome.winner
        if winner == DRAW:
            return EndCard(_("A draw"), theme.ACCENT, margin, reasons, table)
        humans = [p for p, seat in self.seats.items() if not seat.is_ai]
        if len(humans) == 1:
            if winner in humans:
                headline = _("You win!")
            else:
                headline = _("The computer ({level}) wins").format(level=level_name(self.seats[winner].kind))
        else:
            headline = _("{side} wins!").format(side=self.side_name(winner))
        return EndCard(headline, self.side_ink(winner), margin, reasons, table)

    def result_parts(self, outcome: Outcome) -> tuple[str, list[str], list[list[str]]]:
        """``(by how much, why, the table)`` of the end card; by how much says the winner's
        score first (``winner_first``), as a result is said under "Blue wins!"."""
        raise NotImplementedError

    #: which of ``result_parts``' reasons is the rule that decided the game
    DECIDING_REASON = -1

    def verdict(self, outcome: Outcome) -> tuple[str, str]:
        """By how much, and the rule that decided it (a tie-break named as one): the end
        card's two lines that a puzzle repeats."""
        margin, reasons, _table = self.result_parts(outcome)
        return margin, reasons[self.DECIDING_REASON] if reasons else ""

    def winner_first(self, winner: str) -> tuple[str, str]:
        """The sides in the order a result names their scores: the winner's first (a
        draw: the rules' order; its scores are equal)."""
        first, second = self.rules.players
        return (second, first) if winner == second else (first, second)

    def score_line(self) -> str:
        """The running score in a few words (the demo shows it under the game's title)."""
        scores = self.rules.scores(self.state)
        first, second = self.rules.players
        return _("{score_name}: {first} {first_score}, {second} {second_score}").format(
            score_name=_(self.entry.score_name), first=self.side_name(first), first_score=scores[first],
            second=self.side_name(second), second_score=scores[second])
