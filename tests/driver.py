"""Driving the app headless: raw input events to inject, and frames to run."""
import pygame

DT = 1 / 60


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def click(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def run(app, events=(), frames=1):
    """One frame with ``events``, then ``frames - 1`` quiet ones."""
    app.frame(list(events), DT)
    for _ in range(frames - 1):
        app.frame([], DT)


def to_card(app, label):
    """Move the highlight of the cards on top (the title's) to ``label`` with the arrows, the
    way a player goes: toward where that card lies, one step at a time."""
    menu = app.stack.top.menu
    run(app)  # the cards are laid out when first drawn
    labels = [item.label for item in menu.items]
    want = labels.index(label)
    for _ in range(4 * len(labels)):
        if menu.index == want:
            return
        here, there = menu.rects[menu.index], menu.rects[want]
        way = (pygame.K_DOWN if there.top >= here.bottom else pygame.K_UP if there.bottom <= here.top
               else pygame.K_RIGHT if there.left > here.left else pygame.K_LEFT)
        run(app, [key(way)])
    raise AssertionError(f"the arrows never reached {label!r}")


def settle(app, scene, limit=600):
    """Run frames until the scene's animation queue is empty."""
    for _ in range(limit):
        if not scene.queue.busy:
            return
        app.frame([], DT)
    raise AssertionError("the animation queue never emptied")


def undo_through(app, scene, states, check):
    """Press U once per earlier state, newest first; each must be shown exactly (``check``)."""
    for expected in reversed(states[:-1]):
        app.frame([key(pygame.K_u)], DT)
        assert scene.state == expected
        check(scene)


def redo_through(app, scene, states, check):
    """Press R once per later state, letting each move play out; each must be shown exactly."""
    for expected in states:
        app.frame([key(pygame.K_r)], DT)
        settle(app, scene)
        assert scene.state == expected
        check(scene)


def after_guard(app):
    """Wait out the input guard of a card that came by itself (the end of a game)."""
    top = app.stack.top
    for _ in range(int((getattr(top, "input_guard", 0.0) + 0.1) / DT)):
        app.frame([], DT)


def rematch(app):
    """On the end card: wait out its guard, then Rematch (its first item, where the focus
    starts)."""
    after_guard(app)
    app.stack.top.menu.index = 0
    app.frame([key(pygame.K_RETURN)], DT)
