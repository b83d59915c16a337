"""A bot's processes: started safely, sandboxed, held to their limits, and all gone at the end.

    async with open_bot_process(BotCommand(name=…, argv=…), log_dir) as bot: …

The referee's side (arena/play/) sees a bot only through this face.  Inside: `bot` keeps
one bot's process from start to reaping (`_start` starts it); `_launch` is the launcher
between spawn and exec; `_sandbox` is bubblewrap's command line (what the bot may see);
`_trees` finds all of a bot's processes (reading /proc with `_proc`) and `_watch` holds
them together to their memory, process and CPU limits, reading the cgroup `_cgroup`
makes for each bot where the machine allows (`_limits` keeps the two and the CPU meter
together); `cpu` measures and charges the CPU a bot spends on and off its turn; `_output` copies what it prints into its log
and `_fate` words how it ended; `signals` turns Ctrl-C into a clean stop and kills every
bot at the end, whatever happens.  Nothing here imports the referee.
"""

from arena.process.bot import TERMINATE_GRACE, BotCommand, BotProcess, open_bot_process, sandbox_status
from arena.process.cpu import OFF_TURN_ALLOWANCE, OFF_TURN_LIMIT, OFF_TURN_SLACK, CpuMeter, DecisionCpu
from arena.process.signals import (
    EXIT_INTERRUPTED,
    SHUTDOWN_LIMIT,
    install_termination_handlers,
    kill_all_bot_processes,
    run_interruptibly,
)

__all__ = [
    "TERMINATE_GRACE",
    "BotCommand",
    "BotProcess",
    "open_bot_process",
    "sandbox_status",
    "OFF_TURN_ALLOWANCE",
    "OFF_TURN_LIMIT",
    "OFF_TURN_SLACK",
    "CpuMeter",
    "DecisionCpu",
    "EXIT_INTERRUPTED",
    "SHUTDOWN_LIMIT",
    "install_termination_handlers",
    "kill_all_bot_processes",
    "run_interruptibly",
]
