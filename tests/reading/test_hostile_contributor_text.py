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


@pytest.mark.parametrize("payload", [payload for payload, (_, reason) in PAYLOADS.items() if reason == "raw HTML"
                                     or reason.startswith("U+")])
@pytest.mark.parametrize("key", ["name", "short_name"])
def test_a_ruleset_name_with_markup_or_invisible_characters_is_refused_with_file_and_line(tmp_path, key, payload):
    # A ruleset's names go into every page's navigation and titles as they are.
    from build_tools.errors import SourceError
    from build_tools.rulesets import load_ruleset

    folder = tmp_path / "book"
    folder.mkdir()
    names = {"name": "Guns & Tanks", "short_name": "G&T", key: "Guns " + PAYLOADS[payload][0]}
    (folder / "ruleset.yml").write_text(f"name: {as_yaml(names['name'])}\nshort_name: {as_yaml(names['short_name'])}\n"
                                        "numbering: case\n", encoding="utf-8")
    with pytest.raises(SourceError) as error:
        load_ruleset(folder)
    assert str(error.value).startswith(f"{folder / 'ruleset.yml'}:{1 if key == 'name' else 2}: '{key}' ")
    assert "a ruleset's" in str(error.value)


def test_a_ruleset_name_with_an_ampersand_or_a_comparison_is_kept(tmp_path):
    from build_tools.rulesets import load_ruleset

    folder = tmp_path / "book"
    folder.mkdir()
    (folder / "ruleset.yml").write_text("name: Guns & Tanks < 1945\nshort_name: G&T\nnumbering: case\n", encoding="utf-8")
    assert load_ruleset(folder).name == "Guns & Tanks < 1945"


def test_a_source_title_with_a_tag_reaches_no_page_as_a_tag(tmp_path):
    # The engines put a page's title into the navigation, the header and <title> as it is.
    from projects import build, make_project

    book = tmp_path / "book"
    (book / "sources").mkdir(parents=True)
    (book / "ruleset.yml").write_text("name: Book\nshort_name: B\nnumbering: decimal\nsources:\n"
                                      "  - file: sources/book.md\n    page: book\n    format: markdown\n",
                                      encoding="utf-8")
    (book / "sources" / "book.md").write_text("# Rules <img src=x onerror=\"window.__pwned=1\"> & more\n\n"
                                              "## 1. Movement\n\n**1.1** Units move.\n\n**1.2** Roads (see 1.1).\n",
                                              encoding="utf-8")
    site = build(make_project(tmp_path / "project", {"book": book}), tmp_path / "site")
    for page in ("book/book/index.html", "book/index.html", "index.html"):
        html = (site / page).read_text(encoding="utf-8")
        assert "<img src=x" not in html, page
    assert "<title>Rules &lt;img src=x onerror=\"window.__pwned=1\"&gt; &amp; more" in \
        (site / "book/book/index.html").read_text(encoding="utf-8")
