"""The offline budget: how large an offline copy may be before the reader is asked first.

Below it, the copy downloads on its own after the first visit (the promise of
"open it once at home, use it all at the club"). Above it, a phone on a
metered connection should not spend that much unasked: the build warns the
site's owner, and the page asks the reader before downloading.

50 MB: about twice today's copy (every page plus the pinned Python runtime
and its start-up image, 22.5 MB), so the copy may grow by several rulebooks
before anyone is asked; 5 % of a 1 GB monthly mobile plan, and under a
minute at 10 Mbit/s, which a reader told "saving for offline" waits out.
"""

from __future__ import annotations

DEFAULT_BUDGET_MB = 50
MB = 1_000_000


def over_budget(size: int, budget_mb: int) -> str | None:
    """What the build says when an offline copy of ``size`` bytes exceeds ``budget_mb``; None within it."""
    if size <= budget_mb * MB:
        return None
    return (f"the offline copy is {size / MB:.1f} MB, over the offline budget of {budget_mb} MB: readers are asked "
            "before it downloads. To save it without asking, raise the budget in mkdocs.yml "
            f"(plugins: - ruleref: offline_budget_mb: {-(-size // MB)})")
