"""The same sources build the same site, byte for byte (issue 6, "reproducible builds").

The second build runs "on another day": 400 days later by the clock
(``shifted_clock.py``: no faketime here, so the clock is moved inside Python),
from another folder, with fresh file times and another hash seed, and without
SOURCE_DATE_EPOCH. Any byte that depends on when, where or in which order the
build ran shows up as a difference.
"""

from __future__ import annotations

import datetime
import subprocess
import sys
from pathlib import Path

from trust_project import PROJECT, copy_project, ruleref, snapshot

DAYS_LATER = 400
SHIFTED_CLOCK = (str(Path(__file__).with_name("shifted_clock.py")), str(DAYS_LATER))


def first_difference(a: bytes, b: bytes) -> str:
    offset = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    start = max(0, offset - 16)
    return (f"first difference at byte {offset} (sizes {len(a)} and {len(b)}): "
            f"{a[start:offset + 24]!r} vs {b[start:offset + 24]!r}")


def differences(first: dict[str, bytes], second: dict[str, bytes]) -> list[str]:
    found = []
    for name in sorted(first.keys() | second.keys()):
        if name not in second or name not in first:
            found.append(f"{name}: only in the {'first' if name in first else 'second'} build")
        elif first[name] != second[name]:
            found.append(f"{name}: {first_difference(first[name], second[name])}")
    return found


def test_two_builds_on_different_days_in_different_folders_are_byte_identical(tmp_path):
    today = copy_project(tmp_path / "today")
    later = copy_project(tmp_path / "another-day" / "elsewhere")
    first = ruleref("build", "-d", str(tmp_path / "today-site"), cwd=today, env={"PYTHONHASHSEED": "1"})
    assert first.returncode == 0, first.stderr
    second = ruleref("build", "-d", str(tmp_path / "later-site"), cwd=later, env={"PYTHONHASHSEED": "2"},
                     launcher=SHIFTED_CLOCK)
    assert second.returncode == 0, second.stderr
    found = differences(snapshot(tmp_path / "today-site"), snapshot(tmp_path / "later-site"))
    assert not found, "the site depends on when or where it was built:\n" + "\n".join(found)


def test_the_shifted_clock_moves_every_clock_the_build_can_read():
    # Guards the test above: if the shift did nothing, "identical" would prove nothing.
    probe = ("import sys; sys.argv = ['shifted_clock', '%d']; sys.path.insert(0, %r); import shifted_clock; "
             "import datetime, time, gzip, io; "
             "print(datetime.date.today(), datetime.datetime.now().date(), "
             "datetime.datetime.fromtimestamp(time.time()).date())"
             % (DAYS_LATER, str(Path(__file__).parent)))
    result = subprocess.run([sys.executable, "-c", probe], cwd=PROJECT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    expected = (datetime.date.today() + datetime.timedelta(days=DAYS_LATER)).isoformat()
    assert result.stdout.split() == [expected] * 3
