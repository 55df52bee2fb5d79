"""Calling a user's callable without letting it take the checking session down.

A :class:`CallGuard` runs every call of a bare callable

* with its ``stdout`` and ``stderr`` captured (so ``print`` in a measure never
  corrupts ``axiometrics check --format json``); what it printed is kept as a
  note for the report;
* with ``SystemExit`` contained: ``sys.exit(3)`` inside a measure becomes a
  :class:`~axiometrics.errors.MeasureImplementationError` naming the exit code,
  hence an error verdict for the claim being checked (``KeyboardInterrupt`` is
  let through: Ctrl-C still stops the session);
* under a per-call time limit.  In the main thread of a POSIX process the limit
  is a ``SIGALRM`` timer (``signal.setitimer``) whose handler interrupts the
  call, so a pure-Python loop or a ``time.sleep`` really stops; any timer set
  before (e.g. by pytest-timeout) is restored afterwards.  Elsewhere (other
  threads, Windows) the call runs in a daemon worker thread that is abandoned
  when the limit passes: the check goes on, but the abandoned call keeps
  running in the background until it returns.  Code that never returns to the
  interpreter (a long C loop) is interrupted only when it does.
"""

from __future__ import annotations

import contextlib
import io
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from axiometrics.errors import (
    CallTimeoutError,
    InvalidParameterError,
    MeasureImplementationError,
)

__all__ = ["DEFAULT_CALL_TIMEOUT", "CallGuard", "CallTimeoutError", "validate_call_timeout"]

#: Default per-call time limit in seconds.
DEFAULT_CALL_TIMEOUT = 5.0
#: Printed text kept per guard (the rest is counted, not stored).
_KEEP_PRINTED = 2000


class _Alarm(BaseException):
    """Raised by the SIGALRM handler; a BaseException so user code rarely swallows it."""


def validate_call_timeout(value: Any, *, name: str = "call_timeout") -> float | None:
    """Check a time limit: ``None`` (no limit) or a positive finite number of seconds.

    Raises
    ------
    InvalidParameterError
        For anything else.
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidParameterError(
            f"{name}={value!r}: expected a number of seconds > 0, or None for no limit"
        )
    seconds = float(value)
    if not (seconds > 0 and seconds < float("inf")):
        raise InvalidParameterError(
            f"{name}={value!r}: expected a number of seconds > 0, or None for no limit"
        )
    return seconds


@dataclass
class CallGuard:
    """Runs the calls of one callable with output capture, exit containment and a time limit.

    Attributes
    ----------
    name
        The callable's display name (used in messages).
    timeout
        Seconds per call, or ``None`` for no limit.
    printed
        Text the callable wrote to stdout/stderr (the first 2000 characters).
    printing_calls
        How many calls wrote something.
    timed_out
        Set when a call exceeded the limit (cleared by :meth:`reset`).
    """

    name: str
    timeout: float | None = DEFAULT_CALL_TIMEOUT
    printed: str = ""
    printing_calls: int = 0
    timed_out: bool = False
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def reset(self) -> None:
        """Forget a time-out (called at the start of every claim)."""
        self.timed_out = False

    def note(self) -> str | None:
        """A one-line note of what the callable printed, or ``None``."""
        if not self.printing_calls:
            return None
        shown = self.printed.strip().splitlines()
        first = shown[0][:120] if shown else ""
        return (
            f"callable {self.name!r} wrote to stdout/stderr in {self.printing_calls} call(s) "
            f"(captured, kept out of the report); first line: {first!r}"
        )

    def call(self, func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Call ``func(*args, **kwargs)`` under the guard.

        Raises
        ------
        CallTimeoutError
            If the call does not return within :attr:`timeout`.
        MeasureImplementationError
            If the callable raised ``SystemExit``.
        """
        buffer = io.StringIO()
        try:
            with contextlib.redirect_stdout(buffer), contextlib.redirect_stderr(buffer):
                return self._timed(func, args, kwargs)
        except SystemExit as exc:
            raise MeasureImplementationError(
                f"callable {self.name!r} raised SystemExit (exit code {exc.code!r}); a measure "
                "must return a number, not end the process"
            ) from None
        finally:
            self._keep(buffer.getvalue())

    def _keep(self, text: str) -> None:
        if not text:
            return
        with self._lock:
            self.printing_calls += 1
            room = _KEEP_PRINTED - len(self.printed)
            if room > 0:
                self.printed += text[:room]

    def _expired(self) -> CallTimeoutError:
        self.timed_out = True
        return CallTimeoutError(
            f"callable {self.name!r} did not return within {self.timeout:g} s "
            f"(call_timeout={self.timeout!r}; --call-timeout on the command line)"
        )

    def _timed(
        self, func: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> Any:
        if self.timeout is None:
            return func(*args, **kwargs)
        use_alarm = hasattr(signal, "setitimer") and (
            threading.current_thread() is threading.main_thread()
        )
        if use_alarm:
            return self._with_alarm(func, args, kwargs, self.timeout)
        return self._in_thread(func, args, kwargs, self.timeout)

    def _with_alarm(
        self,
        func: Callable[..., Any],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        seconds: float,
    ) -> Any:
        def on_alarm(signum: int, frame: Any) -> None:
            raise _Alarm

        started = time.monotonic()
        previous_handler = signal.signal(signal.SIGALRM, on_alarm)
        previous_timer = signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            try:
                return func(*args, **kwargs)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous_handler)
                if previous_timer[0] > 0:
                    left = previous_timer[0] - (time.monotonic() - started)
                    signal.setitimer(signal.ITIMER_REAL, max(left, 1e-3), previous_timer[1])
        except _Alarm:
            raise self._expired() from None

    def _in_thread(
        self,
        func: Callable[..., Any],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        seconds: float,
    ) -> Any:
        box: dict[str, Any] = {}

        def target() -> None:
            try:
                box["value"] = func(*args, **kwargs)
            except BaseException as exc:  # handed back to the calling thread
                box["error"] = exc

        worker = threading.Thread(target=target, name=f"axiometrics-call-{self.name}", daemon=True)
        worker.start()
        worker.join(seconds)
        if worker.is_alive():
            raise self._expired()
        if "error" in box:
            raise box["error"]
        return box["value"]
