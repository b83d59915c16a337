"""Arena's PBN reader on PBN files from the real world: every game of every file in a
folder read (engine.bridge.read_pbn) and replayed through the engine (replay_pbn), its
Contract, Declarer, Result and Score checked against the engine's (issue 45).

    python benchmarks/pbn_corpus.py FOLDER [--files] [--examples 1]

Prints, per file (with --files) and in all: the games, those read, those skipped (the
reasons grouped, each with an example), those agreeing with every tag they give,
those disagreeing (the reasons grouped) and those with nothing to check (a deal
alone); then the tags checked and agreeing (Contract, Declarer, Result, Score; see
engine/bridge/pbn_replay.py for what is checked when play stops at a claim).  Skips are
grouped by cause: "invalid" (not PBN 2.1), "no board" (valid PBN without a whole board
to replay: no deal, a hand not given, an end position, no dealer) and "irregular" (an
irregularity of PBN 2.1 §3.9 the rules cannot replay).  A file is read as UTF-8, or as
Latin-1 (PBN's own character set) when it is not UTF-8.

The files measured (fetched from public GitHub repositories with the search tools'
`fetch`, each file at its last version in the repository's history; not committed):

- lorserker/ben (the BEN bridge engine): Boards/BBO/*.pbn (BBO daylong tournaments,
  BBO's PBN export: claims as '- - - -', [Result "NS 11"]), Boards/BBA, Boards/Eamon,
  Boards/Thorvald, Boards/BEN (BBA's and BEN's own output, BridgeComposer files),
  "Boards/Practice Bidding Scenarios" (dealer-script deals), Challenges/ and
  Challenges/Results (BridgeComposer problems, BEN's match results), demo/, src/,
  scripts/ (training sets);
- jarekczek/pbntools (a converter from Polish club scoring programs and BBO):
  test/**/*.pbn (KOPS, Pary, TourCalc club results, BBO tournament histories, ABA)
  and their older copies under tags/ and trunk/;
- hansvanstaveren/BigDeal (the BigDeal dealer): its tournament deal files
  (Buenos Aires …), deals only;
- timheilman/bridge-pbn: spec/resource/*.pbn and the PBN reference implementation's
  test files (reference_impl_tests/correct_*.pbn, errors_*.pbn);
- zdenecek/pbn and zdenecek/pbn-cpp: pbn_files/*.pbn (bigdeal, BridgeComposer,
  PS Bridge, Deep Finesse output);
- dominicprice/endplay: tests/pbn/*.pbn (RealBridge's export; rpbridge.net's archive of
  the 2012 world championship, example3.pbn) and examples/pbn_files/sample.pbn;
- ThorvaldAagaard/Bridge-Robot-Utilities: Example/*.pbn (matches of the GIB, Lia, Brill,
  BBA and BEN robots);
- vlmaier/pbn-shuffler, yh464/bridge-dealer, Anakin100100/zaobridge (rpbridge.net's
  converter): test and example output.

To gather them again: `fetch` each repository, then for every path ending in .pbn in
`git log --all --name-only`, `git show` its last added or modified version into
FOLDER/<owner>+<name>/<path>.

The counts measured are in docs/games/bridge.md's PBN paragraph.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import NotationError  # noqa: E402
from engine.bridge.pbn import check_pbn, read_pbn  # noqa: E402


@dataclass
class Tally:
    """What one file (or all of them) gave."""

    games: int = 0
    read: int = 0
    skipped: int = 0
    agreeing: int = 0
    disagreeing: int = 0
    unchecked: int = 0
    checked: Counter[str] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        for name in ("games", "read", "skipped", "agreeing", "disagreeing", "unchecked"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.checked.update(other.checked)


@dataclass
class Reasons:
    """Messages grouped by their shape (numbers and quoted values blanked), with the
    first file and message of each group."""

    counts: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def add(self, group: str, where: str, message: str, keep: int) -> None:
        shape = message.split("; the hand is")[0]
        shape = re.sub(r"\b[1-7](?:NT|[SHDC])X{0,2}\b", "<contract>", shape)
        shape = re.sub(r"\b[SHDC][AKQJT2-9]\b", "<card>", shape)
        shape = re.sub(r"\b[NESW]\b", "<seat>", shape)
        shape = re.sub(r"'[^']*'", "'…'", re.sub(r"-?\b\d+\b", "<n>", shape))
        key = f"[{group}] {shape}"
        self.counts[key] += 1
        kept = self.examples.setdefault(key, [])
        if len(kept) < keep:
            kept.append(f"{where}: {message}")


def _text(path: Path) -> str:
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:  # PBN's character set is ISO 8859-1 (PBN 2.1 §2.2)
        return raw.decode("latin-1")


def measure(path: Path, skipped: Reasons, disagreements: Reasons, keep: int) -> Tally:
    pbn = read_pbn(_text(path))
    tally = Tally(games=len(pbn) + len(pbn.skipped), read=len(pbn), skipped=len(pbn.skipped))
    for game in pbn.skipped:
        skipped.add(game.cause.value, f"{path}:{game.line}", game.reason, keep)
    for board in pbn:
        try:
            checked = check_pbn(board).checked
        except NotationError as error:
            tally.disagreeing += 1
            disagreements.add("replay", str(path), str(error), keep)
            continue
        if checked:
            tally.agreeing += 1
            tally.checked.update(checked)
        else:
            tally.unchecked += 1
    return tally


def _row(name: str, t: Tally) -> str:
    return f"{name[-60:]:60} {t.games:7} {t.read:7} {t.skipped:7} {t.agreeing:7} {t.disagreeing:7} {t.unchecked:7}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="a folder of PBN files (searched recursively)")
    parser.add_argument("--files", action="store_true", help="a line per file")
    parser.add_argument("--examples", type=int, default=1, help="examples printed per reason")
    args = parser.parse_args()
    if not args.folder.is_dir():
        print(f"error: {args.folder} is not a folder of PBN files.", file=sys.stderr)
        return 2
    paths = sorted(p for p in args.folder.rglob("*") if p.is_file() and p.suffix.lower() == ".pbn")
    if not paths:
        print(f"error: {args.folder} holds no .pbn file.", file=sys.stderr)
        return 2
    total, skipped, disagreements = Tally(), Reasons(), Reasons()
    header = f"{'file':60} {'games':>7} {'read':>7} {'skipped':>7} {'agree':>7} {'disagree':>7} {'nothing':>7}"
    if args.files:
        print(header)
    started = time.process_time()
    for path in paths:
        tally = measure(path, skipped, disagreements, args.examples)
        total.add(tally)
        if args.files:
            print(_row(str(path.relative_to(args.folder)), tally))
    seconds = time.process_time() - started
    print(header)
    print(_row(f"all ({len(paths)} files)", total))
    share = 100 * total.read / total.games if total.games else 100.0
    print(
        f"read {share:.2f}% of the games; {seconds:.1f} s of CPU, {1e6 * seconds / max(total.games, 1):.0f} µs a game"
    )
    print("checked and agreeing: " + ", ".join(f"{n} {k}s" for k, n in sorted(total.checked.items())))
    for title, reasons in (("skipped", skipped), ("disagreeing", disagreements)):
        print(f"\n{title}, by reason:")
        for key, count in reasons.counts.most_common():
            print(f"{count:8}  {key}")
            for example in reasons.examples[key]:
                print(f"          e.g. {example}")
    invalid = sum(n for key, n in skipped.counts.items() if key.startswith("[invalid]"))
    print(
        f"\ninvalid PBN: {invalid} games; valid PBN that is no whole board or breaks a rule: {total.skipped - invalid}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
