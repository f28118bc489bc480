"""What the ``<head>`` of a page showing calculators gets at the end of the build.

* its Content-Security-Policy (``csp.py``), first, before any script;
* an early start of the calculators' worker where the page's link holds a
  calculator's inputs (a share link): a few lines of inline script, right
  after the policy, start Pyodide as soon as the head is parsed, instead of
  once the page is parsed (when ``calculators.js`` runs). On a share link's
  first visit that is a good part of the time to its result. The script also
  asks at once for what the link means for the page's calculators (the
  "open" request ``calculators.js`` would send, under ``seq`` 0), so Python
  answers while a phone's main thread is still parsing the page and running
  Material. The worker's first messages are kept until ``calculators.js``
  adopts it (``rulerefCalculators.adopt``). The script's text is allowed by
  its sha256 in the policy, like Material's own.
  A page opened without such a link (a reader looking a rule up) shows the
  build's results for the default inputs, and its worker starts once the page
  is parsed: Pyodide's start competes for a phone's cores with Material's
  bundle, whose run took 274 ms instead of 199 ms (G15, 4x CPU throttling,
  medians of 5), while live results came 0.4 s later on a first visit and as
  soon on a later one.
* the rule index, fetched by the same script: a result's citations link to
  their rules by ``rule-index.json``, so a calculator shows its first live
  result only once the index is parsed. Fetched from the head, it is parsed
  long before Python answers, and ``rules.js`` takes this fetch
  (``window.rulerefRuleIndex``) instead of making its own.
* its scripts in the order a phone needs: ``calculators.js`` before
  Material's bundle, which is deferred. The bundle, a parser-blocking script
  at the end of the body, runs for 0.2-0.4 s of a phone's main thread, and
  every deferred module (``calculators.js`` among them) waited for it. Now
  the page's calculators are scanned, prefilled from the link and shown live
  as soon as the page is parsed and Python has answered; Material's
  components mount right after, still before ``DOMContentLoaded`` as they
  expect (``calculators.js`` follows Material's page swaps from then on).
  Measured under 4x CPU throttling, 8 runs each: a cold share link went live
  in 1.96 s instead of 2.49 s (medians).

Every page gets the policy; only pages showing calculators get the early start and the new order.
"""

from __future__ import annotations

import json
import re

from build_tools.bundle import csp
from build_tools.rule_index_json import RULE_INDEX_JSON

_CALCULATORS_SCRIPT = re.compile(r'<script src="([^"]*)assets/ruleref/calculators\.js" type="module"></script>')
_MATERIAL_BUNDLE = re.compile(r'<script src="[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js"></script>')
_HEAD = re.compile(r"<head(\s[^>]*)?>(\s*<meta charset=[^>]*>)?", re.IGNORECASE)
_CALCULATOR = re.compile(r'<section [^>]*class="rr-calc"[^>]*\sdata-calc="([^"]+)"')
WORKER = "assets/ruleref/ruleref/calculator-worker.js"

# Runs before any other script of the page: plain ES5-level code, no imports. A link's key for a
# calculator's input starts with the calculator's ID and a dot ("dozer-clearance.labor").
# %(worker)s: the worker's URL; %(ids)s: the page's calculators, in page order;
# %(index)s: rule-index.json's URL (a failed fetch is reported by whoever takes it).
_EARLY_START = (
    "(function(){var i=window.rulerefRuleIndex=fetch(%(index)s).then(function(r){"
    "if(!r.ok)throw new Error(\"rule-index.json: HTTP \"+r.status);return r.json()});i.catch(function(){});"
    "var ids=%(ids)s;if(!ids.some(function(id){return location.search.indexOf(id+\".\")>=0}))return;"
    "var w=new Worker(%(worker)s,{type:\"module\",name:\"ruleref-calculators\"}),kept=[],"
    "opened={seq:0,ids:ids,query:location.search};"
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
        start = _EARLY_START % {"worker": _script_json(root + WORKER), "ids": _script_json(calculators),
                                "index": _script_json(root + RULE_INDEX_JSON)}
        html = _calculators_before_bundle(html, script)
        html = html[:head.end()] + f"<script>{start}</script>" + html[head.end():]
    return csp.add_policy(html)


def _calculators_before_bundle(html: str, script: re.Match[str]) -> str:
    """``html`` with ``calculators.js`` moved in front of Material's bundle and the bundle deferred
    (unchanged where no such bundle comes before it: another theme or engine)."""
    bundle = _MATERIAL_BUNDLE.search(html, 0, script.start())
    if not bundle:
        return html
    deferred = bundle.group(0).replace("<script ", "<script defer ", 1)
    return (html[:bundle.start()] + script.group(0) + deferred + html[bundle.end():script.start()]
            + html[script.end():])


def _script_json(value) -> str:
    """``value`` as a JavaScript literal that cannot end the inline script it sits in."""
    return json.dumps(value).replace("<", "\\u003c")
