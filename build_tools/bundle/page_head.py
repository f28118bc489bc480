"""What the ``<head>`` of a page showing calculators gets at the end of the build.

* its Content-Security-Policy (``csp.py``), first, before any script;
* an early start of the calculators' worker: a few lines of inline script,
  right after the policy, start Pyodide as soon as the head is parsed,
  instead of once the whole page and its other scripts have loaded (when
  ``calculators.js`` runs, at ``DOMContentLoaded``). On a warm start that is
  a good part of the time to live results. The worker's first messages are
  kept until ``calculators.js`` adopts it (``rulerefCalculators.adopt``). The
  script's text is allowed by its sha256 in the policy, like Material's own.

Every page gets the policy; only pages showing calculators get the early start.
"""

from __future__ import annotations

import re

from build_tools.bundle import csp

_CALCULATORS_SCRIPT = re.compile(r'<script src="([^"]*assets/ruleref/)calculators\.js" type="module"></script>')
_HEAD = re.compile(r"<head(\s[^>]*)?>(\s*<meta charset=[^>]*>)?", re.IGNORECASE)
WORKER = "ruleref/calculator-worker.js"

# Runs before any other script of the page: plain ES5-level code, no imports.
_EARLY_START = (
    "(function(){var w=new Worker(%s,{type:\"module\",name:\"ruleref-calculators\"}),kept=[];"
    "function keep(e){kept.push(e)}w.addEventListener(\"message\",keep);w.addEventListener(\"error\",keep);"
    "window.rulerefCalculators={worker:w,adopt:function(onMessage,onError){"
    "w.removeEventListener(\"message\",keep);w.removeEventListener(\"error\",keep);"
    "w.addEventListener(\"message\",onMessage);w.addEventListener(\"error\",onError);"
    "kept.forEach(function(e){(e.type===\"error\"?onError:onMessage)(e)});kept=null}}})()"
)


def finish(html: str) -> str:
    """A finished page (its content already checked by ``csp.unwritten_script``) with its head completed."""
    script = _CALCULATORS_SCRIPT.search(html)
    head = _HEAD.search(html)
    if csp.MARKER in html and script and head:
        url = '"' + script.group(1) + WORKER + '"'
        html = html[:head.end()] + f"<script>{_EARLY_START % url}</script>" + html[head.end():]
    return csp.add_policy(html)
