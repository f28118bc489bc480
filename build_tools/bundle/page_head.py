"""What the ``<head>`` of a page showing calculators gets at the end of the build.

* its Content-Security-Policy (``csp.py``), first, before any script;
* an early start of the calculators' worker: a few lines of inline script,
  right after the policy, start Pyodide as soon as the head is parsed,
  instead of once the whole page and its other scripts have loaded (when
  ``calculators.js`` runs, at ``DOMContentLoaded``). On a warm start that is
  a good part of the time to live results. The script also asks at once for
  what the page's link means for the page's calculators (the "open" request
  ``calculators.js`` would send, under ``seq`` 0), so Python answers while a
  phone's main thread is still parsing the page and running Material. The
  worker's first messages are kept until ``calculators.js`` adopts it
  (``rulerefCalculators.adopt``). The script's text is allowed by its sha256
  in the policy, like Material's own.
* a preload of ``rule-index.json``: a result's citations link to their rules
  by it, so a calculator shows its first live result only once it has
  arrived; asked for by ``calculators.js``, it would be requested only once
  the page is parsed (on a phone, seconds into the load, and after a round
  trip). ``rules.js`` fetches it as the preload does (same URL, same mode),
  so the browser hands over the preloaded response.

Every page gets the policy; only pages showing calculators get the early start and the preload.
"""

from __future__ import annotations

import json
import re

from build_tools.bundle import csp
from build_tools.rule_index_json import RULE_INDEX_JSON

_CALCULATORS_SCRIPT = re.compile(r'<script src="([^"]*)assets/ruleref/calculators\.js" type="module"></script>')
_HEAD = re.compile(r"<head(\s[^>]*)?>(\s*<meta charset=[^>]*>)?", re.IGNORECASE)
_CALCULATOR = re.compile(r'<section [^>]*class="rr-calc"[^>]*\sdata-calc="([^"]+)"')
WORKER = "assets/ruleref/ruleref/calculator-worker.js"

# Runs before any other script of the page: plain ES5-level code, no imports.
# %(worker)s: the worker's URL; %(ids)s: the page's calculators, in page order.
_EARLY_START = (
    "(function(){var w=new Worker(%(worker)s,{type:\"module\",name:\"ruleref-calculators\"}),kept=[],"
    "opened={seq:0,ids:%(ids)s,query:location.search};"
    "function keep(e){kept.push(e)}w.addEventListener(\"message\",keep);w.addEventListener(\"error\",keep);"
    "w.postMessage({seq:0,type:\"open\",ids:opened.ids,query:opened.query});"
    "window.rulerefCalculators={worker:w,opened:opened,adopt:function(onMessage,onError){"
    "w.removeEventListener(\"message\",keep);w.removeEventListener(\"error\",keep);"
    "w.addEventListener(\"message\",onMessage);w.addEventListener(\"error\",onError);"
    "kept.forEach(function(e){(e.type===\"error\"?onError:onMessage)(e)});kept=null}}})()"
)


def finish(html: str) -> str:
    """A finished page (its content already checked by ``csp.unwritten_script``) with its head completed."""
    # Most pages show no calculator: the cheap test first, the page's HTML scanned only where it holds one.
    calculators = _CALCULATOR.findall(html) if csp.MARKER in html else []
    script = _CALCULATORS_SCRIPT.search(html) if calculators else None
    head = _HEAD.search(html) if script else None
    if head:
        root = script.group(1)  # the site's root, relative to the page
        start = _EARLY_START % {"worker": _script_json(root + WORKER), "ids": _script_json(calculators)}
        preload = f'<link rel="preload" href="{root}{RULE_INDEX_JSON}" as="fetch" crossorigin>'
        html = html[:head.end()] + f"<script>{start}</script>{preload}" + html[head.end():]
    return csp.add_policy(html)


def _script_json(value) -> str:
    """``value`` as a JavaScript literal that cannot end the inline script it sits in."""
    return json.dumps(value).replace("<", "\\u003c")
