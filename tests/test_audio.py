"""Sound: the synthesized effects, the Audio player and its volume, and the moments the
scenes ask for each sound. Nothing here listens: the waveforms are checked by numbers,
and the scenes' requests are recorded instead of played."""
import io
import logging
import math
import random
import wave
from types import SimpleNamespace

import pygame
import pytest
from driver import settle

from game.rules.gauss import GAUSS
from game.scenes.menus.overlay import ResultScene
from game.ui import audio
from game.ui.audio import FULL, NAMES, RATE, Audio, samples
from game.ui.present import EndCard
from game.ui.widgets import Item, Menu


# -- the waveforms ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_each_sound_is_short_16_bit_unclipped_and_faded(name):
    data = samples(name)
    assert data.typecode == "h" and data.itemsize == 2 and len(data) > 0
    seconds = len(data) / RATE
    assert 0.03 <= seconds <= (1.5 if name == "win" else 0.6)
    peak = max(abs(s) for s in data)
    assert peak < FULL, "no sample may clip"
    assert 0.15 * FULL <= peak <= 0.6 * FULL, "audible, but well below full scale"
    # starts and ends in silence: the fades leave no click
    assert all(abs(s) <= 0.01 * FULL for s in data[:4])
    assert all(abs(s) <= 0.01 * FULL for s in data[-4:])
    assert data[0] == 0 and data[-1] == 0
    # no DC offset
    assert abs(sum(data) / len(data)) < 0.002 * FULL


def test_synthesis_is_deterministic_and_cached():
    for name in NAMES:
        assert samples(name) is samples(name)
        assert list(samples(name)) == list(audio.MAKERS[name]())  # seeded noise: same every run


@pytest.mark.parametrize("name", ["place", "win"])
def test_wav_bytes_are_a_mono_16_bit_wav_of_the_samples(name):
    with wave.open(io.BytesIO(audio.wav_bytes(name))) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, RATE)
        assert w.getnframes() == len(samples(name))


def test_the_sounds_differ_in_pitch_where_they_should():
    """The VOID tone falls, the chime is bright, the thud is low: compared by zero crossings."""
    def crossings_per_second(data, start=0.0, end=None):
        a, b = int(start * RATE), int((end or len(data) / RATE) * RATE)
        seg = data[a:b]
        flips = sum(1 for x, y in zip(seg[:-1], seg[1:], strict=True) if (x < 0) != (y < 0))
        return flips / (len(seg) / RATE)

    void = samples("void")
    assert crossings_per_second(void, 0.02, 0.12) > 1.5 * crossings_per_second(void, 0.35, 0.45)
    assert crossings_per_second(samples("score")) > 2 * crossings_per_second(samples("capture"))


def test_writing_wav_files(tmp_path, capsys):
    assert audio.main(["--write", str(tmp_path)]) == 0
    assert sorted(p.stem for p in tmp_path.glob("*.wav")) == sorted(NAMES)
    assert "synthesis of 11 sounds" in capsys.readouterr().out


# -- the player ------------------------------------------------------------------------------------
class FakeSound:
    def __init__(self, log):
        self.log = log
        self.volume = None

    def set_volume(self, v):
        self.volume = v

    def play(self):
        self.log.append(self.volume)


class Clock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


def working_audio(monkeypatch, volume=1.0):
    """An Audio over a mixer that claims to be open, with recording sounds."""
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (44100, -16, 2))
    clock = Clock()
    a = Audio(volume, clock=clock)
    assert a.enabled
    played = {name: [] for name in NAMES}
    a.sounds = {name: FakeSound(played[name]) for name in NAMES}
    return a, clock, played


def test_no_mixer_means_disabled_quietly_and_once(monkeypatch, caplog):
    def refuse(*args, **kw):
        raise pygame.error("No available audio device")

    def no_sound(*args, **kw):
        raise AssertionError("a disabled Audio must not make sounds")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    monkeypatch.setattr(pygame.mixer, "Sound", no_sound)
    monkeypatch.setattr(audio, "_said_off", False)
    with caplog.at_level(logging.INFO, logger="gauss_arcade"):
        a = Audio(0.7)
        b = Audio(0.7)
    assert not a.enabled and not b.enabled
    for name in NAMES:
        a.play(name)
    a.play("no such sound")
    a.set_volume(0.3)
    a.close()
    said = [r for r in caplog.records if r.levelno == logging.INFO and "Sound is off" in r.message]
    assert len(said) == 1


def test_set_volume_clamps_to_0_1(monkeypatch):
    a, _, _ = working_audio(monkeypatch)
    for given, kept in ((-1, 0.0), (0, 0.0), (0.25, 0.25), (1, 1.0), (7.5, 1.0), (float("nan"), 0.0),
                        ("loud", 0.0)):
        a.set_volume(given)
        assert a.volume == kept
    assert Audio(3).volume == 1.0 and Audio(-2).volume == 0.0


def test_play_uses_the_volume_and_gain_and_volume_0_is_silent(monkeypatch):
    a, clock, played = working_audio(monkeypatch, volume=0.5)
    a.play("place")
    assert played["place"] == [pytest.approx(0.25)]  # the setting squared
    clock.t += 1
    a.play("place", gain=0.5)
    assert played["place"][-1] == pytest.approx(0.125)
    a.set_volume(0)
    clock.t += 1
    a.play("place")
    a.play("win")
    assert len(played["place"]) == 2 and played["win"] == []


def test_unknown_names_do_nothing(monkeypatch, caplog):
    a, _, played = working_audio(monkeypatch)
    with caplog.at_level(logging.DEBUG, logger="gauss_arcade"):
        a.play("kazoo")
    assert all(v == [] for v in played.values())
    assert any("kazoo" in r.message for r in caplog.records)


def test_the_same_sound_at_the_same_instant_plays_once(monkeypatch):
    """Skipping an animation runs all its steps at once: one clack, not five."""
    a, clock, played = working_audio(monkeypatch)
    for _ in range(5):
        a.play("place")
    a.play("slide")
    assert len(played["place"]) == 1 and len(played["slide"]) == 1
    clock.t += audio.MIN_GAP
    a.play("place")
    assert len(played["place"]) == 2


def test_a_mixer_at_our_rate_gets_the_samples_as_they_are():
    made = {}
    fake = SimpleNamespace(mixer=SimpleNamespace(Sound=lambda buffer: made.setdefault("b", buffer)))
    audio._mixer_sound(fake, "click", (RATE, -16, 2))
    data = samples("click")
    stereo = memoryview(made["b"]).cast("h")
    assert len(stereo) == 2 * len(data)
    assert list(stereo[0::2]) == list(data) and list(stereo[1::2]) == list(data)


def test_real_mixer_sounds_when_a_mixer_opens():
    """With SDL's dummy driver the mixer usually opens; then every sound converts and plays."""
    pygame.init()
    a = Audio(0.4)
    if not a.enabled:
        pytest.skip("no mixer here, not even the dummy one")
    for name in NAMES:
        a.play(name)
        assert a.sounds[name].get_length() == pytest.approx(len(samples(name)) / RATE, abs=0.01)
    a.close()
    assert not a.enabled and pygame.mixer.get_init() is None


# -- who asks for which sound, and when ----------------------------------------------------------------
@pytest.fixture
def heard(app, monkeypatch):
    """Every sound the app is asked for: (name, gain), in order."""
    calls = []
    monkeypatch.setattr(app.audio, "play", lambda name, gain=1.0: calls.append((name, gain)))
    return calls


def names(calls):
    return [n for n, _ in calls]


def test_app_has_audio_at_the_saved_volume_and_closes_it(app):
    assert isinstance(app.audio, Audio)
    assert app.audio.volume == pytest.approx(app.settings.volume)


def test_menu_clicks_on_moving_and_confirms_on_choosing(app, heard):
    chosen = []
    menu = Menu([Item("One", lambda: chosen.append(1)), Item("Off", enabled=False),
                 Item("Two", lambda: chosen.append(2))])
    menu.move(1)  # skips the disabled item
    assert menu.index == 2 and names(heard) == ["click"]
    menu.choose()
    assert chosen == [2] and names(heard) == ["click", "confirm"]
    lonely = Menu([Item("Only", lambda: None)])
    lonely.move(1)  # nowhere to go: no click
    assert names(heard) == ["click", "confirm"]


def test_result_screen_plays_the_fanfare(app, heard):
    ResultScene(app, None, EndCard("Red wins!", (255, 0, 0), table=[["", "Red"]]))
    assert names(heard) == ["win"]


def expected_gauss(state, effects):
    """What a GAUSS move should sound like, from its effect list."""
    want = ["place"]
    slides = [e for e in effects if e["type"] == "slide"]
    if slides:
        want.append("slide")
        geo = state.geo
        if any(geo.void[geo.index[tuple(e["to"])]] for e in slides):
            want.append("void")
    if any(e["type"] == "score" for e in effects):
        want.append("score")
    return want


def test_gauss_moves_sound_as_their_effects_play_out(app, heard):
    """Moves played with the animation running frame by frame: a disc lands (place),
    discs slide (slide), one reaches the VOID (void), a group scores (score)."""
    app.start_game("gauss", seed=5)
    settle(app, app.stack.top)
    scene = app.stack.top
    rng = random.Random(5)
    seen = set()
    for _ in range(80):
        if scene.state.over or {"score", "void"} <= seen:
            break
        legal = GAUSS.legal_moves(scene.state)
        scoring = [m for m in legal if any(e["type"] == "score" for e in GAUSS.play(scene.state, m)[1])]
        move = rng.choice(scoring if scoring and "score" not in seen else legal)
        heard.clear()
        before = scene.state
        effects = scene.commit(move)
        settle(app, scene)
        assert names(heard) == expected_gauss(before, effects)
        assert all(gain == 1.0 for _, gain in heard)
        seen.update(names(heard))
    assert {"place", "slide", "score", "void"} <= seen


def test_a_skipped_move_still_makes_its_sounds(app, heard):
    app.start_game("gauss", seed=3)
    scene = app.stack.top
    move = GAUSS.legal_moves(scene.state)[0]
    effects = scene.commit(move)
    scene.queue.skip()
    assert names(heard) == expected_gauss(scene.history[-1][0], effects)


@pytest.mark.parametrize("game_id, wanted", [
    ("rush", {"place", "connect"}),
    ("sparks", {"slide", "place", "capture"}),
    ("improbable", {"roll", "bust", "score"}),
    ("order", {"place", "connect"}),
])
def test_other_games_sound_their_effects(app, heard, game_id, wanted):
    app.start_game(game_id, seed=21)
    scene = app.stack.top
    rng = random.Random(21)
    for _ in range(400):
        if scene.state.over or wanted <= set(names(heard)):
            break
        scene.commit(scene.rules.random_move(scene.state, rng))
        scene.queue.skip()
    assert wanted <= set(names(heard))
    assert set(names(heard)) <= set(NAMES)


def test_a_hosted_game_plays_at_half_gain(app, heard):
    from game.navigation import game_scene

    scene = game_scene(app, "gauss", seed=9, hosted=True)
    scene.commit(GAUSS.legal_moves(scene.state)[0])
    scene.queue.skip()
    assert heard and all(gain == audio.HOSTED_GAIN for _, gain in heard)


def test_volume_setting_reaches_the_player(app):
    from game.scenes.menus.settings_menu import SettingsScene

    start = app.audio.volume
    SettingsScene(app).change("volume", -1)
    assert app.audio.volume == pytest.approx(max(0.0, start - 0.1))
    assert math.isclose(app.audio.volume, app.settings.volume)
