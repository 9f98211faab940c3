"""A game as a picture (``game.scenes.picture``, ``game.ui.apng``): every game's record drawn
off-screen and written as an animated PNG, read back here with a reader of the tests' own
(every chunk's CRC, the frames decoded with zlib and laid over each other as a viewer does);
the places a player finds it (the end card, the replay, the Load game list) and a disk that
refuses the file."""
import errno
import io
import random
import struct
import subprocess
import sys
import zlib

import pygame
import pytest
from driver import DT, after_guard, run

from game import catalogue
from game.match import Match
from game.persistence import saves, storage
from game.scenes.hosts import picture
from game.scenes.hosts.replay import ReplayScene
from game.scenes.menus.overlay import AskScene, ResultScene
from game.scenes.menus.saves_menu import LoadScene
from game.ui import apng

SIGNATURE = b"\x89PNG\r\n\x1a\n"


# -- a reader of the tests' own ------------------------------------------------------------------
def read_chunks(data):
    """The chunks of a PNG, each CRC checked."""
    assert data[:8] == SIGNATURE, "no PNG signature"
    pos, out = 8, []
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        (crc,) = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF, f"a bad CRC in {kind!r}"
        out.append((kind, body))
        pos += 12 + n
    assert pos == len(data) and out[-1][0] == b"IEND"
    return out


def decode(data):
    """``(width, height, acTL's frame count, frames, sequence numbers)``; a frame is its
    fcTL's fields and the RGBA of its rectangle."""
    chunks = read_chunks(data)
    assert chunks[0][0] == b"IHDR"
    width, height, depth, colour, _method, _filter, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    assert (depth, colour, interlace) == (8, 6, 0)  # 8-bit RGBA, not interlaced
    frames, sequence, count, control, parts = [], [], None, None, []

    def close():
        if control is not None:
            raw = zlib.decompress(b"".join(parts))
            stride = control["w"] * 4
            assert len(raw) == control["h"] * (stride + 1)
            rows = [raw[r * (stride + 1):(r + 1) * (stride + 1)] for r in range(control["h"])]
            assert all(row[0] == 0 for row in rows)  # filter type 0, as the writer says
            frames.append((control, b"".join(row[1:] for row in rows)))

    for kind, body in chunks:
        if kind == b"acTL":
            count, _plays = struct.unpack(">II", body)
        elif kind == b"fcTL":
            close()
            seq, w, h, x, y, num, den, dispose, blend = struct.unpack(">IIIIIHHBB", body)
            sequence.append(seq)
            control = dict(w=w, h=h, x=x, y=y, delay=num / (den or 100), dispose=dispose, blend=blend)
            parts = []
        elif kind == b"IDAT":
            assert len(frames) == 0 and control is not None  # the first frame is the PNG's own picture
            parts.append(body)
        elif kind == b"fdAT":
            sequence.append(struct.unpack(">I", body[:4])[0])
            parts.append(body[4:])
    close()
    return width, height, count, frames, sequence


def shown(width, height, frames):
    """Each frame as a viewer shows it (RGBA), laid over the frames before it."""
    canvas = bytearray(width * height * 4)
    out = []
    for c, pixels in frames:
        assert c["dispose"] == 0 and c["x"] + c["w"] <= width and c["y"] + c["h"] <= height
        stride = c["w"] * 4
        for r in range(c["h"]):
            row = pixels[r * stride:(r + 1) * stride]
            at = ((c["y"] + r) * width + c["x"]) * 4
            if c["blend"] == 0:  # source: replaces
                canvas[at:at + stride] = row
                continue
            alphas = row[3::4]  # over: only opaque and clear pixels are written
            assert not alphas.translate(None, b"\x00\xff"), "a half-transparent pixel"
            i = alphas.find(b"\xff")
            while i >= 0:
                j = alphas.find(b"\x00", i)
                j = len(alphas) if j < 0 else j
                canvas[at + 4 * i:at + 4 * j] = row[4 * i:4 * j]
                i = alphas.find(b"\xff", j)
        out.append(bytes(canvas))
    return out


def changed(before, after, width):
    """The rectangle round the pixels that differ (by the bits of the pictures' XOR, as
    numbers: the first and last differing byte of each row), or None."""
    stride = width * 4
    box = None
    for y in range(len(after) // stride):
        a, b = before[y * stride:(y + 1) * stride], after[y * stride:(y + 1) * stride]
        if a == b:
            continue
        x = int.from_bytes(a, "big") ^ int.from_bytes(b, "big")
        first = (stride * 8 - x.bit_length()) // 8
        last = stride - 1 - ((x & -x).bit_length() - 1) // 8
        left, right = first // 4, last // 4 + 1
        if box is not None:
            left, right = min(box[0], left), max(box[2], right)
        box = (left, y if box is None else box[1], right, y + 1)
    return None if box is None else (box[0], box[1], box[2] - box[0], box[3] - box[1])


def region(rgba, width, rect):
    x, y, w, h = rect
    return b"".join(rgba[((y + r) * width + x) * 4:((y + r) * width + x + w) * 4] for r in range(h))


# -- the writer ----------------------------------------------------------------------------------
def test_the_writer_keeps_only_what_changed():
    w, h = 5, 4
    blank = bytes([10, 20, 30, 255]) * (w * h)
    dot = bytearray(blank)
    dot[(2 * w + 3) * 4:(2 * w + 3) * 4 + 4] = bytes([200, 0, 0, 255])
    assert apng.changed_box(blank, bytes(dot), w, h) == (3, 2, 1, 1)
    assert apng.changed_box(blank, blank, w, h) is None
    # two pixels far apart: one rectangle round both, the pixels between left clear
    two = bytearray(dot)
    two[0:4] = bytes([0, 0, 200, 255])
    assert apng.changed_box(bytes(dot), bytes(two), w, h) == (0, 0, 1, 1)
    assert apng.changed_box(blank, bytes(two), w, h) == (0, 0, 4, 3)
    kept = apng.only_changed(bytes([1, 2, 3, 255, 9, 9, 9, 255]), bytes([1, 2, 3, 255, 9, 9, 8, 255]))
    assert kept == bytes([0, 0, 0, 0, 9, 9, 8, 255])
    three = bytearray(two)  # both corners of a rectangle change; the pixels between them do not
    three[(2 * w + 3) * 4:(2 * w + 3) * 4 + 4] = bytes([0, 200, 0, 255])
    data = apng.encode([(blank, 500), (bytes(dot), 500), (bytes(dot), 2000), (bytes(three), 500)], w, h)
    width, height, count, frames, sequence = decode(data)
    assert (width, height, count) == (w, h, 4)
    assert sequence == list(range(len(sequence)))
    assert [(c["x"], c["y"], c["w"], c["h"]) for c, _ in frames] == [(0, 0, 5, 4), (3, 2, 1, 1), (0, 0, 1, 1),
                                                                     (0, 0, 4, 3)]
    assert [c["delay"] for c, _ in frames] == [0.5, 0.5, 2.0, 0.5]
    assert shown(w, h, frames) == [blank, bytes(dot), bytes(dot), bytes(three)]
    alphas = frames[3][1][3::4]  # inside the last rectangle only its two corners are drawn
    assert alphas.count(255) == 2 and alphas.count(0) == 4 * 3 - 2


def test_a_wrong_frame_is_refused():
    writer = apng.Writer(2, 2)
    with pytest.raises(ValueError):
        writer.add(bytes(3 * 4), 100)
    with pytest.raises(ValueError):
        writer.finish()


# -- every game ----------------------------------------------------------------------------------
def short_game(game_id, moves=7, seed=5):
    """A short random game through the rules (fewer moves when it ends first)."""
    match = Match(game_id, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.state.over:
            break
        match.play(match.rules.random_move(match.state, rng))
    return match.record()


def exported(app, record, monkeypatch, name=""):
    """The export of ``record`` and the frames it drew, as it drew them."""
    drawn = []
    real = apng.Writer.add

    def add(self, rgba, delay):
        drawn.append(rgba)
        real(self, rgba, delay)

    monkeypatch.setattr(apng.Writer, "add", add)
    job = picture.export(app, record, name)
    assert job.path is not None, job.problem
    return job, job.path.read_bytes(), drawn


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_every_game_exports_as_an_animated_png(app, monkeypatch, game_id):
    record = short_game(game_id)
    job, data, drawn = exported(app, record, monkeypatch)
    assert job.path.parent == storage.home() / "pictures" and job.path.suffix == ".png"
    width, height, count, frames, sequence = decode(data)
    positions = len(record.moves) + 1
    assert count == len(frames) == positions + picture.HOLDS == picture.frame_count(record)
    assert sequence == list(range(len(sequence))) and len(sequence) == 2 * count - 1
    assert width == picture.WIDTH
    # the first frame is an ordinary PNG's picture
    first = pygame.image.load(io.BytesIO(data), "first.png")
    assert first.get_size() == (width, height)
    # a viewer shows, frame by frame, exactly what was drawn
    pictures = shown(width, height, frames)
    assert pictures == drawn
    # each move shows on the board: its pixels differ from the position before
    board = job.board_box
    assert board.width == width and 0 < board.height < height
    for k in range(1, positions):
        assert region(pictures[k], width, board) != region(pictures[k - 1], width, board), f"move {k}"
    # the hold: the result over the last position, shown longest
    assert region(pictures[-1], width, board) != region(pictures[-2], width, board)
    assert frames[-1][0]["delay"] == max(c["delay"] for c, _ in frames)
    # small: a move is the rectangle it changed, not another whole picture
    for k in range(1, count):
        c = frames[k][0]
        assert (c["x"], c["y"], c["w"], c["h"]) == (changed(drawn[k - 1], drawn[k], width) or (0, 0, 1, 1))
    assert len(data) < sum(len(zlib.compress(rgba, 9)) for rgba in drawn)


def test_a_finished_game_says_who_won_in_the_players_language(app, monkeypatch):
    from game import i18n

    match = Match("gauss", seed=4)
    rng = random.Random(4)
    while not match.state.over:
        match.play(match.rules.random_move(match.state, rng))
    record = match.record()
    record.seats = {"red": "human", "blue": "hard"}
    i18n.set_language("de")
    job, data, _drawn = exported(app, record, monkeypatch)
    winner = match.rules.outcome(match.state).winner
    assert job.result[0] in ("Unentschieden", f"{'Rot' if winner == 'red' else 'Blau'} gewinnt!")
    assert job.head == ("GAUSS – das magnetische Duell · Klassisch",
                        "Rot: ein Mensch · Blau: Computer (schwer)")
    # the picture carries the game itself as a text record
    texts = [body for kind, body in read_chunks(data) if kind == b"iTXt"]
    assert any(body.startswith(b"Comment\x00") and b"Game: gauss" in body for body in texts)


def test_a_second_picture_of_a_game_does_not_replace_the_first(app, monkeypatch):
    record = short_game("gauss", moves=3)
    first = exported(app, record, monkeypatch, "Friday")[0].path
    second = exported(app, record, monkeypatch, "Friday")[0].path
    assert first.name == "Friday.png" and second.name == "Friday 2.png"
    assert first.exists() and second.exists()


@pytest.mark.parametrize("err, words", [(errno.ENOSPC, "the disk is full"),
                                        (errno.EROFS, "the pictures folder is read-only"),
                                        (errno.EACCES, "the pictures folder may not be written to")])
def test_a_disk_that_refuses_the_picture_says_so(app, monkeypatch, err, words):
    record = short_game("rush", moves=3)
    folder = storage.home() / "pictures"
    folder.mkdir(parents=True)
    (folder / "Kept.png").write_bytes(b"an older picture")

    def refused(fd):  # the disk takes the bytes, then refuses to keep them
        raise OSError(err, "simulated")

    monkeypatch.setattr(storage.os, "fsync", refused)
    job = picture.export(app, record, "Kept")
    monkeypatch.undo()
    assert job.done and job.path is None
    text, bad = job.said()
    assert bad and text == f"The animation could not be exported: {words}."
    assert (folder / "Kept.png").read_bytes() == b"an older picture"  # nothing lost
    assert sorted(p.name for p in folder.iterdir()) == ["Kept.png"]  # and nothing half written


def test_a_picture_that_cannot_be_drawn_says_so(app, monkeypatch):
    record = short_game("gauss", moves=3)
    record.moves.append({"cell": [99, 99], "color": "red"})  # no such cell: the rules refuse it
    job = picture.export(app, record)
    assert job.done and job.path is None
    assert job.said()[1] and "could not be drawn" in job.said()[0]
    assert not (storage.home() / "pictures").exists()


# -- where a player finds it -----------------------------------------------------------------------
def finish_a_game(app, game_id="gauss", seed=4):
    app.start_game(game_id, seed=seed)
    scene = app.stack.top
    rng = random.Random(seed)
    while not scene.state.over:
        scene.commit(scene.rules.random_move(scene.state, rng), animate=False)
    scene.show_result()
    return scene


def test_the_end_card_exports_the_game_and_says_where(app):
    scene = finish_a_game(app)
    card = app.stack.top
    assert isinstance(card, ResultScene)
    after_guard(app)
    labels = [item.label for item in card.menu.items]
    card.menu.index = labels.index("Export as animation")
    run(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)])
    assert card.exporting is not None
    notes = list(card.notes)
    assert card.menu.items[card.menu.index].label.startswith("Exporting the animation... ")
    assert card.next_change() == 0.0  # the export goes on by itself
    for _ in range(2000):
        if card.exporting.done:
            break
        run(app)
        assert card.exporting.done or card.menu.items[card.menu.index].label.startswith("Exporting")
    path = card.exporting.path
    assert path is not None and path.exists() and path.parent == storage.home() / "pictures"
    told = app.stack.top  # where it went, on a panel of its own: the card keeps its size
    assert isinstance(told, AskScene) and told.title == "Exported"
    assert told.lines == [f"Exported as {path.resolve()}: an animated picture to share."]
    run(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)])
    assert app.stack.top is card and card.notes == notes and scene.state.over  # as they were
    assert card.menu.items[card.menu.index].label == "Export as animation"
    read_chunks(path.read_bytes())


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_end_card_keeps_every_item_on_the_card_however_many_lines_it_has(app, size):
    finish_a_game(app, "sparks", seed=4)  # a table of five rows and two reasons
    card = app.stack.top
    card.saved("Sparks Surges 2026-11-26 07h24")
    card.card.reasons.append("One hint was used.")
    surface = pygame.Surface(size)
    card.draw(surface)
    assert card.menu.rects[-1].bottom <= card.box.bottom
    assert card.menu.rects[0].top >= card.box.top


def test_the_replay_and_the_list_of_saves_export_a_saved_game(app):
    scene = finish_a_game(app, "order", seed=2)
    record = scene.record()
    saves.save_as("Sunday", record)
    app.to_title()
    replay = ReplayScene(app, saves.examine(saves.path_of("Sunday"))[0], "Sunday")
    app.stack.push(replay)
    run(app)
    button = replay.buttons["export"]
    assert button.rect.width > 0
    run(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)])
    assert replay.exporting is not None and replay.notice.startswith("Exporting")
    while not replay.exporting.done:
        run(app)
    assert replay.exporting.path == storage.home() / "pictures" / "Sunday.png"
    assert replay.notice.startswith("Exported as") and not replay.notice_bad
    run(app)  # the line over the bar draws
    app.stack.pop()
    menu = LoadScene(app)
    app.stack.push(menu)
    menu.choose([e.name for e in menu.entries].index("Sunday"))
    ask = app.stack.top
    answers = [item.label for item in ask.menu.items]
    ask.menu.index = answers.index("Export as animation")
    run(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)])
    assert app.stack.top is menu and menu.exporting is not None
    while not menu.exporting.done:
        run(app)
    run(app, frames=2)
    assert menu.exporting.path == storage.home() / "pictures" / "Sunday 2.png"
    assert menu.message.startswith("Exported as") and not menu.message_bad
    assert "Sunday" in saves.list_saves()  # the save itself untouched


def test_a_screen_left_mid_export_stops_it(app):
    scene = finish_a_game(app, "rush", seed=3)
    card = app.stack.top
    card.export_picture()
    card.exporting.step(0.0)
    job = card.exporting
    assert not job.done
    app.stack.pop()  # "Look at the board"
    card.closed()
    assert job.done and job.path is None and job.scene is None
    assert not (storage.home() / "pictures").exists()
    assert app.stack.top is scene
    run(app, frames=int(0.2 / DT))


def test_a_picture_half_written_by_a_killed_game_is_cleared_at_the_next_start():
    from game.app.app import Options
    from game.navigation import make_app

    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True).stdout.strip()
    folder = storage.home() / "pictures"
    folder.mkdir(parents=True)
    (folder / f".GAUSS.png.{gone}-ab12.tmp").write_bytes(b"half a picture")
    (folder / "GAUSS.png").write_bytes(b"a whole one")
    make_app(Options(headless=True)).shutdown()
    assert sorted(p.name for p in folder.iterdir()) == ["GAUSS.png"]


# -- the command line ------------------------------------------------------------------------------
def test_the_command_line_draws_a_save_or_a_text_record(capsys):
    from game import cli
    from game.content import records

    record = short_game("order", moves=4)
    saves.save_as("Sunday", record)
    assert cli.main(["--export-animation", str(saves.path_of("Sunday"))]) == 0
    out = capsys.readouterr().out.strip()
    path = storage.home() / "pictures" / "Sunday.png"
    assert out == f"Exported as {path.resolve()}: an animated picture to share." and path.exists()
    text = records.export("Monday", record.to_json())
    assert cli.main(["--export-animation", str(text)]) == 0
    assert (storage.home() / "pictures" / "Monday.png").exists()
    assert decode((storage.home() / "pictures" / "Monday.png").read_bytes())[2] == picture.frame_count(record)


def test_the_command_line_says_why_a_file_cannot_be_drawn(tmp_path, capsys):
    from game import cli

    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert cli.main(["--export-animation", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"gauss-arcade: {bad} cannot be drawn: ") and "Traceback" not in err
    assert cli.main(["--export-animation", str(tmp_path / "none.json")]) == 1
    assert "there is no such file" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stopped:
        cli.main(["--export-animation", str(bad), "--demo"])
    assert stopped.value.code == 2
    assert not (storage.home() / "pictures").exists()
