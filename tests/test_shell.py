"""The shell's parts that need no window: the fixed step and the animation queue."""
from game.app.clock import FixedStep
from game.app.scene import Scene, SceneStack
from game.ui.anim import AnimQueue, Tween


def test_fixed_step_drains_real_time_in_whole_steps():
    clock = FixedStep(step=0.01)
    assert clock.advance(0.025) == 2
    assert abs(clock.alpha - 0.5) < 1e-9
    assert clock.advance(0.005) == 1  # the half step left over is not lost


def test_fixed_step_clamps_a_slow_frame_instead_of_spiralling():
    clock = FixedStep(step=0.01, max_frame=0.25, max_steps=8)
    assert clock.advance(5.0) == 8  # a 5 s stall runs 8 updates, not 500
    assert clock.accumulator == 0.0
    assert clock.advance(-1.0) == 0


def test_queue_runs_steps_in_order_and_tweens_of_a_step_together():
    log = []
    q = AnimQueue()
    q.add(Tween(0.1, lambda t: log.append(("a", round(t, 2)))),
          Tween(0.1, lambda t: log.append(("b", round(t, 2)))))
    q.add(Tween(0.1, on_done=lambda: log.append("c done")), on_start=lambda: log.append("c start"))
    q.update(0.05)
    assert {e[0] for e in log} == {"a", "b"} and "c start" not in log
    q.update(0.06)
    assert ("a", 1.0) in log and ("b", 1.0) in log
    q.update(0.2)
    assert log[-1] == "c done" and not q.busy


def test_skip_finishes_every_remaining_tween_in_order():
    log = []
    q = AnimQueue()
    q.add(Tween(1.0, lambda t: log.append(t)), on_start=lambda: log.append("start1"))
    q.add(Tween(1.0, on_done=lambda: log.append("done2")), on_start=lambda: log.append("start2"))
    q.update(0.1)
    q.skip()
    assert log[0] == "start1" and log[-3:] == [1.0, "start2", "done2"]
    assert not q.busy


class Probe(Scene):
    def __init__(self, name, log):
        self.name, self.log = name, log
        self.opaque = name != "overlay"

    def enter(self):
        self.log.append(f"enter {self.name}")

    def exit(self):
        self.log.append(f"exit {self.name}")


def test_scene_stack_calls_enter_and_exit_and_draws_overlays_over_the_top_opaque_scene():
    log = []
    stack = SceneStack()
    a, b, o = Probe("a", log), Probe("b", log), Probe("overlay", log)
    stack.push(a)
    stack.push(b)
    stack.push(o)
    assert stack.visible() == [b, o]
    stack.pop()
    stack.replace(Probe("c", log))
    assert log == ["enter a", "exit a", "enter b", "exit b", "enter overlay", "exit overlay",
                   "enter b", "exit b", "enter c"]
