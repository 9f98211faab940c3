"""The Improbable scene: a turn is rolls until the player stops or busts; the rules
answer each roll with a stone set aside, a bust, or the end of the game, and each stop
with the stones banked into the row.

Input becomes a move here (Roll or Stop); the effect handlers queue the tumbling die,
the blocks sliding from the supply to the tray and on to the row or back; how anything
is drawn lives in the drawing kit, :mod:`game.ui.kits.improbable`. Legality, what a roll does
and the risk of the next one come from the rules (``why_illegal``, ``play``, ``chance``).
"""
from __future__ import annotations

import math
import random

import pygame

from ... import i18n
from ...i18n import _, ngettext, pgettext
from ...rules.improbable import LENGTHS, PLAYERS, ROLL, STOP, chance
from ...ui import theme
from ...ui.actions import ALTERNATE, CONFIRM, DOWN, LEFT, MENU, POINT, REDO, RIGHT, TOUCH, UNDO, UP, Action
from ...ui.anim import Tween, ease_in_out, ease_out_cubic, linear
from ...ui.kits import improbable as kit
from ..base import either
from ..play import MovePlay, PlayScene, areas, effect

TUMBLE, LAND, SLIDE, FLASH, END_CARD = 0.36, 0.22, 0.3, 0.3, 0.5
# the kit's names, for the how-to pages and the tests
CAP, COPIES, Layout, row_places = kit.CAP, kit.COPIES, kit.Layout, kit.row_places


class ImprobableScene(PlayScene):
    game_id = "improbable"

    def __init__(self, app, **kw) -> None:
        super().__init__(app, **kw)
        self.rows_view: dict[str, list[kit.BlockSprite]] = {p: [] for p in PLAYERS}
        self.aside_view: list[kit.BlockSprite] = []
        self.flying: list[kit.BlockSprite] = []
        self.shown_supply: list[int] = [COPIES] * 12
        self.choice = "roll"  # the highlighted button: the keyboard cursor
        self.die_face: int | None = None
        self.die_owner = "blue"
        self.die_dy, self.die_angle = 0.0, 0.0
        self._die_shown: tuple[float, float] | None = None  # the die's lift and turn last drawn
        self.tray_flash = 0.0
        self.end_card = 0.0
        self.anim_player: str | None = None
        self.anim_verb = "rolls"  # what the move playing out does: "rolls" or "stops"

    # -- the game's turn --------------------------------------------------------------
    def point_to(self, move) -> None:
        self.choice = move.action  # the Roll or Stop button lit

    def turn_started(self) -> None:
        super().turn_started()
        self.choice = "roll"

    def enabled(self, name: str) -> bool:
        return self.rules.why_illegal(self.state, ROLL if name == "roll" else STOP) is None

    def press(self, name: str) -> bool:
        self.choice = name
        return self.try_play(ROLL if name == "roll" else STOP)

    def on_action(self, action: Action) -> None:
        if action.name == POINT:
            hit = self.button_at(action.pos)
            if hit:
                self.choice = hit
            return
        if action.name in (LEFT, RIGHT) and not action.is_pointer:
            self.choice = "roll" if action.name == LEFT else "stop"
        elif action.name in (UP, DOWN):
            self.choice = "stop" if self.choice == "roll" else "roll"
        elif action.name == CONFIRM:
            if action.pos is not None:
                hit = self.button_at(action.pos)
                if hit is None:
                    return  # a click on the table, not on a choice
                self.choice = hit
            self.press(self.choice)
        elif action.name == ALTERNATE:
            self.press("stop")

    def scan_targets(self) -> list[str]:
        return [name for name in ("roll", "stop") if self.enabled(name)]

    def scan_shown(self) -> str:
        return self.choice

    def scan_show(self, target: str) -> None:
        self.choice = target

    def phone_buttons(self, device: str) -> dict[str, str]:
        """A phone's A says what it presses now: Roll, or Stop."""
        buttons = super().phone_buttons(device)
        if CONFIRM in buttons and not self.state.over:
            buttons[CONFIRM] = (pgettext("phone button", "Roll") if self.choice == "roll"
                                else pgettext("phone button", "Stop"))
        return buttons

    def previewed_move(self):
        return None if self.state.over else (ROLL if self.choice == "roll" else STOP)

    def next_tap(self, move) -> tuple[int, int] | None:
        """Roll or Stop: buttons, pressed at once by a tap."""
        if self.layout is None or getattr(move, "action", None) not in ("roll", "stop"):
            return None
        return (self.layout.roll if move.action == "roll" else self.layout.stop).center

    def button_at(self, pos: tuple[int, int] | None) -> str | None:
        if pos is None or self.state.over or self.layout is None:
            return None
        return self.layout.button_at(pos)

    # -- what is drawn at rest, for tests to compare with the engine ------------------------
    def reset_view(self) -> None:
        st = self.state
        self.board.empty()
        self.rows_view = {p: [] for p in PLAYERS}
        for k, p in enumerate(PLAYERS):
            for i, length in enumerate(st.rows[k]):
                self.add_block(kit.BlockSprite(p, length, ("row", p, i)), self.rows_view[p])
        self.aside_view = []
        for length in st.aside:
            self.add_block(kit.BlockSprite(st.turn, length, ("aside",)), self.aside_view)
        self.flying = []
        self.shown_supply = list(st.supply)
        self.die_face, self.die_owner = st.die, st.turn
        self.die_dy, self.die_angle = 0.0, 0.0
        self.tray_flash = 0.0
        self.end_card = 1.0 if st.over else 0.0
        self.anim_player = None

    def add_block(self, sprite: kit.BlockSprite, where: list[kit.BlockSprite]) -> None:
        where.append(sprite)
        self.board.add(sprite)

    def drawn_rows(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return tuple(tuple(b.length for b in self.rows_view[p] if b.alive()) for p in PLAYERS)  # type: ignore

    def drawn_aside(self) -> tuple[int, ...]:
        return tuple(b.length for b in self.aside_view if b.alive())

    def at_rest(self) -> bool:
        return (not self.flying and all(b.src is None for b in self.board)
                and self.die_dy == 0 and self.die_angle == 0 and self.tray_flash == 0)

    def shown_mover(self) -> str | None:
        """Whose turn the screen shows: while a move plays, its player (the die has not
        landed yet, so the next player must not show)."""
        if self.queue.busy and self.anim_player:
            return self.anim_player
        return self.state.to_move

    # -- effects -> animation -------------------------------------------------------------
    def animate(self, play: MovePlay) -> None:
        player = play.mover
        verb = "stops" if play.effects and play.effects[0]["type"] == "bank" else "rolls"

        def begin() -> None:
            self.anim_player, self.anim_verb = player, verb

        self.banner_t = 0.0  # the last move's news is old now
        begin()  # at once: the screen must not show the next player before the die lands
        self.queue.add(Tween(0.0), on_start=begin)
        super().animate(play)

        def finish() -> None:
            self.anim_player = None

        self.queue.add(Tween(0.0, on_done=finish))

    @effect("roll")
    def on_roll(self, e: dict, play: MovePlay) -> None:
        player, value = play.mover, e["value"]
        rng = random.Random(play.before.rolls * 7 + 1)
        faces = [rng.choice([f for f in LENGTHS if f != value]) for _i in range(8)]

        def start() -> None:
            self.die_owner = player
            self.cue("roll")

        def tumble(t: float) -> None:
            if t >= 1:
                self.die_face, self.die_angle = value, 0.0
                return
            self.die_face = faces[min(len(faces) - 1, int(t * len(faces)))]
            self.die_angle = (1 - t) * 380.0
            self.die_dy = -math.sin(t * math.pi) * self.die_size() * 0.32

        def land(t: float) -> None:  # two shrinking hops
            self.die_face = value
            hop = abs(math.sin(t * math.pi * 2)) * (1 - t) * self.die_size() * 0.16
            self.die_dy = 0.0 if t >= 1 else -hop

        self.queue.add(Tween(TUMBLE, tumble, ease=linear), on_start=start)
        self.queue.add(Tween(LAND, land, ease=linear))

    def die_size(self) -> float:
        return self.layout.die_size if self.layout else 100.0

    def _slide(self, sprite: kit.BlockSprite, t: float) -> None:
        sprite.t = t
        if t >= 1:
            sprite.src = None

    @effect("aside")
    def on_aside(self, e: dict, play: MovePlay) -> None:
        player, length = play.mover, e["length"]
        sprite = kit.BlockSprite(player, length, ("aside",))
        k = PLAYERS.index(player) * 6 + length - 1

        def start() -> None:
            self.shown_supply[k] -= 1
            sprite.src = self.layout.supply_rect(player, length, self.shown_supply[k])
            sprite.t = 0.0
            self.add_block(sprite, self.aside_view)

        self.queue.add(Tween(SLIDE, lambda t: self._slide(sprite, t), lambda: self.cue("place"),
                             ease=ease_out_cubic), on_start=start)

    @effect("bust")
    def on_bust(self, e: dict, play: MovePlay) -> None:
        player, returned = play.mover, e["returned"]
        moving: list[kit.BlockSprite] = []

        def flash_start() -> None:
            stones, n = ", ".join(map(str, returned)), len(returned)
            if self.die_face:
                text = ngettext("Bust! A second {face}: {stones} goes back",
                                "Bust! A second {face}: {stones} go back", n).format(face=self.die_face,
                                                                                   stones=stones)
            else:
                text = ngettext("Bust! A repeat: {stones} goes back", "Bust! A repeat: {stones} go back",
                                n).format(stones=stones)
            self.show_banner(text, 2.4)
            self.cue("bust")
            self.burst(self.layout.tray.center, theme.BAD, 16)

        def flash(t: float) -> None:
            self.tray_flash = 0.0 if t >= 1 else abs(math.sin(t * math.pi * 2))

        def slide_start() -> None:
            p = PLAYERS.index(player)
            slots = {length: self.shown_supply[6 * p + length - 1] for length in returned}
            for sprite in list(self.aside_view):
                sprite.src = self.block_rect(sprite)
                sprite.t = 0.0
                sprite.place = ("supply", player, sprite.length, slots[sprite.length])
                slots[sprite.length] += 1
                self.board.change_layer(sprite, 1)  # over the panel's edge on its way back
                moving.append(sprite)
            self.aside_view = []
            self.flying.extend(moving)

        def landed() -> None:
            p = PLAYERS.index(player)
            for sprite in moving:
                sprite.kill()
                self.shown_supply[6 * p + sprite.length - 1] += 1
                if sprite in self.flying:
                    self.flying.remove(sprite)

        def glide(t: float) -> None:
            for sprite in moving:
                sprite.t = t

        self.queue.add(Tween(FLASH, flash, ease=linear), on_start=flash_start)
        self.queue.add(Tween(SLIDE + 0.1, glide, landed), on_start=slide_start)

    @effect("bank")
    def on_bank(self, e: dict, play: MovePlay) -> None:
        player, lengths = play.mover, e["lengths"]
        moving: list[kit.BlockSprite] = []

        def start() -> None:
            stones, side = " + ".join(map(str, lengths)), self.side_name(player)
            if len(lengths) > 1:
                text = _("{side} banks {stones} = {total}").format(side=side, stones=stones,
                                                                   total=sum(lengths))
            else:
                text = _("{side} banks {stones}").format(side=side, stones=stones)
            self.show_banner(text, 2.0)
            self.cue("score")
            self.burst(self.layout.tray.center, theme.GOOD, 16)
            row = self.rows_view[player]
            for sprite in list(self.aside_view):
                sprite.src = self.block_rect(sprite)
                sprite.t = 0.0
                sprite.place = ("row", player, len(row))
                row.append(sprite)
                moving.append(sprite)
            self.aside_view = []

        tweens = []
        for k in range(len(lengths)):
            def glide(t: float, k: int = k) -> None:
                if k < len(moving):
                    self._slide(moving[k], t)
            tweens.append(Tween(SLIDE + 0.1, glide, ease=ease_in_out, delay=0.07 * k))
        self.queue.add(*tweens, on_start=start)

    @effect("end")
    def on_end(self, e: dict, play: MovePlay) -> None:
        def start() -> None:
            self.banner_t = 0.0

        def grow(t: float) -> None:
            self.end_card = t

        self.queue.add(Tween(END_CARD, grow, ease=ease_out_cubic), on_start=start)
        super().on_end(e, play)

    # -- the end ------------------------------------------------------------------------------
    def end_lines(self) -> list[str]:
        """Why the game ended, in words (the board's note and the end card share them)."""
        d = self.rules.outcome(self.state).detail
        roller, value = self.side_name(d["ended_by"]), d["value"]
        lines = [_("{side} rolled a {value}: all three {value}s already lie in {side}'s row, "
                   "so the game ended at once.").format(side=roller, value=value)]
        if d["uncounted"]:
            lines.append(_("Set aside that turn and not counted: {stones}.").format(
                stones=", ".join(map(str, d["uncounted"]))))
        return lines

    def result_parts(self, outcome):
        d = outcome.detail
        table = [["", self.side_name("blue"), self.side_name("brown")],
                 [_("Stones in the row"), str(d["blue"]["stones"]), str(d["brown"]["stones"])],
                 [_("Final row length"), str(d["blue"]["length"]), str(d["brown"]["length"])]]
        reasons = self.end_lines()
        reasons.append(_("The longer row wins.") if outcome.winner != "draw" else _("Equal lengths: a draw."))
        won, lost = self.winner_first(outcome.winner)
        margin = _("Rows of {won} and {lost}").format(won=d[won]["length"], lost=d[lost]["length"])
        return margin, reasons, table

    # -- drawing --------------------------------------------------------------------------------
    def card_picture(self) -> pygame.Surface:
        return kit.picture(self.state)

    def make_layout(self, size: tuple[int, int]) -> kit.Layout:
        return kit.Layout.of(size)

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        kit.draw_table(surface, self.layout)

    def block_rect(self, sprite: kit.BlockSprite) -> kit.Rect4:
        """Where a block is drawn now (between its source and its place while it moves)."""
        dest = self.rest_rect(sprite)
        return dest if sprite.src is None else kit.lerp_rect(sprite.src, dest, sprite.t)

    def rest_rect(self, sprite: kit.BlockSprite) -> kit.Rect4:
        lay = self.layout
        place = sprite.place
        if place[0] == "row":
            return lay.row_rect(place[1], [b.length for b in self.rows_view[place[1]]], place[2])
        if place[0] == "aside":
            return lay.aside_rect([b.length for b in self.aside_view], self.aside_view.index(sprite))
        return lay.supply_rect(place[1], place[2], place[3])

    def update_sprites(self) -> None:
        self.board.update(self.layout, self.rest_rect)

    def board_key(self) -> tuple | None:
        # without a key the whole table was drawn again every frame while the computer
        # thought (2 ms a frame at 1280×720, most of it the blit of the table's layer)
        over = self.state.over
        ending = over and not (self.queue.busy and self.end_card == 0)
        # while a person chooses, the live buttons and the odds under them: the position's
        # (its words in the current language, the keys in the device's glyphs) and which
        # button is lit
        g = self.app.glyphs()
        person = ((self.state, i18n.language(), g[CONFIRM], g[ALTERNATE], self.choice) if self.awaiting_human
                  else None)
        return (self.shown_mover(), tuple(map(self.side_name, PLAYERS)), self.drawn_rows(),
                self.tray_words(), self.tray_flash, self.die_face, self.die_owner,
                over and self.end_card > 0, (self.end_card, tuple(self.end_lines())) if ending else None,
                person)

    def key_area(self, before: tuple, after: tuple) -> list[pygame.Rect] | None:
        """The light moving from one button to the other (the arrows, the mouse over them):
        the two buttons; anything else: the whole table."""
        person, person2 = before[-1], after[-1]
        if before[:-1] != after[:-1] or person is None or person2 is None or person[:-1] != person2[:-1]:
            return None
        lay = self.layout
        return [lay.roll.inflate(8, 8), lay.stop.inflate(8, 8)]

    def board_changes(self) -> list[pygame.Rect]:
        # a tumbling die is drawn again where it was and is, like a sprite: the whole table
        # every frame of a roll was most of a frame's millisecond at 1920×1080
        parts = super().board_changes()
        motion, self._die_shown = self._die_shown, (self.die_dy, self.die_angle)
        if motion != self._die_shown:
            lay = self.layout
            spot = kit.die_bounds(lay, self.die_dy)
            if motion is not None:
                spot = spot.union(kit.die_bounds(lay, motion[0]))
            parts = areas.merged([*parts, spot], self.frame.board)
        return parts

    def draw_board(self, surface: pygame.Surface) -> None:
        lay = self.layout
        active = self.shown_mover()
        rows = self.drawn_rows()
        for k, p in enumerate(PLAYERS):
            kit.draw_row_label(surface, lay, p, self.side_name(p), rows[k], p == active)
        kit.draw_tray_label(surface, lay, self.tray_words(), self.tray_flash)
        kit.draw_die(surface, lay, self.die_face, self.die_owner, self.die_dy, self.die_angle,
                     self.state.over and self.end_card > 0)
        if self.state.over and not (self.queue.busy and self.end_card == 0):
            kit.draw_game_over(surface, lay, [(_("Game over"), theme.ACCENT)]
                               + [(line, theme.INK) for line in self.end_lines()], self.end_card)
        else:
            self.draw_choices(surface)
        self.board.draw(surface)

    def tray_words(self) -> str:
        owner = self.anim_player or self.state.turn
        aside = self.drawn_aside()
        side = self.side_name(owner)
        if not aside:
            return _("Set aside this turn ({side})").format(side=side)
        stones = " + ".join(map(str, aside))
        over = self.state.over and not self.queue.busy
        if len(aside) == 1:  # one stone is its own sum ("5 = 5" said nothing)
            text = (_("Set aside this turn ({side}):  {stone}   not counted: the game ended") if over
                    else _("Set aside this turn ({side}):  {stone}"))
            return text.format(side=side, stone=stones)
        if over:
            text = _("Set aside this turn ({side}):  {stones} = {total}   not counted: the game ended")
            return text.format(side=side, stones=stones, total=sum(aside))
        return _("Set aside this turn ({side}):  {stones} = {total}").format(side=side, stones=stones,
                                                                              total=sum(aside))

    def draw_choices(self, surface: pygame.Surface) -> None:
        """The two big buttons with the odds of the next roll: live only while a person is
        to choose (not while a move plays or the computer thinks)."""
        lay, s = self.layout, self.layout.c  # the controls' own scale
        st = self.state
        live = self.awaiting_human
        g = self.app.glyphs()
        labels = {"roll": _("Roll again") if st.aside and live else pgettext("die", "Roll"),
                  "stop": pgettext("die", "Stop")}
        for name, rect in (("roll", lay.roll), ("stop", lay.stop)):
            on = live and self.enabled(name)
            key = g[CONFIRM] if name == "roll" else g[ALTERNATE]
            kit.draw_choice(surface, lay, rect, labels[name], key if live else "", on,
                            live and self.choice == name)
        if not live:
            return
        odds = chance(st)
        y, x = lay.roll.bottom + 12 * s, lay.roll.x
        chip = kit.chip_size(s)
        label = _("next roll:")
        label_w = theme.text_width(label, int(20 * s))
        if not kit.odds_label_beside(s):  # no room beside: the label above
            drawn = theme.draw_text(surface, label, (x, y), int(20 * s), theme.INK_DIM)
            y, chips_x = drawn.bottom + 4 * s, x
        else:
            chips_x = x + label_w + 8 * s
            theme.draw_text(surface, label, (x, y + chip / 2), int(20 * s), theme.INK_DIM, "midleft")
        kit.face_chips(surface, chips_x, y, chip, odds)
        y += chip + 12 * s  # the words span both columns: they are longer than a button
        step = max(24 * s, theme.font(int(24 * s)).get_linesize())
        for text, color in self.risk_lines():
            theme.draw_text(surface, text, (x, y), int(24 * s), color)
            y += step
        if lay.legend:
            kit.draw_faces_legend(surface, lay, x, y + 6 * s, lay.lane_x + lay.lane_w - x)
        x, y = lay.stop.x, lay.stop.bottom + 14 * s
        if self.enabled("stop"):
            now, gain = st.length(st.to_move), sum(st.aside)
            text = _("Bank +{gain}: row {now} -> {after}").format(gain=gain, now=now, after=now + gain)
            theme.draw_text(surface, text, (x, y), int(24 * s), theme.GOOD)
        else:
            theme.draw_text(surface, _("Needs a stone set aside first"), (x, y + 2 * s), int(21 * s),
                            theme.INK_FAINT)

    def risk_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The risk of the next roll in words, from the engine's ``chance``."""
        odds = chance(self.state)
        bust_values = ", ".join(map(str, odds["bust_values"]))
        end_values = ", ".join(map(str, odds["end_values"]))
        bust, end = kit.pct(odds["bust"]), kit.pct(odds["end"])
        if bust_values:
            bust_text = _("Bust {chance}  ({values} already aside)").format(chance=bust, values=bust_values)
        else:
            bust_text = _("Bust {chance}").format(chance=bust)
        if end_values:
            end_text = _("Ends the game {chance}  (all three {values}s in the row)").format(chance=end,
                                                                                           values=end_values)
        else:
            end_text = _("Ends the game {chance}").format(chance=end)
        bust_ink = theme.BAD if odds["bust"] else theme.INK_DIM
        end_ink = theme.ACCENT if odds["end"] else theme.INK_DIM
        return [(bust_text, bust_ink), (end_text, end_ink)]

    def status(self) -> tuple[str, tuple[int, int, int]]:
        st = self.state
        if self.queue.busy and self.anim_player:
            player = self.player_name(self.anim_player)
            text = _("{player} stops") if self.anim_verb == "stops" else _("{player} rolls")
            return text.format(player=player), self.side_ink(self.anim_player)
        if st.over:
            return _("Game over"), theme.ACCENT
        player = self.player_name(st.to_move)
        if st.aside:
            return _("{player}: roll again or stop?").format(player=player), self.side_ink(st.to_move)
        return _("{player} to roll").format(player=player), self.side_ink(st.to_move)

    def controls(self) -> str:
        if self.app.last_device == "mouse":
            return _("Click Roll or Stop   Right-click: stop   Hover: choose")
        if self.app.last_device == TOUCH:
            return _("Tap Roll or Stop")
        g = self.app.glyphs()
        return _("{left_right}: choose   {confirm}: press it   {alternate}: stop   "
                 "{undo}/{redo}: undo/redo   {menu}: menu").format(left_right=either(g, LEFT, RIGHT),
                                                                  confirm=g[CONFIRM], alternate=g[ALTERNATE],
                                                                  undo=g[UNDO], redo=g[REDO], menu=g[MENU])

    # -- the side panel ---------------------------------------------------------------------
    def panel_key(self) -> tuple:
        return (id(self.state), self.queue.busy, self.shown_mover(), len(self.history),
                tuple(self.shown_supply), tuple(map(sum, self.drawn_rows())))

    def panel_subtitle(self) -> str:
        if self.set_up:
            return self.level_title()
        return _("{board}   {side} started (random)").format(board=self.level_title(),
                                                           side=self.side_name(self.start_player))

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> float:
        lay = self.layout
        names = {p: self.side_name(p) for p in PLAYERS}
        kit.draw_supplies(surface, lay, self.shown_supply, self.drawn_rows(), self.shown_mover(), names)
        pitch = lay.supply_header_y[PLAYERS[-1]] - lay.supply_header_y[PLAYERS[0]]
        return lay.supply_header_y[PLAYERS[-1]] + pitch - 8 * s

    def move_words(self, before, move, effects: list[dict], after) -> str:
        """The last roll or stop and what came of it: "R4: a 4 set aside", "S: banks 3 + 6 =
        9"; nothing while the die is in the air (its entry reads "...")."""
        if self.queue.busy:
            return ""
        text = self.rules.move_text(move, before)
        for e in effects:
            if e["type"] == "aside":
                return _("{move}: a {length} set aside").format(move=text, length=e["length"])
            if e["type"] == "bust":
                stones = ", ".join(map(str, e["returned"]))
                return ngettext("{move}: a repeat, {stones} goes back", "{move}: a repeat, {stones} go back",
                                len(e["returned"])).format(move=text, stones=stones)
            if e["type"] == "end":
                return _("{move}: the game ends").format(move=text)
            if e["type"] == "bank":
                lengths = e["lengths"]
                stones = " + ".join(map(str, lengths))
                if len(lengths) > 1:
                    return _("{move}: banks {stones} = {total}").format(move=text, stones=stones,
                                                                         total=sum(lengths))
                return _("{move}: banks {stones}").format(move=text, stones=stones)
        return ""

    def turn_lines(self) -> list[tuple[str, str]]:
        """The moves so far grouped by turn: (player, "R3 R6 S+9"); the last one reads "..."
        while its die is still in the air."""
        return [(p, " ".join(texts)) for p, texts in self.turns()]

    def turns(self) -> list[tuple[str, list[str]]]:
        """The moves by turn, the notation's words ("R6 bust", "R3 end") in the current
        language (letters and numbers as the notation writes them)."""
        words = {"bust": pgettext("notation", "bust"), "end": pgettext("notation", "end")}

        def shown(text: str) -> str:
            head, _sep, word = text.rpartition(" ")
            return f"{head} {words[word]}" if head and word in words else text
        out = [(p, [shown(t) for t in texts]) for p, texts in super().turns()]
        if out and self.queue.busy:  # not before the die has landed
            out[-1] = (out[-1][0], out[-1][1][:-1] + ["..."])
        return out
