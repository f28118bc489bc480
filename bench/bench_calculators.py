"""How fast the rules core starts and answers (CPython).

* ``import calculators``, timed inside fresh subprocesses (median of many),
  and the same plus ``all_calculators()`` (which imports every calculator
  module). Target: < 50 ms.
* One ``run`` of each registered calculator with its defaults (median over
  many runs). Target: < 1 ms.

Prints figures with their targets and the ratio to target; asserts nothing.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
IMPORT_RUNS = 25
RUN_REPEATS = 300
IMPORT_TARGET_MS = 50.0
RUN_TARGET_MS = 1.0

_CHILD = """
import time
start = time.perf_counter()
import calculators
{extra}
print((time.perf_counter() - start) * 1000)
"""


def _import_ms(extra: str) -> float:
    """Median milliseconds for the import in a fresh interpreter (after one warm-up run for .pyc files)."""
    code = _CHILD.format(extra=extra)
    times = []
    for _ in range(IMPORT_RUNS + 1):
        done = subprocess.run([sys.executable, "-c", code], cwd=PROJECT, capture_output=True, text=True, check=True)
        times.append(float(done.stdout))
    return statistics.median(times[1:])


def _run_ms(calc) -> float:
    times = []
    for _ in range(RUN_REPEATS):
        start = time.perf_counter()
        calc.run({})
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _row(name: str, ms: float, target: float) -> str:
    return f"{name:<44} {ms:>9.3f} ms   < {target:g} ms   {ms / target:>6.2f}x"


def main() -> None:
    sys.path.insert(0, str(PROJECT))
    import calculators

    print(f"{'measure':<44} {'median':>12}   {'target':<9} {'ratio':>7}")
    print(_row("import calculators", _import_ms(""), IMPORT_TARGET_MS))
    print(_row("import calculators + all_calculators()", _import_ms("calculators.all_calculators()"),
               IMPORT_TARGET_MS))
    for calc in calculators.all_calculators():
        print(_row(f"run {calc.id} (defaults)", _run_ms(calc), RUN_TARGET_MS))


if __name__ == "__main__":
    main()
