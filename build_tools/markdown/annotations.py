"""Notes, errata and Q&A beside the rules: the ``build_tools.markdown.annotations`` extension.

Annotations are data keyed by rule ID, in ``rulesets/<id>/annotations.yml``::

    - rule: G15.25
      kind: note            # note | errata | qa
      title: Inline Markdown
      text: |               # Markdown (note, errata)
        ...
      question: ...         # Markdown (qa, with answer instead of text)
      answer: ...
      source: Where it comes from (optional)
      version: Errata 2026  # the version of the text it was written for (optional)
      resolved_in: 2nd Edition  # the later version whose text incorporates it (optional)

Each one is rendered right after its rule's own text (before the next
heading, i.e. the first sub-rule) as ``<aside class="rr-annotation
rr-annotation--<kind>">`` labelled "Annotation — not rule text": our words,
never to be mistaken for the rule. An unknown rule ID, kind or field, and a
field holding raw HTML, a ``javascript:``/``data:`` link or a control
character (``contributor_text.py``), is a build warning naming
``annotations.yml:line`` (``strict`` fails the build).

On a text with versions (``versions.yml``), ``version`` and ``resolved_in``
name labels of the rule's source, ``resolved_in`` later than ``version``.
The aside says which text it applies to: "Resolved in LABEL" only when the
data says so (``resolved_in``); otherwise, when the rule changed after the
annotation's version, "May be resolved: the rule changed in LABEL" — a
changed rule may or may not incorporate an erratum, and only a person can
tell; else that it was written for its version.

Configuration (``mdx_configs``): ``rule_index`` and ``current_page``, set by
the ruleref plugin, or found without it (:mod:`build_tools.markdown.site_context`).
"""

from __future__ import annotations

import xml.etree.ElementTree as etree
from dataclasses import dataclass
from pathlib import Path

import yaml
from markdown import Markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

from build_tools.markdown import contributor_text
from build_tools.markdown.site_context import current_page, page_options, site_index
from build_tools.markdown.ruleset_data import PerBuild, compose, line_of, page_ruleset, scalar_text, warn
from build_tools.versions import Version

ANNOTATIONS_FILE = "annotations.yml"
KINDS = {"note": "Note", "errata": "Errata", "qa": "Q&A"}
LABEL = "Annotation — not rule text"
_FIELDS = ("rule", "kind", "title", "text", "question", "answer", "source", "version", "resolved_in")
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


@dataclass(frozen=True)
class Annotation:
    rule: str
    kind: str
    title: str
    text: str
    question: str
    answer: str
    source: str
    version: Version | None = None  # the text it was written for
    resolved_in: Version | None = None  # the text that incorporates it, as the data says
    versions: tuple[Version, ...] = ()  # every version of the rule's source, oldest first


def load_annotations(path: Path, index, ruleset_id: str) -> list[Annotation]:
    """``annotations.yml`` -> the valid annotations in file order; each invalid
    entry is warned about (file:line) and left out."""
    root = compose(path)
    if root is None:
        return []
    if not isinstance(root, yaml.SequenceNode):
        warn(path, line_of(root), "expected a list of annotations ('- rule: G15.21' ...)")
        return []
    annotations = []
    for item in root.value:
        annotation = _annotation(path, item, index, ruleset_id)
        if annotation is not None:
            annotations.append(annotation)
    return annotations


def _annotation(path: Path, item: yaml.Node, index, ruleset_id: str) -> Annotation | None:
    if not isinstance(item, yaml.MappingNode):
        warn(path, line_of(item), "each annotation must be a mapping with rule, kind, title and text")
        return None
    fields: dict[str, str] = {}
    lines: dict[str, int] = {}
    valid = True
    for key_node, value_node in item.value:
        key, value = scalar_text(key_node), scalar_text(value_node)
        if key not in _FIELDS:
            warn(path, line_of(key_node), f"unknown field {key_node.value!r} (fields: {', '.join(_FIELDS)})")
            valid = False
        elif value is None or not value.strip():
            warn(path, line_of(value_node), f"'{key}' must be non-empty text")
            valid = False
        elif why := contributor_text.problem(value):
            warn(path, line_of(value_node), f"'{key}' {why}")
            valid = False
        else:
            fields[key], lines[key] = value.strip(), line_of(key_node)
    line = line_of(item)
    rule_id, kind = fields.get("rule"), fields.get("kind")
    if rule_id is None:
        warn(path, line, "an annotation needs 'rule: <rule ID>'")
        return None
    rule = index.get(ruleset_id, rule_id)
    if rule is None:
        warn(path, lines["rule"], f"rule {rule_id} is not in this ruleset's pages "
                                  "(rule IDs are case-sensitive: G15.25, D.8A)")
        valid = False
    if kind not in KINDS:
        warn(path, lines.get("kind", line), f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        return None
    needed = ("title", "question", "answer") if kind == "qa" else ("title", "text")
    for name in needed:
        if name not in fields:
            warn(path, line, f"a {kind} annotation needs '{name}'")
            valid = False
    for name in ("text",) if kind == "qa" else ("question", "answer"):
        if name in fields:
            warn(path, lines[name], f"a {kind} annotation has no '{name}' (it has {' and '.join(needed[1:])})")
            valid = False
    versions = _versions_of(index, ruleset_id, rule) if rule is not None else ()
    written_for = resolved_in = None
    if rule is not None and ("version" in fields or "resolved_in" in fields):
        written_for, resolved_in = _versions_named(path, fields, lines, versions, rule)
        valid = valid and (written_for, resolved_in) != (None, None)
    if not valid:
        return None
    return Annotation(rule=rule_id, kind=kind, title=fields["title"], text=fields.get("text", ""),
                      question=fields.get("question", ""), answer=fields.get("answer", ""),
                      source=fields.get("source", ""), version=written_for, resolved_in=resolved_in,
                      versions=versions)


def _versions_of(index, ruleset_id: str, rule) -> tuple[Version, ...]:
    """The versions of the source whose page holds ``rule`` (() when it has one text)."""
    ruleset = index.rulesets[ruleset_id]
    page = rule.page.removeprefix(f"{ruleset_id}/").removesuffix(".md")
    return next((source.versions for source in ruleset.sources if source.page == page), ())


def _versions_named(path: Path, fields: dict[str, str], lines: dict[str, int], versions: tuple[Version, ...],
                    rule) -> tuple[Version | None, Version | None]:
    """The versions ``version:`` and ``resolved_in:`` name; (None, None) after warning about one (file:line)."""
    by_label = {version.label: version for version in versions}
    named = {}
    for name in ("version", "resolved_in"):
        if name not in fields:
            continue
        named[name] = by_label.get(fields[name])
        if named[name] is None:
            known = ", ".join(by_label) or "none: its source has one text, so leave version: out"
            warn(path, lines[name], f"{name}: {fields[name]!r} is not a version of the text of {rule.id} "
                                    f"(docs/{rule.page}; its versions in versions.yml: {known})")
            return None, None
    written_for, resolved_in = named.get("version"), named.get("resolved_in")
    if written_for and resolved_in and versions.index(resolved_in) <= versions.index(written_for):
        warn(path, lines["resolved_in"], f"resolved_in: {resolved_in.label!r} must be a version after "
                                         f"version: {written_for.label!r} (versions.yml lists them oldest first)")
        return None, None
    return written_for, resolved_in


def applies_to(annotation: Annotation, heading: etree.Element) -> tuple[str, str] | None:
    """(state, sentence): which text the annotation applies to, from its data and the rule's
    history on its ``heading`` (``data-earlier-text``: the versions whose text the next one
    changed; ``data-new``: the version the rule appeared in). State is ``resolved``,
    ``may-be-resolved`` or ``written-for``; None when it names no version."""
    versions, written_for = annotation.versions, annotation.version
    if annotation.resolved_in is not None:
        resolved = annotation.resolved_in
        return "resolved", f"Resolved in {resolved.label} ({resolved.date}): its text incorporates this."
    if written_for is None:
        return None
    slugs = [version.slug for version in versions]
    changed_in = [slugs.index(slug) + 1 for slug in heading.get("data-earlier-text", "").split()]
    if heading.get("data-new") in slugs:
        changed_in.append(slugs.index(heading.get("data-new")))
    later = sorted(at for at in changed_in if at > versions.index(written_for))
    if later:
        changed = versions[later[0]]
        return "may-be-resolved", (f"Written for {written_for.label}. May be resolved: the rule changed in "
                                   f"{changed.label} ({changed.date}).")
    if written_for == versions[-1]:
        return "written-for", f"Written for {written_for.label}, the current text."
    return "written-for", f"Written for {written_for.label}; the rule's text has not changed since."


_annotations = PerBuild(load_annotations)


class AnnotationsTreeprocessor(Treeprocessor):
    def __init__(self, md: Markdown, extension: AnnotationsExtension):
        super().__init__(md)
        self.extension = extension

    def run(self, root: etree.Element) -> None:
        config = self.extension.getConfigs()
        index, page = site_index(config), current_page(self.md, config)
        ruleset = page_ruleset(index, page)
        if ruleset is None:
            return
        path = Path(ruleset.folder) / ANNOTATIONS_FILE
        on_page = [a for a in _annotations.get(index, path, index, ruleset.id)
                   if index.get(ruleset.id, a.rule).page == page]
        for annotation in on_page:
            self._place(root, annotation)

    def _place(self, root: etree.Element, annotation: Annotation) -> None:
        """Insert the annotation's aside after the rule's own text: before the next heading
        after the rule's heading, or at the end of the page."""
        for parent in root.iter():
            children = list(parent)
            for start, child in enumerate(children):
                if child.tag in _HEADINGS and child.get("id") == annotation.rule:
                    end = next((i for i in range(start + 1, len(children)) if children[i].tag in _HEADINGS),
                               len(children))
                    parent.insert(end, self._render(annotation, child))
                    return

    def _render(self, annotation: Annotation, heading: etree.Element) -> etree.Element:
        aside = etree.Element("aside", {"class": f"rr-annotation rr-annotation--{annotation.kind}",
                                        "role": "note", "data-rule": annotation.rule})
        label = etree.SubElement(aside, "p", {"class": "rr-annotation__label"})
        label.text = AtomicString(f"{LABEL} · {KINDS[annotation.kind]}")
        applies = applies_to(annotation, heading)
        if applies is not None:
            state, text = applies
            line = etree.SubElement(aside, "p", {"class": f"rr-annotation__version rr-annotation__version--{state}"})
            line.text = AtomicString(text)
        etree.SubElement(aside, "p", {"class": "rr-annotation__title"}).text = annotation.title
        if annotation.kind == "qa":
            qa = etree.SubElement(aside, "dl", {"class": "rr-annotation__qa"})
            for term, text in (("Question", annotation.question), ("Answer", annotation.answer)):
                etree.SubElement(qa, "dt").text = AtomicString(term)
                self.md.parser.parseChunk(etree.SubElement(qa, "dd"), text)
        else:
            body = etree.SubElement(aside, "div", {"class": "rr-annotation__text"})
            self.md.parser.parseChunk(body, annotation.text)
        if annotation.source:
            source = etree.SubElement(aside, "p", {"class": "rr-annotation__source"})
            source.text = f"Source: {annotation.source}"
        # The page's inline processing (20) has already run: apply it to the
        # annotation's Markdown too. The references (3) still link its rule IDs.
        self.md.treeprocessors["inline"].run(aside)
        return aside


class AnnotationsExtension(Extension):
    def __init__(self, **kwargs):
        # No None defaults: Python-Markdown would coerce them to booleans.
        self.config = page_options("the site's RuleIndex (set by the plugin; else built from docs_dir)")
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        # Priority 7: after 'attr_list' (8), which gives rule headings their id;
        # before the references (3), which link the rule IDs in annotations too,
        # and before 'toc' (5).
        md.treeprocessors.register(AnnotationsTreeprocessor(md, self), "rr_annotations", 7)


def makeExtension(**kwargs) -> AnnotationsExtension:
    return AnnotationsExtension(**kwargs)
