"""Sound effects, synthesized in pure Python, and the volume setting that governs them.

Every sound is made here from sines, filtered noise and envelopes (no sound files,
nothing downloaded): 22050 Hz, 16-bit, mono, faded in and out so nothing clicks,
normalised to a modest peak. The samples are made once per process (when the first
:class:`Audio` opens a mixer) and cached; each becomes a mixer sound at its first play,
as an in-memory WAV file that SDL converts to the format the mixer runs at.

``python -m game.ui.audio`` prints each sound's length, peak, RMS and DC offset and the
synthesis time; ``python -m game.ui.audio --write DIR`` also writes them as WAV files
to listen to.

When the mixer cannot start (no sound card, a headless machine) :class:`Audio` is
silently disabled: ``play`` does nothing and nothing raises.
"""
from __future__ import annotations

import io
import logging
import math
import os
import random
import sys
import time
import wave
from array import array
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

log = logging.getLogger("gauss_arcade")

RATE = 22050
FULL = 32767
TAU = 2 * math.pi
#: a game shown inside the demo or a replay plays its sounds this much quieter
HOSTED_GAIN = 0.5
#: the same sound asked for again within this many seconds is not restarted
#: (skipping an animation runs all its steps at once)
MIN_GAP = 0.04


def _n(seconds: float) -> int:
    return max(1, int(round(seconds * RATE)))


def _silence(seconds: float) -> list[float]:
    return [0.0] * _n(seconds)


# -- building blocks: each adds into ``buf`` from ``at`` seconds ------------------------------
TABLE = 4096  # samples in one period of a wavetable
_tables: dict[tuple[tuple[float, float], ...], list[float]] = {}


def _table(partials: tuple[tuple[float, float], ...]) -> list[float]:
    """One period of the sum of harmonic ``partials`` (ratio, level), cached."""
    table = _tables.get(partials)
    if table is None:
        w = TAU / TABLE
        table = [0.0] * TABLE
        for ratio, level in partials:
            table = [a + level * math.sin(w * ratio * j) for j, a in enumerate(table)]
        _tables[partials] = table
    return table


def _tone(buf: list[float], at: float, seconds: float, f0: float, f1: float | None = None,
          amp: float = 1.0, partials: Iterable[tuple[float, float]] = ((1.0, 1.0),),
          attack: float = 0.003, tau: float | None = None, vibrato: float = 0.0) -> None:
    """A tone gliding exponentially from ``f0`` to ``f1`` Hz, with partials (ratio, level),
    a linear attack, an exponential decay of time constant ``tau`` (None: held) and a
    5.5 Hz vibrato of relative depth ``vibrato``.

    The harmonic partials are one wavetable and the phase and envelope have closed
    forms, so each tone is one list comprehension per table (a sample loop with a
    sine per partial is several times slower in CPython)."""
    start = _n(at)
    n = min(_n(seconds), len(buf) - start)
    if n <= 0:
        return
    f1 = f0 if f1 is None else f1
    top = max(f0, f1)
    audible = [(float(r), float(v)) for r, v in partials if top * r < RATE / 2]  # no aliasing
    harmonic = tuple((r, v) for r, v in audible if r == int(r))
    # (ratio, level, wavetable): a lone partial is a plain sine (faster than a table here)
    if len(harmonic) == 1:
        passes = [(harmonic[0][0], harmonic[0][1], None)]
    else:
        passes = [(1.0, 1.0, _table(harmonic))] if harmonic else []
    passes += [(r, v, None) for r, v in audible if r != int(r)]
    k = -1.0 / (tau * RATE) if tau else 0.0
    sin, exp, mask = math.sin, math.exp, TABLE - 1
    att = min(n, max(1, _n(attack)))
    for ratio, level, tab in passes:
        a = amp * level
        w = f0 * ratio / RATE * (TABLE if tab else TAU)  # phase step per sample at f0
        phase: list[float] | None = None
        if f1 != f0:  # the sum of a geometric series of per-sample steps
            lg = math.log(f1 / f0) / n
            c = w / (exp(lg) - 1.0)
            phase = [c * (exp(lg * i) - 1.0) for i in range(n)]
        if vibrato:
            depth, wv = vibrato * w / (TAU * 5.5 / RATE), TAU * 5.5 / RATE
            phase = [(p if phase else w * i) + depth * (1.0 - math.cos(wv * i))
                     for i, p in enumerate(phase or range(n))]
        old = buf[start:start + n]
        if phase is None and tab is not None:
            new = [b + a * exp(k * i) * tab[int(w * i) & mask] for i, b in enumerate(old)]
        elif phase is None:
            new = [b + a * exp(k * i) * sin(w * i) for i, b in enumerate(old)]
        elif tab is not None:
            new = [b + a * exp(k * i) * tab[int(p) & mask]
                   for i, (b, p) in enumerate(zip(old, phase, strict=True))]
        else:
            new = [b + a * exp(k * i) * sin(p) for i, (b, p) in enumerate(zip(old, phase, strict=True))]
        for i in range(att):  # the attack: a linear ramp on this tone's part only
            new[i] = old[i] + (new[i] - old[i]) * i / att
        buf[start:start + n] = new


def _noise(buf: list[float], at: float, seconds: float, fc0: float, fc1: float | None = None,
           q: float = 0.7, amp: float = 1.0, attack: float = 0.001, tau: float | None = None,
           shape: Callable[[float], float] | None = None, mode: str = "band", seed: int = 1) -> None:
    """White noise (seeded, so every run makes the same sound) through a state-variable
    filter, band- or low-pass, whose centre glides from ``fc0`` to ``fc1``; envelope:
    ``shape(t)`` over 0..1 if given, else a linear attack and a decay of constant ``tau``."""
    start = _n(at)
    n = min(_n(seconds), len(buf) - start)
    if n <= 0:
        return
    fc1 = fc0 if fc1 is None else fc1
    rnd = random.Random(seed).random
    lg = math.log(fc1 / fc0) / n
    if shape is not None:
        env = [amp * shape(i / n) for i in range(n)]
    elif not tau and attack <= 0:
        env = [amp] * n
    else:
        k = -1.0 / (tau * RATE) if tau else 0.0
        env = [amp * math.exp(k * i) for i in range(n)]
        att = min(n, max(1, _n(attack)))
        for i in range(att):
            env[i] *= i / att
    damp = 0.5 / max(0.05, q)
    use_band = mode == "band"
    low = band = 0.0
    f = 2.0 * math.sin(math.pi * fc0 / RATE)
    out = [0.0] * n
    for i in range(n):
        if lg and not i & 15:  # the filter's centre moves every 16 samples
            f = 2.0 * math.sin(math.pi * fc0 * math.exp(lg * i) / RATE)
        low += f * band
        band += f * (rnd() * 2.0 - 1.0 - low - damp * band)
        out[i] = band if use_band else low
    buf[start:start + n] = [a + e * o for a, e, o in zip(buf[start:start + n], env, out, strict=True)]


def _finish(buf: list[float], peak: float, fade_in: float = 0.003, fade_out: float = 0.02) -> array:
    """Mean-free (no DC offset), scaled so the loudest sample is ``peak`` of full scale,
    faded in and out with raised-cosine ramps, as signed 16-bit samples."""
    n = len(buf)
    mean = sum(buf) / n
    top = max(max(buf) - mean, mean - min(buf)) or 1.0
    k = peak * FULL / top
    out = array("h", [int((x - mean) * k) for x in buf])  # int(): toward zero, so no bias
    fin, fout = min(n // 4, _n(fade_in)), min(n // 2, _n(fade_out))
    for i in range(fin):
        out[i] = round(out[i] * (0.5 - 0.5 * math.cos(math.pi * i / fin)))
    for i in range(fout):
        out[n - 1 - i] = round(out[n - 1 - i] * (0.5 - 0.5 * math.cos(math.pi * i / fout)))
    return out


# -- the sounds ---------------------------------------------------------------------------
def _place() -> array:
    """A soft wooden clack: a short tick of band-passed noise over a small, quickly
    damped body tone with an inharmonic (wood-like) partial."""
    buf = _silence(0.14)
    _tone(buf, 0.0, 0.14, 520, 430, partials=((1, 1.0), (2.71, 0.3)), attack=0.001, tau=0.028)
    _noise(buf, 0.0, 0.03, 2300, q=1.2, amp=1.6, tau=0.006, seed=11)
    return _finish(buf, 0.42, fade_in=0.001)


def _slide() -> array:
    """A short magnetic whoosh: noise through a band-pass sweeping 500 -> 1700 Hz, with a
    faint rising hum, swelling in and out."""
    buf = _silence(0.3)
    _noise(buf, 0.0, 0.3, 500, 1700, q=2.2, amp=1.0, attack=0, seed=23)
    _tone(buf, 0.0, 0.3, 220, 330, amp=0.05, partials=((1, 1.0), (2, 0.3)))
    w = math.pi / len(buf)
    buf = [x * math.sin(w * i) ** 2 for i, x in enumerate(buf)]  # swell in and out
    return _finish(buf, 0.30, fade_in=0.01, fade_out=0.03)


def _void() -> array:
    """A lower, falling tone (392 -> 98 Hz, two octaves), warm with two soft harmonics."""
    buf = _silence(0.5)
    _tone(buf, 0.0, 0.5, 392, 98, partials=((1, 1.0), (2, 0.3), (3, 0.12)), attack=0.012, tau=0.2)
    return _finish(buf, 0.38, fade_out=0.04)


def _score() -> array:
    """A bright three-note chime: G5, B5, D6 struck 75 ms apart, each ringing out."""
    buf = _silence(0.58)
    for k, f in enumerate((784.0, 988.0, 1175.0)):
        _tone(buf, 0.075 * k, 0.58, f, partials=((1, 1.0), (2, 0.22), (3, 0.07)),
              attack=0.002, tau=0.15)
    return _finish(buf, 0.45, fade_out=0.05)


def _capture() -> array:
    """A short thud: a low tone dropping 150 -> 55 Hz under a dull low-passed knock."""
    buf = _silence(0.26)
    _tone(buf, 0.0, 0.26, 150, 55, partials=((1, 1.0), (2, 0.2)), attack=0.002, tau=0.06)
    _noise(buf, 0.0, 0.06, 900, q=0.7, amp=0.9, tau=0.012, mode="low", seed=31)
    return _finish(buf, 0.55, fade_out=0.04)


def _roll() -> array:
    """A die rattling: six small clicks, the gaps widening as it slows, each a tick of
    noise over a tiny damped tone of its own pitch."""
    buf = _silence(0.42)
    times = (0.0, 0.045, 0.095, 0.155, 0.225, 0.31)
    pitches = (2300, 1900, 2600, 2100, 1750, 2400)
    for k, (t, f) in enumerate(zip(times, pitches, strict=True)):
        level = 1.0 - 0.09 * k
        _tone(buf, t, 0.05, f, partials=((1, 1.0), (0.29, 0.6)), amp=0.6 * level, attack=0.0005,
              tau=0.009)
        _noise(buf, t, 0.02, 3000, q=1.0, amp=1.3 * level, tau=0.003, seed=40 + k)
    return _finish(buf, 0.38, fade_in=0.001)


def _bust() -> array:
    """A descending buzz: a band-limited sawtooth (seven harmonics) sliding an octave
    down, 247 -> 123 Hz, with a 12 Hz tremolo, fading out."""
    buf = _silence(0.55)
    saw = tuple((k, 1.0 / k) for k in range(1, 8))
    _tone(buf, 0.0, 0.55, 247, 123, partials=saw, attack=0.008, tau=0.3)
    w = TAU * 12 / RATE  # a 12 Hz tremolo, the "wah-wah" of a buzzer
    buf = [x * (0.8 + 0.2 * math.cos(w * i)) for i, x in enumerate(buf)]
    return _finish(buf, 0.30, fade_out=0.06)


def _connect() -> array:
    """A soft ping: D6 with a quiet octave, gently struck, ringing out."""
    buf = _silence(0.36)
    _tone(buf, 0.0, 0.36, 1175, partials=((1, 1.0), (2, 0.18), (3, 0.05)), attack=0.003, tau=0.09)
    return _finish(buf, 0.30, fade_out=0.04)


def _click() -> array:
    """The menu highlight moving: a tiny, quiet tick."""
    buf = _silence(0.05)
    _tone(buf, 0.0, 0.05, 1600, partials=((1, 1.0),), attack=0.0005, tau=0.008)
    _noise(buf, 0.0, 0.015, 3200, q=1.0, amp=0.6, tau=0.003, seed=51)
    return _finish(buf, 0.22, fade_in=0.001, fade_out=0.01)


def _confirm() -> array:
    """A menu choice: two quick soft notes up a fifth, A5 then E6."""
    buf = _silence(0.2)
    for k, f in enumerate((880.0, 1319.0)):
        _tone(buf, 0.06 * k, 0.2, f, partials=((1, 1.0), (2, 0.15)), attack=0.002, tau=0.05)
    return _finish(buf, 0.30, fade_out=0.03)


def _win() -> array:
    """A short fanfare: C5, E5, G5 rising, then a held C major chord with C6 on top,
    soft brass-like partials and a little vibrato on the last note."""
    buf = _silence(1.1)
    brass = ((1, 1.0), (2, 0.45), (3, 0.25), (4, 0.1))
    for k, f in enumerate((523.25, 659.25, 783.99)):
        _tone(buf, 0.1 * k, 0.2, f, partials=brass, amp=0.8, attack=0.012, tau=0.11)
    _tone(buf, 0.32, 0.78, 1046.5, partials=brass, amp=0.9, attack=0.015, tau=0.38, vibrato=0.004)
    # the C major chord under it in just intonation (4:5:6) repeats at C3, so it is one tone
    chord = tuple((k * h, 0.3 * level) for h, level in brass[:2] for k in (4, 5, 6))
    _tone(buf, 0.32, 0.78, 523.25 / 4, partials=chord, attack=0.03, tau=0.34)
    return _finish(buf, 0.48, fade_out=0.12)


MAKERS: dict[str, Callable[[], array]] = {
    "place": _place, "slide": _slide, "void": _void, "score": _score, "capture": _capture,
    "roll": _roll, "bust": _bust, "connect": _connect, "click": _click, "confirm": _confirm,
    "win": _win,
}
NAMES = tuple(MAKERS)

_samples: dict[str, array] = {}


def samples(name: str) -> array:
    """The sound ``name`` as signed 16-bit mono samples at :data:`RATE` (made once, cached)."""
    if name not in _samples:
        _samples[name] = MAKERS[name]()
    return _samples[name]


def wav_bytes(name: str) -> bytes:
    """The sound ``name`` as a complete WAV file."""
    data = samples(name)
    if sys.byteorder == "big":
        data = array("h", data)
        data.byteswap()
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())
    return out.getvalue()


def _mixer_sound(pygame: Any, name: str, init: tuple[int, int, int] | None) -> Any:
    """A mixer sound of ``name``: the samples as they are when the mixer runs at our rate
    in signed 16-bit (native order) mono or stereo, else a WAV file for SDL to convert
    (a few milliseconds)."""
    freq, size, channels = init or (0, 0, 0)
    if freq == RATE and size == -16 and channels in (1, 2):
        data = samples(name)
        if channels == 2:  # the same samples on both sides, interleaved
            both = array("h", bytes(4 * len(data)))
            both[0::2] = data
            both[1::2] = data
            data = both
        return pygame.mixer.Sound(buffer=data.tobytes())
    return pygame.mixer.Sound(file=io.BytesIO(wav_bytes(name)))


# -- playing --------------------------------------------------------------------------------
_said_off = False
_current: Audio | None = None


@contextmanager
def native_stderr_silenced() -> Iterator[None]:
    """Silence what C libraries print on the process's stderr meanwhile.

    On a machine without a sound card, opening the mixer makes ALSA print eight lines of
    errors straight to file descriptor 2; the game says it once, in one clear line
    ("Sound is off: ..."). Python's own messages are flushed before and after.
    """
    try:
        fd = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):  # no real stderr (a test's capture)
        yield
        return
    sys.stderr.flush()
    saved = os.dup(fd)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)
    try:
        yield
    finally:
        sys.stderr.flush()
        os.dup2(saved, fd)
        os.close(saved)


def _clamp(v: Any) -> float:
    try:
        v = float(v)
    except (TypeError, ValueError):
        return 0.0
    if v != v:  # NaN
        return 0.0
    return min(1.0, max(0.0, v))


class Audio:
    """The game's sounds at the player's volume; silently off when the mixer cannot start."""

    def __init__(self, volume: float = 0.7, clock: Callable[[], float] = time.monotonic) -> None:
        global _current, _said_off
        self.volume = _clamp(volume)
        self.enabled = False
        self.sounds: dict[str, Any] = {}  # name -> mixer sound, made at its first play
        self.mixer_format: tuple[int, int, int] | None = None
        self.clock = clock
        self.last_played: dict[str, float] = {}
        _current = self
        try:
            import pygame

            if not pygame.mixer.get_init():  # pygame.init() opens it when it can
                with native_stderr_silenced():
                    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            self.mixer_format = pygame.mixer.get_init()
            for name in NAMES:  # made now (once per process), so no frame waits for one later
                samples(name)
            self.enabled = True
        except Exception as exc:  # no sound card, no mixer module, a dummy driver that refuses
            self.sounds = {}
            if not _said_off:
                _said_off = True
                log.info("Sound is off: no audio device could be opened (%s).", exc)

    def set_volume(self, volume: float) -> None:
        self.volume = _clamp(volume)

    def level(self, gain: float = 1.0) -> float:
        """The volume a sound plays at: the setting squared (so the steps of the setting
        sound even to the ear) times ``gain``."""
        return self.volume * self.volume * _clamp(gain)

    def play(self, name: str, gain: float = 1.0) -> None:
        """Start the sound ``name``; unknown names, volume 0 and a disabled mixer do nothing."""
        if name not in MAKERS:
            log.debug("No sound called %r.", name)
            return
        if not self.enabled:
            return
        level = self.level(gain)
        if level <= 0:
            return
        now = self.clock()
        last = self.last_played.get(name)
        if last is not None and 0 <= now - last < MIN_GAP:
            return
        self.last_played[name] = now
        try:
            sound = self.sounds.get(name)
            if sound is None:
                import pygame

                sound = self.sounds[name] = _mixer_sound(pygame, name, self.mixer_format)
            sound.set_volume(level)  # before it starts, so no first buffer plays too loud
            sound.play()
        except Exception as exc:  # a mixer that went away mid-game
            log.debug("Sound %r could not play: %s", name, exc)

    def close(self) -> None:
        """Stop every sound and shut the mixer down (at the app's end)."""
        global _current
        if _current is self:
            _current = None
        if not self.enabled:
            return
        self.enabled = False
        self.sounds = {}
        try:
            import pygame

            pygame.mixer.stop()
            pygame.mixer.quit()
        except Exception as exc:
            log.debug("The mixer did not close cleanly: %s", exc)


def ui_sound(name: str) -> None:
    """A sound for the user interface (menus), on the app's current :class:`Audio`."""
    if _current is not None:
        _current.play(name)


def cue(scene: Any, name: str) -> None:
    """A game scene's sound: through ``scene.app.audio``, at half gain when the scene is
    hosted (shown inside the demo or a replay), none in the demo with its sound off."""
    app = getattr(scene, "app", None)
    audio = getattr(app, "audio", None)
    if audio is None:
        return
    if getattr(scene, "in_demo", False) and not getattr(getattr(app, "settings", None), "demo_sound", True):
        return  # Settings → Demo sound off: the attract loop is silent
    audio.play(name, gain=HOSTED_GAIN if getattr(scene, "hosted", False) else 1.0)


# -- checking and listening -------------------------------------------------------------------
def stats(name: str) -> dict[str, float]:
    data = samples(name)
    n = len(data)
    return {"seconds": n / RATE, "peak": max(map(abs, data)) / FULL,
            "rms": math.sqrt(sum(x * x for x in data) / n) / FULL, "dc": sum(data) / n / FULL,
            "first": abs(data[0]) / FULL, "last": abs(data[-1]) / FULL}


def main(argv: list[str] | None = None) -> int:
    import argparse
    from pathlib import Path

    parser = argparse.ArgumentParser(prog="python -m game.ui.audio", description=__doc__.split("\n")[0])
    parser.add_argument("--write", metavar="DIR", help="also write every sound as DIR/<name>.wav")
    args = parser.parse_args(argv)
    _samples.clear()
    _tables.clear()
    t0, c0 = time.perf_counter(), time.process_time()
    for name in NAMES:
        samples(name)
    took, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"{'sound':<8} {'length':>7} {'peak':>6} {'rms':>6} {'dc':>8}")
    for name in NAMES:
        s = stats(name)
        print(f"{name:<8} {s['seconds']:6.3f}s {s['peak']:6.3f} {s['rms']:6.3f} {s['dc']:+8.5f}")
    print(f"synthesis of {len(NAMES)} sounds: {took * 1000:.0f} ms ({cpu * 1000:.0f} ms of CPU)")
    if args.write:
        folder = Path(args.write)
        folder.mkdir(parents=True, exist_ok=True)
        for name in NAMES:
            (folder / f"{name}.wav").write_bytes(wav_bytes(name))
        print(f"wrote {len(NAMES)} WAV files to {folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
