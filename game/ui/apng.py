"""Animated PNG (APNG), written with ``zlib`` and ``struct`` alone: pygame writes a PNG of
one picture, never an animation, and the arcade takes on no dependency for it.

An APNG is a PNG whose first picture any viewer shows; one that knows the animation
(every browser) plays the rest. The layout (the APNG specification, as Mozilla wrote it
and the W3C's PNG third edition took it in): ``IHDR``, ``acTL`` (how many frames, how
many plays), then per frame an ``fcTL`` (its rectangle, its delay, how it is laid on the
last) followed by its picture, ``IDAT`` for the first frame (so the first frame is also
the plain PNG's picture) and ``fdAT`` for the others; ``fcTL`` and ``fdAT`` share one run
of sequence numbers from 0.

Small files: a frame is only the rectangle that changed since the frame before it (a
move changes a few cells of a board, and a caption), and inside it every pixel that did not
change is left transparent, laid over the last frame (``APNG_BLEND_OP_OVER``) and kept
(``APNG_DISPOSE_OP_NONE``): the unchanged pixels between a move's cells and its caption are
runs of zeros, which pack to nearly nothing. A frame that changes nothing (a longer hold)
is a single transparent pixel. Pictures are 8-bit RGBA (every drawn pixel opaque), each row
with PNG filter type 0 (the boards' flat colours pack best so: Sub and Up were a third
larger, measured), compressed at zlib's level 9.
"""
from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable

SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: ``fcTL``'s ``dispose_op``: leave the frame as it is for the next
DISPOSE_NONE = 0
#: ``fcTL``'s ``blend_op``: the frame's pixels replace what lies under them
BLEND_SOURCE = 0
#: ``fcTL``'s ``blend_op``: the frame is laid over what lies under it (its transparent
#: pixels leave it showing)
BLEND_OVER = 1
#: bytes a pixel (RGBA)
BPP = 4


def chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: its length, its type, its data and the CRC of type and data."""
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def changed_box(before: bytes, after: bytes, width: int, height: int) -> tuple[int, int, int, int] | None:
    """The smallest rectangle ``(x, y, w, h)`` holding every pixel that differs between the
    two RGBA pictures (rows of ``width * 4`` bytes); None when none does."""
    stride = width * BPP
    rows = [y for y in range(height)
            if before[y * stride:(y + 1) * stride] != after[y * stride:(y + 1) * stride]]
    if not rows:
        return None
    left, right = stride, 0
    for y in rows:
        a = before[y * stride:(y + 1) * stride]
        b = after[y * stride:(y + 1) * stride]
        left = min(left, _same_prefix(a, b))
        right = max(right, stride - _same_prefix(a[::-1], b[::-1]))
    x0, x1 = left // BPP, -(-right // BPP)
    return x0, rows[0], x1 - x0, rows[-1] - rows[0] + 1


def _same_prefix(a: bytes, b: bytes) -> int:
    """How many leading bytes ``a`` and ``b`` (of one length) share (halving: slices compare in C)."""
    lo, hi = 0, len(a)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _crop(rgba: bytes, width: int, box: tuple[int, int, int, int]) -> bytes:
    x, y, w, h = box
    stride = width * BPP
    return b"".join(rgba[(y + r) * stride + x * BPP:(y + r) * stride + (x + w) * BPP] for r in range(h))


def only_changed(before: bytes, after: bytes) -> bytes:
    """``after`` (RGBA, opaque) with every pixel that is the same in ``before`` made
    transparent black. Done on the pictures as two large integers, a pixel a 32-bit lane
    (a loop over the pixels in Python took a quarter of a second a frame): a lane of their
    XOR is nonzero where the pixel changed; adding ``0x7FFFFFFF`` to its low 31 bits sets
    its top bit then, with no carry out of the lane; that bit, moved to the lane's bottom
    and multiplied by ``0xFFFFFFFF``, is a mask of the whole pixel."""
    n = len(after) // BPP
    a = int.from_bytes(before, "little")
    b = int.from_bytes(after, "little")
    low = int.from_bytes(b"\xff\xff\xff\x7f" * n, "little")
    top = int.from_bytes(b"\x00\x00\x00\x80" * n, "little")
    x = a ^ b
    changed = (((x & low) + low) | x) & top
    mask = (changed >> 31) * 0xFFFFFFFF
    return (b & mask).to_bytes(len(after), "little")


def _compressed(rgba: bytes, w: int, h: int) -> bytes:
    stride = w * BPP
    return zlib.compress(b"".join(b"\x00" + rgba[r * stride:(r + 1) * stride] for r in range(h)), 9)


class Writer:
    """An APNG built frame by frame (``add``), then written whole (``finish``): its frame
    count leads the file and is known only at the end."""

    def __init__(self, width: int, height: int, plays: int = 0) -> None:
        if width <= 0 or height <= 0:
            raise ValueError("an APNG has at least one pixel")
        self.width, self.height = width, height
        self.plays = plays  # 0: over and over
        self.frames = 0
        self.sequence = 0
        self.body: list[bytes] = []
        self.texts: list[bytes] = []
        self.last: bytes | None = None

    def text(self, keyword: str, value: str) -> None:
        """An ``iTXt`` chunk (UTF-8 text, uncompressed): words a viewer may show (``Title``,
        ``Description``, ``Software``)."""
        self.texts.append(chunk(b"iTXt", keyword.encode("latin-1")[:79] + b"\x00\x00\x00\x00\x00"
                                + value.encode("utf-8")))

    def _control(self, box: tuple[int, int, int, int], delay_ms: int, blend: int) -> bytes:
        x, y, w, h = box
        data = struct.pack(">IIIIIHHBB", self.sequence, w, h, x, y, max(0, min(delay_ms, 65535)), 1000,
                           DISPOSE_NONE, blend)
        self.sequence += 1
        return chunk(b"fcTL", data)

    def add(self, rgba: bytes, delay_ms: int) -> None:
        """The next frame: a whole opaque picture (RGBA, ``width * height * 4`` bytes, every
        alpha 255), shown for ``delay_ms`` milliseconds (at most 65.535 s)."""
        if len(rgba) != self.width * self.height * BPP:
            raise ValueError("a frame of another size than the animation's")
        if self.last is None:
            box = (0, 0, self.width, self.height)
            self.body.append(self._control(box, delay_ms, BLEND_SOURCE))
            self.body.append(chunk(b"IDAT", _compressed(rgba, self.width, self.height)))
        else:
            box = changed_box(self.last, rgba, self.width, self.height) or (0, 0, 1, 1)
            self.body.append(self._control(box, delay_ms, BLEND_OVER))
            part = only_changed(_crop(self.last, self.width, box), _crop(rgba, self.width, box))
            data = _compressed(part, box[2], box[3])
            self.body.append(chunk(b"fdAT", struct.pack(">I", self.sequence) + data))
            self.sequence += 1
        self.last = rgba
        self.frames += 1

    def finish(self) -> bytes:
        """The whole file."""
        if not self.frames:
            raise ValueError("an APNG has at least one frame")
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 6, 0, 0, 0)  # 8-bit RGBA
        return b"".join([SIGNATURE, chunk(b"IHDR", header),
                         chunk(b"acTL", struct.pack(">II", self.frames, self.plays)),
                         *self.texts, *self.body, chunk(b"IEND", b"")])


def encode(frames: Iterable[tuple[bytes, int]], width: int, height: int, plays: int = 0) -> bytes:
    """An APNG of ``frames`` (each a whole opaque RGBA picture and its delay in milliseconds)."""
    writer = Writer(width, height, plays)
    for rgb, delay in frames:
        writer.add(rgb, delay)
    return writer.finish()
