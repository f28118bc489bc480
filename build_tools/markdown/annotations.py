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

Each one is rendered right after its rule's own text (before the next
heading, i.e. the first sub-rule) as ``<aside class="rr-annotation
rr-annotation--<kind>">`` labelled "Annotation — not rule text": our words,
never to be mistaken for the rule. An unknown rule ID, kind or field, and a
field holding raw HTML, a ``javascript:``/``data:`` link or a control
character (``contributor_text.py``), is a build warning naming
``annotations.yml:line`` (``strict`` fails the build).

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

ANNOTATIONS_FILE = "annotations.yml"
KINDS = {"note": "Note", "errata": "Errata", "qa": "Q&A"}
LABEL = "Annotation — not rule text"
_FIELDS = ("rule", "kind", "title", "text", "question", "answer", "source")
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
    if not valid:
        return None
    return Annotation(rule=rule_id, kind=kind, title=fields["title"], text=fields.get("text", ""),
                      question=fields.get("question", ""), answer=fields.get("answer", ""),
                      source=fields.get("source", ""))


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
            self._place(root, self._render(annotation))

    def _place(self, root: etree.Element, aside: etree.Element) -> None:
        """Insert ``aside`` after the rule's own text: before the next heading
        after the rule's heading, or at the end of the page."""
        rule_id = aside.get("data-rule")
        for parent in root.iter():
            children = list(parent)
            for start, child in enumerate(children):
                if child.tag in _HEADINGS and child.get("id") == rule_id:
                    end = next((i for i in range(start + 1, len(children)) if children[i].tag in _HEADINGS),
                               len(children))
                    parent.insert(end, aside)
                    return

    def _render(self, annotation: Annotation) -> etree.Element:
        aside = etree.Element("aside", {"class": f"rr-annotation rr-annotation--{annotation.kind}",
                                        "role": "note", "data-rule": annotation.rule})
        label = etree.SubElement(aside, "p", {"class": "rr-annotation__label"})
        label.text = AtomicString(f"{LABEL} · {KINDS[annotation.kind]}")
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
