"""QR codes as rows of modules (True: dark), for the app to draw as rectangles: the join
link on "Who plays?", and a venue's Wi-Fi beside it. ``segno`` (pure Python, optional)
makes them; without it there is no code to draw and the screen shows the address alone."""
from __future__ import annotations

import functools

Matrix = tuple[tuple[bool, ...], ...]


@functools.lru_cache(maxsize=8)
def matrix(text: str) -> Matrix | None:
    """``text``'s QR code without its quiet zone (the drawing adds four modules of white
    around it), or None without segno."""
    try:
        import segno
    except ImportError:
        return None
    code = segno.make(text, error="m", micro=False)
    return tuple(tuple(bool(v) for v in row) for row in code.matrix)


def wifi_text(ssid: str, password: str = "", security: str = "WPA", hidden: bool = False) -> str:
    """The text a phone's camera reads as "join this Wi-Fi" (the ``WIFI:`` scheme phones
    read; ``;,:\\"`` escaped with a backslash)."""
    def escape(value: str) -> str:
        return "".join("\\" + ch if ch in '\\;,:"' else ch for ch in value)
    kind = security if password else "nopass"
    parts = [f"T:{escape(kind)}", f"S:{escape(ssid)}"]
    if password:
        parts.append(f"P:{escape(password)}")
    if hidden:
        parts.append("H:true")
    return "WIFI:" + ";".join(parts) + ";;"
