"""[EXC: ...] and [ERRATA: ...] are set apart, with their text (and its rule references) unchanged."""

from __future__ import annotations

import xml.etree.ElementTree as etree

from reading_project import project_dir, render  # noqa: F401 (fixture)


def spans(html: str, cls: str) -> list[etree.Element]:
    return [s for s in etree.fromstring(f"<body>{html}</body>").iter("span") if s.get("class") == cls]


def test_an_exception_keeps_its_brackets_and_words(project_dir):
    # G15.13: "A tankdozer may not fire [EXC: CC] during a Player Turn ..."
    html = render(project_dir, "asl/g15.md", "A tankdozer may not fire [EXC: CC] during a Player Turn")
    (exc,) = spans(html, "rr-exc")
    assert "".join(exc.itertext()) == "[EXC: CC]"
    assert "".join(etree.fromstring(html).itertext()) == "A tankdozer may not fire [EXC: CC] during a Player Turn"


def test_references_inside_an_exception_are_still_linked(project_dir):
    # G15.21's exception contains parentheses and a rule reference.
    text = ("eliminated as well [EXC: if a tunnel (in the proper Cloaking Box if applicable) "
            "must exit the tunnel as per B8.61; see 15.25].")
    html = render(project_dir, "asl/g15.md", text)
    (exc,) = spans(html, "rr-exc")
    assert "".join(exc.itertext()) == text[text.index("[EXC"):-1]
    assert [(ref.tag, ref.get("data-rule")) for ref in exc if "rr-ref" in ref.get("class", "")] == [
        ("span", "B8.61"), ("a", "G15.25")]


def test_nested_brackets_stay_inside_the_exception(project_dir):
    html = render(project_dir, "asl/g15.md", "x [EXC: CE [i.e., unbroken] Passengers] y")
    (exc,) = spans(html, "rr-exc")
    assert "".join(exc.itertext()) == "[EXC: CE [i.e., unbroken] Passengers]"


def test_printed_errata_are_marked_as_errata(project_dir):
    # G15.13: [ERRATA: "+2 for HH" in U.S. Vehicle Note 18 is NA vs mortar fire.]
    text = '[ERRATA: "+2 for HH" in U.S. Vehicle Note 18 is NA vs mortar fire.] A tankdozer'
    html = render(project_dir, "asl/g15.md", text)
    (errata,) = spans(html, "rr-errata")
    assert "".join(errata.itertext()) == '[ERRATA: "+2 for HH" in U.S. Vehicle Note 18 is NA vs mortar fire.]'
    assert spans(html, "rr-exc") == []


def test_exceptions_in_code_or_unclosed_are_left_alone(project_dir):
    html = render(project_dir, "asl/g15.md", "`[EXC: code]` and [EXC: never closed")
    assert spans(html, "rr-exc") == []
    assert "<code>[EXC: code]</code> and [EXC: never closed" in html


def test_two_exceptions_in_one_sentence(project_dir):
    # G15.11: "... Direct Fire [EXC: FT; DC; MOL] attacks ... within its VCA [EXC: this DRM is NA ...]"
    html = render(project_dir, "asl/g15.md", "Fire [EXC: FT; DC; MOL] attacks within its VCA [EXC: this DRM is NA].")
    assert ["".join(s.itertext()) for s in spans(html, "rr-exc")] == [
        "[EXC: FT; DC; MOL]", "[EXC: this DRM is NA]"]


def test_an_exception_inside_emphasis_or_a_link_is_set_apart_once(project_dir):
    for text in ("*em [EXC: x] em*", "**b [EXC: x] b**", "[link [EXC: x]](https://example.org/)"):
        html = render(project_dir, "asl/g15.md", text)
        assert ["".join(s.itertext()) for s in spans(html, "rr-exc")] == ["[EXC: x]"], html
        assert html.count("rr-exc") == 1, html


def test_an_exception_holding_emphasis_code_and_links_keeps_them_inside(project_dir):
    text = "x [EXC: *Mobile* `code` [site](https://example.org/) [i.e., (D5.6)]] y"
    html = render(project_dir, "asl/g15.md", text)
    (exc,) = spans(html, "rr-exc")
    assert "".join(exc.itertext()) == "[EXC: Mobile code site [i.e., (D5.6)]]"
    assert [child.tag for child in exc] == ["em", "code", "a", "span"]
    assert exc[-1].get("data-rule") == "D5.6"
    assert "".join(etree.fromstring(f"<p>{html}</p>").itertext()) == "x [EXC: Mobile code site [i.e., (D5.6)]] y"


def test_brackets_markdown_reads_as_a_link_or_inside_emphasis_are_not_a_note(project_dir):
    # A "]" inside emphasis cannot close a note opened outside it; "[EXC: x](url)" is a Markdown link.
    for text in ("a [EXC: *b]* c", "[EXC: x](https://example.org/)"):
        assert spans(render(project_dir, "asl/g15.md", text), "rr-exc") == [], text
