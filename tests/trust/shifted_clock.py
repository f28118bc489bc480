"""Run ``ruleref`` as if today were another day: ``python shifted_clock.py DAYS ruleref-args...``.

There is no ``faketime`` on the build machines, so the clock is moved inside
Python before MkDocs is imported: ``time.time`` and the ``datetime``/``date``
constructors that read the clock (``now``, ``utcnow``, ``today``) are shifted
by DAYS. Any part of the build that stamps the time into the site (a sitemap
date, a gzip header, a footer) then writes another day's date.
"""

from __future__ import annotations

import datetime as _datetime
import sys
import time

SHIFT_SECONDS = float(sys.argv[1]) * 86400
_real_time = time.time
_real_time_ns = time.time_ns
_RealDateTime = _datetime.datetime
_SHIFT = _datetime.timedelta(seconds=SHIFT_SECONDS)


class _ShiftedDateTime(_RealDateTime):
    @classmethod
    def now(cls, tz=None):
        return _RealDateTime.now(tz) + _SHIFT

    @classmethod
    def utcnow(cls):
        return _RealDateTime.now(_datetime.timezone.utc).replace(tzinfo=None) + _SHIFT

    @classmethod
    def today(cls):
        return cls.now()


class _ShiftedDate(_datetime.date):
    @classmethod
    def today(cls):
        return _ShiftedDateTime.now().date()


time.time = lambda: _real_time() + SHIFT_SECONDS
time.time_ns = lambda: _real_time_ns() + int(SHIFT_SECONDS * 1e9)
_datetime.datetime = _ShiftedDateTime
_datetime.date = _ShiftedDate

if __name__ == "__main__":
    from build_tools.cli import main

    sys.exit(main(sys.argv[2:]))
