"""Calculators under their rules: the ``build_tools.markdown.calculators`` extension.

Where a calculator goes is data: ``rulesets/<ruleset>/calculators.yml`` maps a
rule ID to the calculator id(s) shown under it::

    G15.21: dozer-clearance
    G15.11: [dozer-fire-drm, dozer-vp]

Each calculator is inserted right after its rule's own text (before the next
heading, i.e. the first sub-rule). Its form is generated from the calculator's
declaration (labels, limits, defaults, help, the source of values our texts do
not give, rule links), and the result for the default inputs is computed here,
by the same Python the page runs later, so the page shows a correct, cited
answer with no script at all. ``calculators.js`` then hands the form to the
Pyodide worker; it renders live results into the same structure
(``rr-calc__live``) from the same ``result_json``.

A page containing the line ``<!-- ruleref:calculators -->`` gets, in its
place, a section per ruleset of the site (``## <ruleset name>``) with the
table of its calculators, their rules and where each is placed, or one
sentence if no ruleset has any (``docs/calculators.md``). Calculators of a
ruleset the site does not hold are left out.

Configuration (``mdx_configs``): ``current_page`` and ``rule_index``, set by
the ruleref plugin, or found without it (:mod:`build_tools.markdown.site_context`).
"""

from __future__ import annotations

import json
import posixpath
import re
import weakref
import xml.etree.ElementTree as etree
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import yaml
from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

import calculators
from calculators.model import result_json
from build_tools.errors import SourceError
from build_tools.markdown.site_context import current_page, page_options, site_index
from build_tools.markdown.references import reference_attributes, removed_reference_attributes
from build_tools.numbering import heading_number
from build_tools.rule_index import slugify

PLACEMENTS_FILE = "calculators.yml"
INDEX_MARKER = "<!-- ruleref:calculators -->"
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_ID_CHARS = re.compile(r"[^A-Za-z0-9_-]")


@dataclass(frozen=True)
class Placement:
    calculator: str
    rule: str
    ruleset: str
    source: Path
    line: int


# -- calculators.yml -----------------------------------------------------------

def _scalar(node: yaml.Node, path: Path, what: str) -> str:
    if not isinstance(node, yaml.ScalarNode) or not node.value.strip():
        raise SourceError(str(path), node.start_mark.line + 1, f"expected {what}")
    return node.value.strip()


def load_placements(index) -> dict[tuple[str, str], tuple[Placement, ...]]:
    """Every ruleset's ``calculators.yml``, validated: (ruleset id, rule ID) -> placements, in file order.

    Keyed by ruleset too: rule IDs are unique within a ruleset only, and a
    calculator shows on its own ruleset's page.

    Errors name the file and line: a rule ID this reference does not contain
    (or one of another ruleset), an unknown calculator id, a calculator of
    another ruleset, a calculator placed twice."""
    known = {calc.id: calc for calc in calculators.all_calculators()}
    by_rule: dict[tuple[str, str], list[Placement]] = {}
    placed: dict[str, Placement] = {}
    for ruleset in index.rulesets.values():
        path = Path(ruleset.folder) / PLACEMENTS_FILE
        try:
            root = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
        except FileNotFoundError:
            continue
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            raise SourceError(str(path), mark.line + 1 if mark else None,
                              f"invalid YAML: {getattr(error, 'problem', error)}") from None
        if root is None:
            continue
        if not isinstance(root, yaml.MappingNode):
            raise SourceError(str(path), root.start_mark.line + 1,
                              "expected a mapping of rule ID -> calculator id (or a list of ids)")
        for key_node, value_node in root.value:
            rule_id = _scalar(key_node, path, "a rule ID")
            line = key_node.start_mark.line + 1
            rule = index.get(ruleset.id, rule_id)
            if rule is None:
                raise SourceError(str(path), line, f"{rule_id!r} is not a rule of {ruleset.id} in docs/ "
                                  "(use a rule ID or section slug as in the rule's heading)")
            items = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
            for item in items:
                calc_id = _scalar(item, path, "a calculator id")
                item_line = item.start_mark.line + 1
                if calc_id not in known:
                    own = [calc.id for calc in known.values() if calc.ruleset == ruleset.id]
                    raise SourceError(str(path), item_line, f"no calculator {calc_id!r} "
                                      f"({ruleset.id}'s: {', '.join(own) or 'none'}; see python -m calculators list)")
                if known[calc_id].ruleset != ruleset.id:
                    raise SourceError(str(path), item_line,
                                      f"{calc_id} is a {known[calc_id].ruleset} calculator, not {ruleset.id}")
                if calc_id in placed:
                    first = placed[calc_id]
                    raise SourceError(str(path), item_line,
                                      f"{calc_id} is already placed under {first.rule} ({first.source}:{first.line})")
                placement = Placement(calc_id, rule.id, ruleset.id, path, item_line)
                placed[calc_id] = placement
                by_rule.setdefault((ruleset.id, rule.id), []).append(placement)
    return {key: tuple(items) for key, items in by_rule.items()}


# Held weakly: the index, and the placements with it, are freed with the build.
_placements_cache: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def placements_of(index) -> dict[tuple[str, str], tuple[Placement, ...]]:
    """``load_placements`` once per build (the plugin makes a new index per build)."""
    if index not in _placements_cache:
        _placements_cache.clear()
        _placements_cache[index] = load_placements(index)
    return _placements_cache[index]


# -- links -----------------------------------------------------------------------

class Citations(NamedTuple):
    """What a calculator's citations on ``page`` link to: the rules of its ruleset
    (``RuleIndex.rules_of``) and where its removed rules stood (``RuleIndex.tombstones_of``)."""

    rules: Mapping
    tombstones: Mapping
    page: str


def _link(target_page: str, page: str, anchor: str) -> str:
    """A link from ``page`` to ``anchor`` on ``target_page`` as a relative .md path
    (MkDocs turns it into a URL and checks it)."""
    if target_page == page:
        return f"#{anchor}"
    return f"{posixpath.relpath(target_page, posixpath.dirname(page) or '.')}#{anchor}"


def _href(rules, page: str, rule_id: str) -> str | None:
    """A link to a rule of ``rules`` (the calculator's ruleset's), or None when it has none of that ID."""
    rule = rules.get(rule_id)
    return None if rule is None else _link(rule.page, page, rule.id)


def _rule_element(cited: Citations, rule_id: str) -> etree.Element:
    """A reference as the references extension marks it: a link, a link to the tombstone of a
    rule a version removed, or a missing-rule span."""
    tombstone = cited.tombstones.get(rule_id) if rule_id not in cited.rules else None
    if tombstone is None:
        href = _href(cited.rules, cited.page, rule_id)
        element = etree.Element("span" if href is None else "a", reference_attributes(rule_id, href))
    else:
        element = etree.Element("a", removed_reference_attributes(
            rule_id, _link(tombstone.page, cited.page, rule_id), tombstone.removed_in))
    element.text = AtomicString(rule_id)
    return element


def _sub(parent: etree.Element, tag: str, attrs: dict | None = None, text: str | None = None) -> etree.Element:
    element = etree.SubElement(parent, tag, attrs or {})
    if text is not None:
        element.text = AtomicString(text)
    return element


def _cite(parent: etree.Element, cited: Citations, rule_id: str) -> None:
    """`` (G15.21)`` after a text: the rule it rests on."""
    if not rule_id:
        return
    last = parent[-1] if len(parent) else None
    opening = " (" if (parent.text or last is not None) else "("
    if last is None:
        parent.text = AtomicString((parent.text or "") + opening)
    else:
        last.tail = AtomicString((last.tail or "") + opening)
    link = _rule_element(cited, rule_id)
    link.tail = AtomicString(")")
    parent.append(link)


# -- the form ----------------------------------------------------------------------

def _field_id(calc_id: str, name: str) -> str:
    return f"calc-{calc_id}-{_ID_CHARS.sub('-', name)}"


def _shown(item: dict, values: dict) -> bool:
    return all(values.get(name) in allowed for name, allowed in item["show_if"].items())


def _field(form: etree.Element, calc_id: str, item: dict, value, visible: bool, cited: Citations) -> None:
    field_id = _field_id(calc_id, item["name"])
    attrs = {"class": f"rr-calc__field rr-calc__field--{item['kind']}", "data-input": item["name"],
             "data-kind": item["kind"]}
    if item["show_if"]:
        attrs["data-show-if"] = json.dumps(item["show_if"], separators=(",", ":"))
    # What the share-link prefill needs besides the control's own limits (link-prefill.js).
    if item["at_most"]:
        attrs["data-at-most"] = item["at_most"]
    if item["pattern"] is not None:
        attrs["data-pattern"] = item["pattern"]
    if not visible:
        attrs["hidden"] = "hidden"
    field = _sub(form, "div", attrs)
    described = f"{field_id}-help {field_id}-error"
    control_attrs = {"id": field_id, "name": item["name"], "aria-describedby": described}
    if item["kind"] == "boolean":
        control_attrs.update(type="checkbox", value="true")
        if value:
            control_attrs["checked"] = "checked"
        _sub(field, "input", control_attrs)
        _sub(field, "label", {"for": field_id}, item["label"])
    else:
        _sub(field, "label", {"for": field_id}, item["label"])
        if item["kind"] == "choice":
            select = _sub(field, "select", control_attrs)
            for choice in item["choices"]:
                option = {"value": choice["value"]}
                if choice["value"] == value:
                    option["selected"] = "selected"
                _sub(select, "option", option, choice["label"])
        elif item["kind"] == "integer":
            control_attrs.update(type="number", inputmode="numeric", step="1", min=str(item["min"]),
                                 max=str(item["max"]), value=str(value))
            _sub(field, "input", control_attrs)
        else:  # text: Python checks the format (the share-link prefill reads it from data-pattern)
            control_attrs.update(type="text", value=str(value), maxlength=str(item["max_length"]),
                                 spellcheck="false")
            _sub(field, "input", control_attrs)
    help_element = _sub(field, "p", {"class": "rr-calc__help", "id": f"{field_id}-help"})
    parts = []
    if item["kind"] == "integer":
        parts.append(f"{item['min']} to {item['max']}.")
    if item["help"]:
        parts.append(item["help"])
    if item["source"]:
        parts.append(f"Value from: {item['source']}.")
    help_element.text = " ".join(parts)  # not atomic: rule references in help become links
    _cite(help_element, cited, item["rule"])
    _sub(field, "p", {"class": "rr-calc__error", "id": f"{field_id}-error", "hidden": "hidden"})


def render_result(parent: etree.Element, result: dict, cited: Citations) -> None:
    """``result_json`` as elements; ``calculators.js`` builds the same structure in the page."""
    live = _sub(parent, "div", {"class": "rr-calc__live", "aria-live": "polite"})
    _sub(live, "p", {"class": "rr-calc__message", "hidden": "hidden"})
    outputs = _sub(live, "dl", {"class": "rr-calc__outputs"})
    for item in result["display"]:
        row = _sub(outputs, "div", {"class": "rr-calc__output", "data-output": item["name"]})
        _sub(row, "dt", None, item["label"])
        value = _sub(row, "dd")
        _sub(value, "span", {"class": "rr-calc__value"}, item["text"])
        _cite(value, cited, item["rule"])
    if result["warnings"]:
        warnings = _sub(live, "ul", {"class": "rr-calc__warnings"})
        for warning in result["warnings"]:
            _sub(warnings, "li", None, warning)
    if result["distribution"]:
        table = _sub(parent, "table", {"class": "rr-calc__distribution"})
        head = _sub(_sub(table, "thead"), "tr")
        _sub(head, "th", None, "Outcome")
        _sub(head, "th", None, "Probability")
        body = _sub(table, "tbody")
        for row in result["distribution"]:
            cells = _sub(body, "tr")
            _sub(cells, "td", None, row["outcome"])
            _sub(cells, "td", None, f"{row['probability']} ({row['percent']})")
    if result["steps"]:
        details = _sub(parent, "details", {"class": "rr-calc__steps"})
        _sub(details, "summary", None, "Working")
        steps = _sub(details, "ol")
        for step in result["steps"]:
            line = _sub(steps, "li", None, step["text"])
            _cite(line, cited, step["rule"])


def render_calculator(calc, index, page: str) -> etree.Element:
    cited = Citations(index.rules_of(calc.ruleset), index.tombstones_of(calc.ruleset), page)
    declaration = calc.declaration()
    defaults = {item["name"]: item["default"] for item in declaration["inputs"]}
    section_id = f"calc-{calc.id}"
    section = etree.Element("section", {"class": "rr-calc", "id": section_id, "data-calc": calc.id,
                                        "aria-labelledby": f"{section_id}-title"})
    title = _sub(section, "p", {"class": "rr-calc__title", "id": f"{section_id}-title"})
    _sub(title, "span", {"class": "rr-calc__kind"}, "Calculator")
    _sub(title, "span", None, calc.title)
    summary = _sub(section, "p", {"class": "rr-calc__summary"})
    summary.text = calc.summary
    for rule_id, label in calc.reviewed.items():  # checked against a version of the rule (calculator_review)
        reviewed = _sub(section, "p", {"class": "rr-calc__reviewed"}, "Implements ")
        link = _rule_element(cited, rule_id)
        link.tail = AtomicString(f" as of {label}.")
        reviewed.append(link)
    form = _sub(section, "form", {"class": "rr-calc__form", "novalidate": "novalidate", "autocomplete": "off",
                                  "aria-label": f"Inputs: {calc.title}"})
    for item in declaration["inputs"]:
        _field(form, calc.id, item, defaults[item["name"]], _shown(item, defaults), cited)
    if not declaration["inputs"]:  # the form stays: the page script listens on it and the release check counts it
        _sub(form, "p", {"class": "rr-calc__no-inputs"}, "This calculator takes no inputs: the rules fix its result.")
    inputs = calc.parse({})
    result = _sub(section, "div", {"class": "rr-calc__result"})
    render_result(result, result_json(calc, inputs, calc.compute(inputs)), cited)
    bar = _sub(section, "div", {"class": "rr-calc__bar"})
    _sub(bar, "button", {"type": "button", "class": "md-button rr-calc__copy", "hidden": "hidden"}, "Copy link")
    _sub(bar, "p", {"class": "rr-calc__status", "role": "status"},
         "Result for the default inputs, computed when this page was built.")
    return section


# -- Markdown wiring ------------------------------------------------------------------

class CalculatorsTreeprocessor(Treeprocessor):
    def __init__(self, md: Markdown, extension: CalculatorsExtension):
        super().__init__(md)
        self.extension = extension

    def run(self, root: etree.Element) -> None:
        config = self.extension.getConfigs()
        index, page = site_index(config), current_page(self.md, config)
        rule_page = index.pages.get(page)
        if rule_page is None:  # not a rule page: no rule to place a calculator under
            return
        placements = placements_of(index)
        children = list(root)
        for position, heading in enumerate(children):
            if heading.tag not in _HEADINGS or "rr-rule" not in heading.get("class", "").split():
                continue
            placed = placements.get((rule_page.ruleset, heading.get("data-rule", "")))
            if not placed:
                continue
            # Right after the rule's own text: before the next heading (its first sub-rule).
            following = next((c for c in children[position + 1:] if c.tag in _HEADINGS), None)
            at = list(root).index(following) if following is not None else len(root)
            for offset, placement in enumerate(placed):
                section = render_calculator(calculators.get(placement.calculator), index, page)
                section.tail = "\n"
                root.insert(at + offset, section)


class CalculatorsIndexPreprocessor(Preprocessor):
    """Replace the ``<!-- ruleref:calculators -->`` line by the tables of calculators."""

    def __init__(self, md: Markdown, extension: CalculatorsExtension):
        super().__init__(md)
        self.extension = extension

    def run(self, lines: list[str]) -> list[str]:
        if INDEX_MARKER not in (line.strip() for line in lines):
            return lines
        config = self.extension.getConfigs()
        index = site_index(config)
        table = calculator_table(index, placements_of(index), current_page(self.md, config))
        return [new for line in lines for new in (table if line.strip() == INDEX_MARKER else [line])]


def _md_link(text: str, href: str | None) -> str:
    escaped = text.replace("|", "\\|").replace("[", "\\[").replace("]", "\\]")
    return f"[{escaped}]({href})" if href else f"{escaped} (not in this reference)"


def _rule_name(rules, rule_id: str, with_title: bool) -> str:
    """How the table names a rule: a section slug by its title ("Demolition Action"),
    a numbered rule by its ID, with its title after the number if asked ("G15.21 vs PILLBOX...")."""
    rule = rules.get(rule_id)
    if rule is None:
        return rule_id
    if slugify(rule.title) == rule.id:
        return rule.title
    if not with_title:
        return rule.id
    number, rest = heading_number(rule.title), rule.title.partition(" ")[2]
    return f"{rule.id} {rest}" if rest and number and rule.id.endswith(number) else f"{rule.id} {rule.title}"


NO_CALCULATORS = "This reference has no calculators yet."


def _table_citation(cited: Citations, rule_id: str) -> str:
    """A rule a calculator implements, in the table: linked, linked to where it stood if a version
    removed it, or marked as not in this reference."""
    tombstone = cited.tombstones.get(rule_id) if rule_id not in cited.rules else None
    if tombstone is not None:
        return _md_link(f"{rule_id} (removed in {tombstone.removed_in})", _link(tombstone.page, cited.page, rule_id))
    return _md_link(_rule_name(cited.rules, rule_id, False), _href(cited.rules, cited.page, rule_id))


def _calculator_row(calc, cited: Citations, placement: Placement | None) -> str:
    """One calculator: its title, the rules it implements (linked), where it is placed."""
    rules, page = cited.rules, cited.page
    cited_rules = ", ".join(_table_citation(cited, rule_id) for rule_id in calc.rules)
    if placement is None:
        placed = "not placed"
    else:
        rule = rules[placement.rule]
        href = f"{posixpath.relpath(rule.page, posixpath.dirname(page) or '.')}#calc-{calc.id}"
        placed = _md_link(_rule_name(rules, rule.id, True), href)
    title = calc.title.replace("|", "\\|")
    return f"| {title} | {cited_rules} | {placed} |"


def calculator_table(index, placements: dict, page: str) -> list[str]:
    """Markdown: for each ruleset of the site that has calculators, its name as a heading over the
    table of them; ``NO_CALCULATORS`` if none has any. A calculator of a ruleset the site does not
    hold has no rules to link to and nowhere to be placed, so it is not listed."""
    where = {p.calculator: p for placed in placements.values() for p in placed}
    lines = []
    for ruleset in index.rulesets.values():
        calcs = [calc for calc in calculators.all_calculators() if calc.ruleset == ruleset.id]
        if not calcs:
            continue
        cited = Citations(index.rules_of(ruleset.id), index.tombstones_of(ruleset.id), page)
        lines += ["", f"## {ruleset.name}", "", "| Calculator | Rules | Placed under |", "| --- | --- | --- |"]
        lines += [_calculator_row(calc, cited, where.get(calc.id)) for calc in calcs]
    return ["", *(lines or [NO_CALCULATORS]), ""]


class CalculatorsExtension(Extension):
    def __init__(self, **kwargs):
        self.config = page_options("the site's RuleIndex (set by the ruleref plugin; else built from docs_dir)")
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        # Priority 7: after attr_list (8) gave rule headings their data-rule,
        # before the references extension (3), which links rule references in
        # the help texts we insert (our result texts are atomic, as the live
        # ones are plain text) and before MkDocs' relpath (0), which turns our
        # .md links into URLs and checks them.
        md.treeprocessors.register(CalculatorsTreeprocessor(md, self), "rr_calculators", 7)
        md.preprocessors.register(CalculatorsIndexPreprocessor(md, self), "rr_calculators_index", 25)


def makeExtension(**kwargs) -> CalculatorsExtension:
    return CalculatorsExtension(**kwargs)


__all__ = ["Citations", "CalculatorsExtension", "NO_CALCULATORS", "Placement", "calculator_table", "load_placements",
           "makeExtension", "placements_of", "render_calculator", "render_result"]
