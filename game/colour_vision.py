"""How colours look to the colour-blind, and how far apart two colours are (pure Python).

Simulates the three dichromacies with the matrices of Machado, Oliveira and Fernandes,
"A Physiologically-based Model for Simulation of Color Vision Deficiency" (IEEE TVCG 15(6),
2009), at severity 1.0 (the complete loss of one cone type: protanopia, deuteranopia,
tritanopia), applied to linear RGB as the paper does; measures differences as CIE76 ΔE,
the Euclidean distance in CIELAB (D65 white). ``tests/test_colour_vision.py`` holds every
pair of colours that means two different things on one screen apart with these, in every
theme (``docs/accessibility.md``).
"""
from __future__ import annotations

import math
from collections.abc import Sequence

RGB = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

#: Machado et al. 2009, table of severity 1.0, for linear RGB
MACHADO: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
#: the ways of seeing a test goes through: normal vision first
VISIONS = ("normal", *MACHADO)


def to_linear(c: int) -> float:
    """An sRGB channel (0..255) as linear light (0..1)."""
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def to_srgb(v: float) -> int:
    """Linear light (clipped to 0..1) as an sRGB channel (0..255)."""
    v = min(1.0, max(0.0, v))
    s = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(s * 255)


def _apply(m: Matrix, v: Sequence[float]) -> tuple[float, float, float]:
    return (m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
            m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
            m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2])


def simulate(rgb: RGB, vision: str) -> RGB:
    """``rgb`` as someone with ``vision`` (``normal`` or one of ``MACHADO``) sees it."""
    if vision == "normal":
        return tuple(rgb)  # type: ignore[return-value]
    lin = _apply(MACHADO[vision], [to_linear(c) for c in rgb])
    return (to_srgb(lin[0]), to_srgb(lin[1]), to_srgb(lin[2]))


#: sRGB (linear) to CIE XYZ, D65
_XYZ: Matrix = ((0.4124564, 0.3575761, 0.1804375),
                (0.2126729, 0.7151522, 0.0721750),
                (0.0193339, 0.1191920, 0.9503041))
_WHITE = (0.95047, 1.0, 1.08883)


def lab(rgb: RGB) -> tuple[float, float, float]:
    """The colour in CIELAB (L* 0..100)."""
    x, y, z = _apply(_XYZ, [to_linear(c) for c in rgb])

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x / _WHITE[0]), f(y / _WHITE[1]), f(z / _WHITE[2])
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: RGB, b: RGB) -> float:
    """CIE76 ΔE between two sRGB colours (about 2.3 is the least a person notices side by side)."""
    return math.dist(lab(a), lab(b))


def seen_delta_e(a: RGB, b: RGB, vision: str) -> float:
    """ΔE between ``a`` and ``b`` as someone with ``vision`` sees them."""
    return delta_e(simulate(a, vision), simulate(b, vision))


def worst(a: RGB, b: RGB) -> tuple[float, str]:
    """The smallest ΔE between ``a`` and ``b`` over every vision, and which vision that is."""
    return min((seen_delta_e(a, b, v), v) for v in VISIONS)
