"""Which exception of a nursery's group is the news, when a bot's process is left.

Leaving `open_bot_process` runs the bot's own tasks' ends beside the caller's body; trio
gathers what they raised in a group, and the caller should see the one exception that
matters, not a group of one around a Cancelled.
"""

from __future__ import annotations

import trio

__all__ = ["most_important"]


def most_important(group: BaseExceptionGroup, body_exc: BaseException | None) -> BaseException:
    """The exception to raise for a nursery's `group` around a body that raised `body_exc`
    (or None): a KeyboardInterrupt first; then the body's own error, unless the body was
    only cancelled because a task failed; then the one real error; else the group."""
    leaves: list[BaseException] = []

    def collect(exc: BaseException) -> None:
        if isinstance(exc, BaseExceptionGroup):
            for sub in exc.exceptions:
                collect(sub)
        else:
            leaves.append(exc)

    collect(group)
    for exc in leaves:
        if isinstance(exc, KeyboardInterrupt):
            return exc
    errors = [exc for exc in leaves if not isinstance(exc, trio.Cancelled)]
    # A body cancelled because a task of the nursery failed: that failure is the news, and
    # a Cancelled raised past its scope would end the caller's task as if nothing happened.
    # The body's own nurseries wrap their Cancelled in groups.
    body_cancelled = isinstance(body_exc, trio.Cancelled) or (
        isinstance(body_exc, BaseExceptionGroup) and body_exc.split(trio.Cancelled)[1] is None
    )
    if body_exc is not None and not (body_cancelled and errors):
        return body_exc
    if len(errors or leaves) == 1:
        return (errors or leaves)[0]
    return group
