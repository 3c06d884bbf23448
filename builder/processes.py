"""Tasks on several processes, each in a child forked from the build at the moment the task starts.

Why not a process pool: a pool forks its workers once, at its first task, so a game loaded after that
would have to be pickled over to each of them. A child forked per task inherits every game loaded so far
and whatever the build has imported and registered (fonts) for the price of a fork, a few milliseconds;
it sends its result back through a pipe and exits.

The other way round, a `Producer` is one child that sends items to the build as it makes them: the
build reads its games in one while it imports the emitters, which takes as long, and gets each game
once, as it is loaded (builder/build.py). Needs the "fork" start method (Linux, macOS); without it a
build runs in one process.
"""
from __future__ import annotations

import gc
import heapq
import multiprocessing
import os
import pickle
import queue
import signal
import threading
from multiprocessing.connection import Connection, wait
from typing import Callable, Generic, Iterable, Iterator, TypeVar

from builder.mechanisms import kept

Task = TypeVar("Task")
Result = TypeVar("Result")


def can_fork() -> bool:
    """Return whether children can be forked here."""
    return "fork" in multiprocessing.get_all_start_methods()


def default_jobs() -> int:
    """Return how many processes a build uses by default: one per core this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


class ChildFailed(RuntimeError):
    """A child process ended without sending its task's result."""


def _as_child() -> None:
    """Set up a forked child (a task's or a Producer's) for its short life."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the build's to handle: it stops the children
    # A child lives for one task (or one build's reading). Reference counting frees nearly all it makes, and
    # its exit the rest; the collector's passes would cost 4-5% of an emitter's CPU and, at 10,000 counters,
    # lower no peak.
    if kept("collector"):
        gc.disable()


def _child(run: Callable, task: object, conn: Connection) -> None:
    """Run one task in a forked child and send back ("ok", result) or ("error", exception)."""
    _as_child()
    try:
        reply = ("ok", run(task))
    except Exception as exc:  # the build re-raises it, as if the task had run in its own process
        reply = ("error", exc)
    try:
        conn.send(reply)
    except Exception as exc:  # the result or the exception would not pickle: say so rather than vanish
        conn.send(("error", ChildFailed(f"{task!r}: its result could not be sent back: {exc}")))
    conn.close()


class Children(Generic[Task, Result]):
    """Runs tasks in forked children, at most `jobs` at a time, the lowest `rank` first.

    `run` is called in the child, with the parent's state as it was when the task started; it is
    never pickled. Tasks wait in a queue until a child slot is free, and slots are only refilled
    while the parent is in `finished` (or `start`), so a parent busy elsewhere never oversubscribes.
    """

    def __init__(self, run: Callable[[Task], Result], jobs: int) -> None:
        self.run, self.jobs = run, max(1, jobs)
        self.context = multiprocessing.get_context("fork")
        self.queue: list[tuple[object, int, Task]] = []
        self.running: dict[Connection, tuple[multiprocessing.process.BaseProcess, Task]] = {}
        self.submitted = 0

    def submit(self, task: Task, rank: object) -> None:
        """Queue a task; it starts once a slot is free and every task of a lower rank has started."""
        heapq.heappush(self.queue, (rank, self.submitted, task))
        self.submitted += 1

    def start(self, slots: int | None = None) -> None:
        """Fork a child for each queued task a free slot can take, using at most `slots` slots (default: all)."""
        limit = self.jobs if slots is None else min(slots, self.jobs)
        while self.queue and len(self.running) < limit:
            _, _, task = heapq.heappop(self.queue)
            receiver, sender = self.context.Pipe(duplex=False)
            child = self.context.Process(target=_child, args=(self.run, task, sender), daemon=True)
            child.start()
            sender.close()
            self.running[receiver] = (child, task)

    @property
    def busy(self) -> bool:
        """Return whether any task is queued or running."""
        return bool(self.queue or self.running)

    def finished(self, *, block: bool) -> Iterator[tuple[Task, Result]]:
        """Yield each task that has finished, with its result, refilling the free slots as they open.

        Without `block`, only the tasks finished by now; with it, every task until none is left.
        A task that raised re-raises here; a child that died without a word raises ChildFailed.
        """
        self.start()
        while self.running:
            ready = wait(list(self.running), timeout=None if block else 0)
            if not ready:
                return
            ending = [(receiver, *self.running.pop(receiver)) for receiver in ready]
            # a child sends its result once its task is done: its slot is refilled before the result is read
            # (a module of 5 MB takes the pipe a few hundredths of a second)
            self.start()
            done = []
            try:
                for receiver, child, task in ending:
                    done.append(self._result(receiver, child, task))
            finally:
                for receiver, child, _ in ending[len(done):]:  # after one raised: end the others too
                    if not receiver.closed:
                        child.terminate()
                        receiver.close()
                        child.join()
            yield from done

    def wait_with(self, other: Connection) -> None:
        """Wait until a running task has finished or `other` has something to read."""
        wait([other, *self.running])

    def _result(self, receiver: Connection, child: multiprocessing.process.BaseProcess, task: Task
                ) -> tuple[Task, Result]:
        """Take a finished child's result (re-raising its error), and end the child."""
        try:
            status, value = receiver.recv()
        except EOFError:
            child.join()
            raise ChildFailed(f"the process building {task!r} ended (exit code {child.exitcode}) "
                              "without its result") from None
        finally:
            receiver.close()
        child.join()
        if status == "error":
            raise value
        return task, value

    def stop(self) -> None:
        """Drop the queued tasks and end the running children now."""
        self.queue.clear()
        for receiver, (child, _) in self.running.items():
            child.terminate()
            receiver.close()
        for child, _ in self.running.values():
            child.join()
        self.running.clear()


Item = TypeVar("Item")


def _produce(produce: Callable[[], Iterable[object]], dumps: Callable[[object], bytes], conn: Connection) -> None:
    """Send each item `produce` yields as ("ok", item), then end; an exception ends the items as ("error", it).

    The items go out through a thread of their own, so that making the next one goes on while the parent
    has not read the last yet: a pipe holds 64 KiB, a loaded game is near a megabyte, and the build takes
    it only once it has imported its emitters (the reading child used to wait that long for it).
    """
    _as_child()
    outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
    writer = threading.Thread(target=_send_all, args=(outbox, conn), daemon=True)
    writer.start()
    try:
        for item in produce():
            outbox.put(dumps(("ok", item)))
    except Exception as exc:
        try:
            outbox.put(dumps(("error", exc)))
        except Exception as unsent:  # an exception that would not pickle: say so rather than vanish
            outbox.put(dumps(("error", ChildFailed(f"a producer failed and its error could not be sent: "
                                                   f"{exc!r} ({unsent})"))))
    outbox.put(None)
    writer.join()
    conn.close()


def _send_all(outbox: queue.SimpleQueue, conn: Connection) -> None:
    """Write what comes into `outbox` to `conn`, in order, until None."""
    while (data := outbox.get()) is not None:
        try:
            conn.send_bytes(data)
        except OSError:  # the parent is gone or stopped reading: nothing more can be sent
            return


class Producer(Generic[Item]):
    """A generator run in a forked child, whose items the parent takes one by one, in order, as they come.

    The items are pickled with `dumps` and unpickled with `loads` (pickle's own by default), so that a
    caller can leave out what the parent does not need. The child starts at once, with the parent's
    state as it is at that moment; the parent is meanwhile free for other work.
    """

    def __init__(self, produce: Callable[[], Iterable[Item]], *, dumps: Callable[[object], bytes] = pickle.dumps,
                 loads: Callable[[bytes], object] = pickle.loads) -> None:
        context = multiprocessing.get_context("fork")
        self.loads = loads
        self.connection, sender = context.Pipe(duplex=False)
        self.process = context.Process(target=_produce, args=(produce, dumps, sender), daemon=True)
        self.process.start()
        sender.close()

    def take(self) -> Item:
        """Return the next item, waiting for it; re-raise the child's exception; ChildFailed if it died."""
        try:
            status, value = self.loads(self.connection.recv_bytes())
        except EOFError:
            self.process.join()
            raise ChildFailed(f"the process producing the items ended (exit code {self.process.exitcode}) "
                              "before its last item") from None
        if status == "error":
            raise value
        return value

    def stop(self) -> None:
        """End the child now, if it is still running."""
        self.process.terminate()
        self.process.join()
        self.connection.close()
