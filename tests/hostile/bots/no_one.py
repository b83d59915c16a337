"""A bot that tries what only root may: prints one JSON line of what it managed."""

import ctypes
import errno
import json
import os

libc = ctypes.CDLL(None, use_errno=True)


def attempt(what):
    try:
        what()
        return "done"
    except OSError as error:
        return errno.errorcode.get(error.errno, str(error.errno))


def ptrace_init():
    if libc.ptrace(0x4206, 1, None, None) != 0:  # PTRACE_SEIZE of the sandbox's init
        raise OSError(ctypes.get_errno(), "ptrace")


def write_sysctl():
    with open("/proc/sys/kernel/printk_ratelimit", "w") as sysctl:
        sysctl.write("5\n")


print(
    json.dumps(
        {
            "uid": os.getuid(),
            "euid": os.geteuid(),
            "read /etc/shadow": attempt(lambda: open("/etc/shadow").read()),
            "read /etc/gshadow": attempt(lambda: open("/etc/gshadow").read()),
            "write /proc/sys": attempt(write_sysctl),
            "ptrace init": attempt(ptrace_init),
            "setuid 0": attempt(lambda: os.setuid(0)),
        }
    ),
    flush=True,
)
