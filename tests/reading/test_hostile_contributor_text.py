"""Contributor text is text: every annotation and glossary field, with every kind of active payload.

Each case fails with file:line (a warning, which the strict build turns into
an error) and leaves nothing of itself in the page. The browser side (no
script runs even if one reached a page) is tests/browser/test_policy_on_every_page.py.
"""

from __future__ import annotations

import json
import logging

import pytest

from reading_project import project_dir, render  # noqa: F401 (fixture)

PAYLOADS = {
    "script": ("<script>window.__pwned=1</script>", "raw HTML"),
    "event handler": ('<img src=x onerror="window.__pwned=1">', "raw HTML"),
    "srcdoc": ('<iframe srcdoc="&lt;script&gt;parent.__pwned=1&lt;/script&gt;"></iframe>', "raw HTML"),
    "svg": ("<svg onload=alert(1)><circle r=1 /></svg>", "raw HTML"),
    "comment": ("<!-- hidden -->", "raw HTML"),
    "closing tag": ("</aside><p>not ours", "raw HTML"),
    "angle autolink": ("<javascript:alert(1)>", "raw HTML"),
    "javascript link": ("[click](javascript:alert(1))", "links to javascript: addresses"),
    "spelled javascript link": ("[click]( JaVa&#115;cript:alert(1))", "links to javascript: addresses"),
    "data image": ("![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)", "links to data: addresses"),
    "reference link": ("[click][r]\n\n[r]: vbscript:msgbox(1)", "links to vbscript: addresses"),
    "control character": ("ESC \x1b[31m red", "U+001B"),
    "markdown stash marker": ("\x02wzxhzdk:0\x03", "U+0002"),
    "bidi override": ("A \u202eevil\u202c text", "U+202E"),
    "nul": ("a\x00b", "U+0000"),
}
ANNOTATION_FIELDS = {  # field -> the other fields its kind needs
    "title": {"kind": "note", "text": "x"},
    "text": {"kind": "note", "title": "t"},
    "source": {"kind": "note", "title": "t", "text": "x"},
    "question": {"kind": "qa", "title": "t", "answer": "a"},
    "answer": {"kind": "qa", "title": "t", "question": "q"},
}


def as_yaml(value: str) -> str:
    return json.dumps(value)  # JSON strings are YAML strings, control characters escaped


@pytest.mark.parametrize("payload", PAYLOADS, ids=list(PAYLOADS))
@pytest.mark.parametrize("field", ANNOTATION_FIELDS)
def test_an_annotation_field_with_active_content_is_refused_with_file_and_line(project_dir, caplog, field, payload):
    text, reason = PAYLOADS[payload]
    others = ANNOTATION_FIELDS[field]
    lines = ["- rule: G15.25"] + [f"  {name}: {as_yaml(value)}" for name, value in others.items()]
    lines.append(f"  {field}: {as_yaml('Clearance, again. ' + text)}")
    path = project_dir / "rulesets/asl/annotations.yml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="mkdocs"):
        html = render(project_dir, "asl/g15.md")
    assert f"{path}:{len(lines)}: '{field}' " in caplog.text
    assert reason in caplog.text
    assert "rr-annotation" not in html and "__pwned" not in html and "javascript:" not in html.lower()


@pytest.mark.parametrize("payload", PAYLOADS, ids=list(PAYLOADS))
def test_a_glossary_expansion_with_active_content_is_refused_with_file_and_line(project_dir, caplog, payload):
    text, reason = PAYLOADS[payload]
    path = project_dir / "rulesets/asl/glossary.yml"
    path.write_text(f"DR: Dice Roll\nMP: {as_yaml('Movement Points ' + text)}\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="mkdocs"):
        html = render(project_dir, "asl/g15.md", "A DR and 4 MP.")
    assert f"{path}:2: MP: " in caplog.text
    assert reason in caplog.text
    assert 'title="Dice Roll"' in html and "Movement Points" not in html


@pytest.mark.parametrize("text", ["Clearance succeeds on a Final DR < 2 (B24.7).", "See <https://example.org/faq>.",
                                  "Write it &lt;b&gt;, as printed.", "[The FAQ](https://example.org/faq) says so."])
def test_ordinary_text_with_angle_brackets_and_web_links_is_kept(project_dir, caplog, text):
    (project_dir / "rulesets/asl/annotations.yml").write_text(
        f"- rule: G15.25\n  kind: note\n  title: t\n  text: {as_yaml(text)}\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="mkdocs"):
        html = render(project_dir, "asl/g15.md")
    assert caplog.text == ""
    assert "rr-annotation" in html
