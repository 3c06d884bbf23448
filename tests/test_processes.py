"""Tasks in forked children: results come back, failures are told, a child sees the state it was forked from."""
from __future__ import annotations

import os
import pickle
from typing import Iterator

import pytest

from builder.processes import ChildFailed, Children, Producer, can_fork

pytestmark = pytest.mark.skipif(not can_fork(), reason="needs the fork start method")


def test_every_task_comes_back_with_its_result_lowest_rank_first() -> None:
    children: Children[int, int] = Children(lambda n: n * n, jobs=1)
    for n, rank in ((3, "c"), (1, "a"), (2, "b")):
        children.submit(n, rank)
    assert list(children.finished(block=True)) == [(1, 1), (2, 4), (3, 9)]
    assert not children.busy


def test_a_child_sees_the_state_of_the_moment_its_task_started() -> None:
    games = ["first"]
    children: Children[int, str] = Children(lambda n: games[n], jobs=2)
    children.submit(0, 0)
    children.start()
    games.append("second")  # loaded after the first task started: only later children see it
    children.submit(1, 1)
    assert sorted(children.finished(block=True)) == [(0, "first"), (1, "second")]


def test_a_task_that_raises_raises_in_the_parent() -> None:
    def run(n: int) -> int:
        raise ValueError(f"emitter broke on {n}")

    children: Children[int, int] = Children(run, jobs=2)
    children.submit(7, 0)
    with pytest.raises(ValueError, match="emitter broke on 7"):
        list(children.finished(block=True))
    children.stop()


def test_a_child_that_dies_without_a_word_is_told() -> None:
    children: Children[int, int] = Children(lambda n: os._exit(9), jobs=1)
    children.submit(1, 0)
    with pytest.raises(ChildFailed, match="exit code 9"):
        list(children.finished(block=True))


def test_stop_ends_the_running_children_and_drops_the_queue() -> None:
    children: Children[int, int] = Children(lambda n: os.pause() or n, jobs=1)
    children.submit(1, 0)
    children.submit(2, 1)
    children.start()
    (child, _), = children.running.values()
    children.stop()
    assert not children.busy
    assert child.exitcode is not None
    assert list(children.finished(block=False)) == []


def test_a_child_runs_its_task_with_the_collector_off_and_leaves_the_parents_alone() -> None:
    import gc

    children: Children[int, bool] = Children(lambda n: gc.isenabled(), jobs=1)
    children.submit(1, 0)
    assert list(children.finished(block=True)) == [(1, False)]
    assert gc.isenabled()


def test_a_producer_sends_its_items_in_order_as_it_makes_them() -> None:
    seen = ["before"]
    producer: Producer[str] = Producer(lambda: iter([seen[0], "second"]))
    seen[0] = "after"  # the child has the state of the moment it was forked
    assert [producer.take(), producer.take()] == ["before", "second"]
    with pytest.raises(ChildFailed, match="before its last item"):
        producer.take()
    producer.stop()


def test_a_producer_pickles_with_the_functions_it_is_given() -> None:
    producer: Producer[str] = Producer(lambda: iter(["text"]), dumps=lambda v: pickle.dumps(v)[::-1],
                                       loads=lambda b: pickle.loads(b[::-1]))
    assert producer.take() == "text"
    producer.stop()


def test_a_producer_that_raises_raises_in_the_parent_after_its_items() -> None:
    def produce() -> Iterator[int]:
        yield 1
        raise ValueError("the third game broke the loader")

    producer: Producer[int] = Producer(produce)
    assert producer.take() == 1
    with pytest.raises(ValueError, match="broke the loader"):
        producer.take()
    producer.stop()


def test_stopping_a_producer_ends_its_child() -> None:
    producer: Producer[int] = Producer(lambda: iter([os.pause()]))
    producer.stop()
    assert producer.process.exitcode is not None


def test_start_can_leave_slots_free_for_the_parents_own_work() -> None:
    children: Children[int, int] = Children(lambda n: n, jobs=3)
    for n in range(4):
        children.submit(n, n)
    children.start(slots=1)
    assert [task for _, task in children.running.values()] == [0]
    children.start(slots=5)  # never more than `jobs`
    assert sorted(task for _, task in children.running.values()) == [0, 1, 2]
    assert sorted(children.finished(block=True)) == [(n, n) for n in range(4)]
