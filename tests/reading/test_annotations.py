"""Annotations: our notes, errata and Q&A, shown beside the rule they are keyed to
and never mistaken for rule text."""

from __future__ import annotations

import logging
import textwrap
import xml.etree.ElementTree as etree

import pytest

from reading_project import project_dir, render  # noqa: F401 (fixture)

NOTE_ON_G15_25 = """\
    - rule: G15.25
      kind: note
      title: "“< 2” most likely means “≤ 2”"
      text: |
        Clearance (B24.7) succeeds on a Final DR *≤ 2*; see also 15.21.
      source: ruleref editors
    """


def annotate(project_dir, yaml_text: str) -> None:
    (project_dir / "rulesets/asl/annotations.yml").write_text(textwrap.dedent(yaml_text), encoding="utf-8")


def body(html: str) -> etree.Element:
    return etree.fromstring(f"<body>{html}</body>")


def test_a_note_follows_its_rules_own_text(project_dir):
    annotate(project_dir, NOTE_ON_G15_25)
    page = body(render(project_dir, "asl/g15.md"))
    tags = [(child.tag, child.get("id") or child.get("class")) for child in page]
    position = tags.index(("aside", "rr-annotation rr-annotation--note"))
    # G15.25's heading, its cited-by line and its text come first; the note closes the rule.
    assert tags[position - 3:position] == [("h3", "G15.25"), ("p", "rr-cited-by"), ("p", None)]
    assert position == len(tags) - 1


def test_a_note_comes_before_the_first_sub_rule(project_dir):
    annotate(project_dir, """\
        - rule: G15.2
          kind: note
          title: CAPABILITES is printed so
          text: The heading is kept as printed.
        """)
    page = body(render(project_dir, "asl/g15.md"))
    ids = [child.get("id") or child.get("class") for child in page]
    assert ids[ids.index("G15.2"):ids.index("G15.21") + 1] == [
        "G15.2", None, "rr-annotation rr-annotation--note", "G15.21"]


def test_a_note_is_labelled_as_ours_and_rendered_as_markdown(project_dir):
    annotate(project_dir, NOTE_ON_G15_25)
    aside = body(render(project_dir, "asl/g15.md")).find("aside")
    assert aside.get("data-rule") == "G15.25"
    assert aside.get("role") == "note"
    assert aside.find("p[@class='rr-annotation__label']").text == "Annotation — not rule text · Note"
    assert aside.find("p[@class='rr-annotation__title']").text == "“< 2” most likely means “≤ 2”"
    text = aside.find("div[@class='rr-annotation__text']/p")
    assert text.find("em").text == "≤ 2"
    # Its rule references are linked (or marked missing) like the rule text's.
    assert [(ref.tag, ref.get("data-rule")) for ref in text.iter() if "rr-ref" in (ref.get("class") or "")] == [
        ("span", "B24.7"), ("a", "G15.21")]
    assert text.find("abbr").get("title") == "Dice Roll (two dice)"
    assert aside.find("p[@class='rr-annotation__source']").text == "Source: ruleref editors"


def test_a_question_and_its_answer(project_dir):
    annotate(project_dir, """\
        - rule: G15.21
          kind: qa
          title: Stopped dozers
          question: Must a Stopped dozer spend another Stop MP?
          answer: No; the rule says *if non-Stopped*.
        """)
    aside = body(render(project_dir, "asl/g15.md")).find("aside")
    assert aside.get("class") == "rr-annotation rr-annotation--qa"
    assert aside.find("p[@class='rr-annotation__label']").text == "Annotation — not rule text · Q&A"
    qa = aside.find("dl")
    assert [dt.text for dt in qa.findall("dt")] == ["Question", "Answer"]
    assert "".join(qa.findall("dd")[1].itertext()) == "No; the rule says if non-Stopped."


def test_annotations_of_other_pages_stay_there(project_dir):
    annotate(project_dir, NOTE_ON_G15_25)
    assert "rr-annotation" not in render(project_dir, "battlefront/engineering.md")


@pytest.mark.parametrize("entry, line, reason", [
    ("- rule: G99.9\n  kind: note\n  title: t\n  text: x\n", 1, "rule G99.9 is not in this ruleset's pages"),
    ("- rule: engineering-action\n  kind: note\n  title: t\n  text: x\n", 1,
     "rule engineering-action is not in this ruleset's pages"),
    ("- rule: G15.21\n  kind: remark\n  title: t\n  text: x\n", 2, "kind must be one of note, errata, qa"),
    ("- rule: G15.21\n  kind: note\n  text: x\n", 1, "a note annotation needs 'title'"),
    ("- rule: G15.21\n  kind: qa\n  title: t\n  question: q\n", 1, "a qa annotation needs 'answer'"),
    ("- rule: G15.21\n  kind: note\n  title: t\n  text: x\n  answer: y\n", 5, "a note annotation has no 'answer'"),
    ("- rule: G15.21\n  kind: note\n  title: t\n  txt: x\n", 4, "unknown field 'txt'"),
    ("- rule: G15.21\n  kind: note\n  title: t\n  text: \n", 4, "'text' must be non-empty text"),
    ("rule: G15.21\n", 1, "expected a list of annotations"),
    ("- rule: G15.21\n  kind: note\n   title: t\n", 3, "invalid YAML"),
])
def test_a_bad_annotation_is_a_warning_naming_file_and_line(project_dir, caplog, entry, line, reason):
    annotate(project_dir, "# notes\n\n" + entry)
    with caplog.at_level(logging.WARNING, logger="mkdocs"):
        html = render(project_dir, "asl/g15.md")
    path = project_dir / "rulesets/asl/annotations.yml"
    assert f"{path}:{line + 2}: " in caplog.text
    assert reason in caplog.text
    assert "rr-annotation" not in html
    assert all(record.name.startswith("mkdocs.") for record in caplog.records)


def test_a_good_annotation_survives_a_bad_neighbour(project_dir, caplog):
    annotate(project_dir, textwrap.dedent(NOTE_ON_G15_25) + "- rule: G99.9\n  kind: note\n  title: t\n  text: x\n")
    with caplog.at_level(logging.WARNING, logger="mkdocs"):
        html = render(project_dir, "asl/g15.md")
    assert html.count("<aside") == 1
    assert "rule G99.9 is not in this ruleset's pages" in caplog.text
