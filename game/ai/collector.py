"""The cyclic garbage collector resting while a large structure without reference cycles
grows (a search tree, the tables a random collection is drawn from).

A full collection in the middle walks all of it (0.01 to 0.08 s), and the first young
collection after it scans every object made meanwhile. While :func:`resting` runs its body
the collector is off; after it, what was made goes straight to the oldest generation
(frozen, then thawed there). Garbage among it waits for the next full collection; the
structure itself needs none.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def resting() -> Iterator[None]:
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:  # (a caller inside another's rest leaves it to that one)
            gc.freeze()
            gc.unfreeze()
            gc.enable()
