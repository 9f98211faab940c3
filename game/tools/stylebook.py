"""The style guide's pictures (docs/style.md): one PNG per rule, drawn by the code they
describe, so that they cannot drift from it:

    python -m game.gallery DIR --style docs/style

``palette.png`` the colours and their meanings; ``type.png`` the type scale at the three
window sizes; ``marks.png`` the six marks side by side; ``marks-<game>.png`` each game's
real board (a position from random moves, drawn by its kit) with its marks on it;
``panel.png`` a panel with its spacing, a menu with focus and the buttons;
``palette-high-contrast.png`` the colours of Settings → Contrast: high; ``shapes.png`` the
meanings a colour shares with a shape (GAUSS's arrows and rings, right and wrong);
``vision.png`` the marks and those shapes as protanopes, deuteranopes and tritanopes see them
(``game.colour_vision``).
"""
from __future__ import annotations

import random
from pathlib import Path

import pygame

from .. import catalogue, colour_vision, palette
from ..rules.order import PLAYERS as ORDER_PLAYERS
from ..rules.sparks import LETTERS, NAMES
from ..ui import marks, theme
from ..ui.kits import gauss, improbable, order, rush, sparks
from ..ui.widgets import Button, Item, Menu

#: the palette's names, with what each colour means (English: a picture for the docs, not a screen)
MEANING = [
    ("BG", "the screen"), ("BG_PANEL", "panels, cards"), ("BG_PANEL_HI", "a raised panel, a row in focus"),
    ("INK", "text"), ("INK_DIM", "secondary text, coordinates"), ("INK_FAINT", "disabled, hints"),
    ("ACCENT", "where you are: cursor, focus, headline"), ("GOOD", "allowed, gained: targets, right"),
    ("BAD", "danger, refused, lost, wrong"), ("LAST", "the last move"), ("SELECT", "a selection"),
    ("RIM", "the dark rim of every mark"),
]


def swatches() -> list[tuple[str, palette.RGB, str]]:
    """``(name, colour, meaning)`` in the theme in use."""
    return [(name, getattr(palette, name), meaning) for name, meaning in MEANING]


#: the standard theme's swatches (kept for whoever read them)
SWATCHES = swatches()


def label(surface: pygame.Surface, text: str, pos, size: int = 20, color=palette.INK_DIM, anchor="topleft",
          bold: bool = False) -> pygame.Rect:
    return theme.draw_text(surface, text, pos, size, color, anchor, bold)


def palette_picture() -> pygame.Surface:
    shown = swatches()
    surface = pygame.Surface((760, 40 + 36 * (len(shown) + len(palette.SIDES))))
    surface.fill(palette.BG)
    y = 12
    for name, rgb, meaning in shown:
        pygame.draw.rect(surface, rgb, (16, y, 56, 28), border_radius=4)
        pygame.draw.rect(surface, palette.INK_FAINT, (16, y, 56, 28), 1, border_radius=4)
        label(surface, name, (86, y + 14), 22, palette.INK, "midleft", True)
        label(surface, "#{:02x}{:02x}{:02x}".format(*rgb), (250, y + 14), 20, palette.INK_DIM, "midleft")
        label(surface, meaning, (350, y + 14), 22, palette.INK, "midleft")
        y += 36
    y += 12
    for side, tint in palette.SIDES.items():
        for k, rgb in enumerate((tint.body, tint.dark, tint.light)):
            pygame.draw.rect(surface, rgb, (16 + 40 * k, y, 36, 28), border_radius=4)
        label(surface, f"side {side}: body, dark, light", (150, y + 14), 22, palette.SIDES[side].light,
              "midleft")
        y += 36
    return surface


def high_contrast_palette_picture() -> pygame.Surface:
    """The palette of Settings → Contrast: high (the standard one is drawn again after)."""
    palette.use("high-contrast")
    try:
        return palette_picture()
    finally:
        palette.use("standard")


def shapes_picture() -> pygame.Surface:
    """Where a colour's meaning has a second kind of the same mark, the shape tells them apart:
    GAUSS's attracted and repelled arrows, its GAIN and RISK rings; right and wrong."""
    surface = pygame.Surface((880, 150))
    surface.fill(palette.BG)
    gap = 176
    x = 16
    shown = [("attracted", "solid arrow", lambda r: gauss.draw_force_arrow(
                 surface, "attract", (r.x + 8, r.centery), (r.right - 8, r.centery), 10)),
             ("repelled", "hollow, dashed arrow", lambda r: gauss.draw_force_arrow(
                 surface, "repel", (r.x + 8, r.centery), (r.right - 8, r.centery), 10)),
             ("to GAIN", "solid ring", lambda r: gauss.draw_score_ring(surface, r.center, 30, 8, False)),
             ("to RISK", "dashed ring", lambda r: gauss.draw_score_ring(surface, r.center, 30, 8, True)),
             ("right / wrong", "a tick, a cross", lambda r: (
                 theme.draw_verdict(surface, pygame.Rect(r.x + 12, r.centery - 20, 40, 40), True),
                 theme.draw_verdict(surface, pygame.Rect(r.right - 52, r.centery - 20, 40, 40), False)))]
    for name, shape, draw in shown:
        rect = pygame.Rect(x + (gap - 130) // 2, 12, 130, 76)
        pygame.draw.rect(surface, gauss.CELL_GRAY, rect, border_radius=6)
        draw(rect)
        label(surface, name, (rect.centerx, rect.bottom + 8), 22, palette.INK, "midtop", True)
        label(surface, shape, (rect.centerx, rect.bottom + 34), 17, palette.INK_DIM, "midtop")
        x += gap
    return surface


def seen_as(surface: pygame.Surface, vision: str) -> pygame.Surface:
    """``surface`` as an eye with ``vision`` sees it (``colour_vision.simulate`` per colour)."""
    out = surface.copy()
    seen: dict[tuple[int, int, int], tuple[int, int, int]] = {}
    w, h = out.get_size()
    with pygame.PixelArray(out) as pixels:
        for x in range(w):
            for y in range(h):
                c = out.unmap_rgb(pixels[x, y])
                rgb = (c.r, c.g, c.b)
                if rgb not in seen:
                    seen[rgb] = colour_vision.simulate(rgb, vision)
                pixels[x, y] = (*seen[rgb], c.a)
    return out


def vision_picture() -> pygame.Surface:
    """The marks and the shapes as each eye sees them: normal, then the three dichromacies."""
    rows = [pygame.transform.smoothscale_by(marks_picture(), 0.5), pygame.transform.smoothscale_by(
        shapes_picture(), 0.6)]
    width = max(r.get_width() for r in rows) * 2 + 48
    height = sum(r.get_height() for r in rows) * 2 + 120
    surface = pygame.Surface((width, height))
    surface.fill(palette.BG)
    for k, vision in enumerate(colour_vision.VISIONS):
        x0 = 16 + (k % 2) * (width // 2)
        y = 12 + (k // 2) * (height // 2)
        label(surface, vision, (x0, y), 22, palette.INK, bold=True)
        y += 30
        for row in rows:
            surface.blit(seen_as(row, vision), (x0, y))
            y += row.get_height()
    return surface


def type_picture() -> pygame.Surface:
    """The layout sizes the screens use, in pixels at each window size, the 14 px floor
    and Settings → Large text."""
    rows = [(64, "title"), (44, "big button"), (34, "heading"), (26, "body"), (22, "panel text"),
            (19, "small print"), (16, "the floor")]
    sizes = [((800, 600), "800x600"), ((1280, 720), "1280x720"), ((1920, 1080), "1920x1080")]
    heights = [theme.font(int(size * 1.5)).get_linesize() + 10 for size, _what in rows]
    surface = pygame.Surface((1000, 90 + sum(heights)))
    surface.fill(palette.BG)
    label(surface, "layout size", (16, 14), 20)
    for k, (_size, name) in enumerate(sizes):
        label(surface, name, (200 + k * 260, 14), 20)
    label(surface, f"px = max({theme.MIN_PX}, size x {theme.SIZE_FACTOR} x scale); "
          f"Large text x{theme.LARGE_TEXT}", (16, surface.get_height() - 28), 18, palette.INK_FAINT)
    y = 48
    for (size, what), height in zip(rows, heights, strict=True):
        label(surface, f"{size}  {what}", (16, y + 10), 20, palette.INK)
        for k, (window, _name) in enumerate(sizes):
            s = theme.scale_of_size(window)
            layout_size = int(size * s)
            px = theme.px(layout_size)
            label(surface, "Aa", (200 + k * 260, y), layout_size, palette.INK)
            label(surface, f"{px} px", (200 + k * 260 + 150, y + 10), 18,
                  palette.BAD if px == theme.MIN_PX else palette.INK_DIM)
        y += height
    return surface


def marks_picture() -> pygame.Surface:
    """The six marks, each on a plain cell, its name and its shape under it."""
    cell, gap = 96, 150
    surface = pygame.Surface((gap * 7 + 16, 200))
    surface.fill(palette.BG)
    x = 16 + (gap - cell) // 2
    shown = [("cursor", lambda r: marks.cursor(surface, r)),
             ("last move", lambda r: marks.last(surface, r)),
             ("selection", lambda r: marks.selection(surface, r)),
             ("target", lambda r: marks.target(surface, r)),
             ("danger", lambda r: marks.danger(surface, r)),
             ("focus", lambda r: marks.focus(surface, r.inflate(-16, -40))),
             ("refused cursor", lambda r: marks.cursor(surface, r, refused=True))]
    words = {name: shape for name, _c, shape in marks.MEANINGS}
    words["refused cursor"] = "cursor + danger"
    for name, draw in shown:
        rect = pygame.Rect(x, 16, cell, cell)
        pygame.draw.rect(surface, sparks.LIGHT_SQ, rect)
        draw(rect)
        label(surface, name, (rect.centerx, rect.bottom + 12), 22, palette.INK, "midtop", True)
        for k, line in enumerate(theme.wrap(words[name], 17, gap - 8)):
            label(surface, line, (rect.centerx, rect.bottom + 40 + 20 * k), 17, palette.INK_DIM, "midtop")
        x += gap
    return surface


def played(gid: str, moves: int, seed: int = 5):
    record = catalogue.get(gid)
    rules = record.rules
    state = rules.new(record.builtin_level, seed=seed)
    rng = random.Random(seed)
    history = []
    for _ in range(moves):
        if state.over:
            break
        move = rules.random_move(state, rng)
        history.append(move)
        state, _effects = rules.play(state, move)
    return rules, state, history


def crop(surface: pygame.Surface, rect: pygame.Rect, width: int = 440) -> pygame.Surface:
    part = surface.subsurface(rect.clip(surface.get_rect())).copy()
    k = min(1.0, width / part.get_width())
    return pygame.transform.smoothscale(part, (round(part.get_width() * k), round(part.get_height() * k)))


def gauss_picture() -> pygame.Surface:
    rules, state, history = played("gauss", 14)
    lay = gauss.Layout((1280, 720), state.radius)
    surface = pygame.Surface((1280, 720))
    surface.fill(palette.BG)
    gauss.draw_board(surface, lay.hex, lay.geo)
    for disc in gauss.discs_of(state):
        disc.update(lay)
        surface.blit(disc.image, disc.rect)
    gauss.draw_last_move(surface, lay.hex, history[-1].cell)
    legal = {m.cell for m in rules.legal_moves(state)}
    free = sorted(legal)[len(legal) // 2]
    gauss.draw_cursor(surface, lay.hex, free, "red", True)
    taken = next(c for c in sorted(state.geo.cells) if c not in legal and c != history[-1].cell
                 and not state.geo.void[state.geo.index[c]] and state.board[state.geo.index[c]])
    gauss.draw_cursor(surface, lay.hex, taken, "red", False)
    return crop(surface, lay.frame.board)


def rush_picture() -> pygame.Surface:
    rules, state, history = played("rush", 16)
    lay = rush.Layout((1280, 720), state.size)
    g = lay.grid
    surface = pygame.Surface((1280, 720))
    surface.fill(palette.BG)
    rush.draw_goban(surface, g)
    legal = {m.cell for m in rules.legal_moves(state)}
    empty = {state.geo.cell(i) for i, c in enumerate(state.board) if not c}
    cursor = min(legal, key=lambda c: abs(c[0] - 4) + abs(c[1] - 4))
    near = {c for c in legal if max(abs(c[0] - cursor[0]), abs(c[1] - cursor[1])) <= 2}
    rush.draw_marks(surface, g, state.to_move, near, empty - legal)
    for stone in rush.stones_of(state):
        stone.update(lay)
        surface.blit(stone.image, stone.rect)
    last = history[-1].cell
    rush.draw_last_marker(surface, g, last, rush.NAME[state.board[state.geo.index(last)]], 0)
    rush.draw_preview(surface, g, state, cursor, 0)
    rush.draw_cursor(surface, g, cursor, "place", palette.ACCENT, True, 0.0)
    return crop(surface, lay.frame.board)


def sparks_picture() -> pygame.Surface:
    rules, state, history = played("sparks", 12)
    lay = sparks.Layout((1280, 720))
    geo = lay.geo
    surface = pygame.Surface((1280, 720))
    surface.fill(palette.BG)
    sparks.draw_board(surface, geo)
    moves = rules.legal_moves(state)
    by_piece: dict[str, list] = {}
    for m in moves:
        by_piece.setdefault(m.frm, []).append(m)
    selected = max(by_piece, key=lambda sq: len({sparks.marks_for(m.to, rules.play(state, m)[1])
                                                 for m in by_piece[sq]}) * 100 + len(by_piece[sq]))
    targets = sparks.destination_marks(state, selected)
    sparks.draw_selection(surface, geo, selected)
    pieces = state_pieces(state)
    for name, kinds in targets.items():
        if name not in pieces:
            surface.blit(sparks.mark_image(kinds, geo.sq), geo.rect(*sparks.square_of(name)))
    for sq, code in pieces.items():
        sprite = sparks.PieceSprite(code, sq)
        sprite.update(lay)
        surface.blit(sprite.image, sprite.rect)
    last = history[-1]
    sparks.draw_last_move(surface, geo, (last.frm, last.to))
    for name, kinds in targets.items():
        if name in pieces:
            surface.blit(sparks.mark_image(kinds, geo.sq), geo.rect(*sparks.square_of(name)))
    sparks.draw_cursor(surface, geo, next(iter(targets), selected))
    return crop(surface, geo.outer.inflate(geo.sq // 2, geo.sq // 2), 700)  # scaled, its squares blur


def state_pieces(state) -> dict[str, str]:
    return {NAMES[i]: LETTERS[v] for i, v in enumerate(state.board) if v}


def order_picture() -> pygame.Surface:
    rules, state, history = played("order", 8, seed=7)
    lay = order.Layout((1280, 720))
    geom, s = lay.geom, lay.s
    surface = pygame.Surface((1280, 720))
    surface.fill(palette.BG)
    order.draw_static_field(surface, geom)
    for k, player in enumerate(ORDER_PLAYERS):
        order.draw_collection_stones(surface, geom, player, list(state.collections[k]))
    mover = state.to_move
    coll = list(state.collections[ORDER_PLAYERS.index(mover)])
    moves = [m for m in rules.legal_moves(state) if m.end == "left"]
    columns = {m.column: any(e["type"] == "connect" for e in rules.play(state, m)[1]) for m in moves}
    order.draw_targets(surface, geom, columns, False, mover, s)
    placeable = {end: any(m.end == end for m in rules.legal_moves(state)) for end in ("left", "right")}
    order.draw_end_marks(surface, geom, mover, coll, "left", placeable, False, s)
    for k, player in enumerate(ORDER_PLAYERS):
        for col, length in enumerate(state.columns[k]):
            if length:
                order.draw_stone(surface, geom, player, col, length)
    last = history[-1]
    before = ORDER_PLAYERS[1 - ORDER_PLAYERS.index(mover)]
    length = state.columns[ORDER_PLAYERS.index(before)][last.column]
    if length:
        order.draw_last_stone(surface, geom, before, last.column, length, s)
    col = next(iter(columns), 0)
    order.draw_column_cursor(surface, geom, mover, col, coll[0], col in columns, s)
    return crop(surface, lay.frame.board)


def improbable_picture() -> pygame.Surface:
    lay = improbable.Layout.of((1280, 720))
    surface = pygame.Surface((1280, 720))
    surface.fill(palette.BG)
    improbable.draw_table(surface, lay)
    improbable.draw_tray_label(surface, lay, "a bust: the tray flashes", 1.0)
    improbable.draw_choice(surface, lay, lay.roll, "Roll", "Enter", True, True)
    improbable.draw_choice(surface, lay, lay.stop, "Stop", "Tab", False, True)
    improbable.face_chips(surface, lay.roll.x, lay.roll.bottom + 12 * lay.s, 26,
                          {"bust_values": [2, 5], "end_values": [6]})
    area = lay.tray.union(lay.roll).union(lay.stop).inflate(30, 110).move(0, 16)
    return crop(surface, area)


def panel_picture() -> pygame.Surface:
    """A side panel: its padding (20 px at 1280x720, the layouts' ``20 * s``), a menu with
    the focus on one row, a button in focus and one not."""
    surface = pygame.Surface((760, 380))
    surface.fill(palette.BG)
    panel = pygame.Rect(16, 16, 380, 348)
    pygame.draw.rect(surface, palette.BG_PANEL, panel)
    inner = panel.inflate(-40, -40)
    pygame.draw.rect(surface, palette.INK_FAINT, inner, 1)
    label(surface, "Panel", (inner.x, inner.y), 40, palette.INK, bold=True)
    label(surface, "20 px padding, 10 px between", (inner.x, inner.y + 46), 19)
    for k, (text, on) in enumerate((("Hint", True), ("Undo", False))):
        button = Button(text, lambda: None)
        button.draw(surface, pygame.Rect(inner.x, inner.y + 90 + k * 58, inner.w, 48), 26, active=on)
    label(surface, "a button in focus, one not", (inner.x, inner.y + 210), 19)
    menu = Menu([Item("Play"), Item("How to play"), Item("Settings")], size=34)
    menu.draw(surface, 570, 60)
    label(surface, "a menu: the focus row", (570, 300), 19, anchor="midtop")
    return surface


PICTURES = {"palette": palette_picture, "type": type_picture, "marks": marks_picture,
            "panel": panel_picture, "marks-gauss": gauss_picture, "marks-rush": rush_picture,
            "marks-sparks": sparks_picture, "marks-order": order_picture,
            "marks-improbable": improbable_picture, "palette-high-contrast": high_contrast_palette_picture,
            "shapes": shapes_picture, "vision": vision_picture}


def write(out: Path) -> list[Path]:
    """Every picture of the guide into ``out``; the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, draw in PICTURES.items():
        path = out / f"{name}.png"
        pygame.image.save(draw(), str(path))
        written.append(path)
    return written
