"""What a snooping bot looks for: the paths in $SNOOP_READ (the tournament file, the
results file, the logs, other bots' files), the paths in $SNOOP_WRITE, every process it
can see with its command line, its environment, its working directory, and the files it
was left open (an fd of the arena's, inherited, would be a way out of the sandbox)."""

import os


def readable(path: str) -> bool:
    try:
        if os.path.isdir(path):
            return bool(os.listdir(path))
        with open(path, "rb") as file:
            return bool(file.read(1))
    except OSError:
        return False


def writable(path: str) -> bool:
    try:
        with open(path, "w") as file:
            file.write("x")
        return True
    except OSError:
        return False


def processes() -> dict[str, str]:
    found = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as file:
                    found[entry] = file.read().replace(b"\0", b" ").decode(errors="replace")[:60]
            except OSError:
                continue
    return found


def open_files() -> dict[str, str]:
    found = {}
    for fd in os.listdir("/proc/self/fd"):
        try:
            found[fd] = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue  # the listing's own, closed by now
    return found


FINDINGS = {
    "read": [p for p in os.environ.get("SNOOP_READ", "").split(":") if p and readable(p)],
    "wrote": [p for p in os.environ.get("SNOOP_WRITE", "").split(":") if p and writable(p)],
    "processes": processes(),
    "environment": sorted(os.environ),
    "cwd": os.getcwd(),
    "open files": open_files(),
}
