"""Battlefront "Engineering rules" (titled text) -> rule page: sections from title lines, IDs from titles."""

from __future__ import annotations

import re

import pytest
import yaml

from build_tools.errors import SourceError
from build_tools.importer import import_text
from build_tools.numbering import numbering_of
from importer_pages import import_page, render, structure

# Every title line of the text, in order, as a reader picks them out (stray
# "Table of Contents" dropped): the importer's heuristic must find exactly these.
TITLES = [
    "Battlefront WWII", "ENGINEERING RULES", "Engineering Action", "Restrictions on Engineering actions",
    "Demolition Action", "Remove Demolition Action", "NEW MINE PASSAGE MODIFIERS",
    "Minefield Types and Restrictions", "LAYING MINES DURING PLAY", "Spotting mines", "Dummy minefields",
    "CLEARING MINES", "Troops marking a lane through a field", "Engineers using line charges", "Flail tanks",
    "Clearing minefields with Artillery Fire", "Representation", "Gaps in the Wire",
    "Creating gaps in Wire with Vehicular Movement", "Creating gaps in Wire manually",
    "Creating gaps in Wire with Demolitions", "Creating gaps in Wire with Artillery Fire", "ANTI-TANK DITCHES",
    "Representation", "Terrain Effect", "Neutralizing an Anti-tank ditch by filling it in",
    "Neutralizing an Anti-tank ditch by using Facines", "Neutralizing an Anti-tank ditch using Bulldozers",
    "Neutralizing an Anti-tank ditch using Demolitions", "Bridging an Anti-tank ditch", "Anti-tank Ditch variants",
    "Terrain Effect", "Reducing AT Obstacles with Bulldozers", "Reducing AT Obstacles with Demolitions",
    "Additional Terrain Effect on Combat", "Breaching the bocage", "Breaching the bocage with Bulldozers",
    "Breaching the Bocage with Demolitions", "Creating a roadblock", "Clearing a roadblock with Bulldozers",
    "Clearing a roadblock with explosives", "Building Pontoon Bridges", "Terrain Effects of emplaced bridges",
    "Destroying Pontoon Bridges by Close Combat", "Destroying Pontoon Bridges with Artillery",
    "Destroying Permanent Bridges by Artillery", "Destroying Bridges by demolition",
    "Concrete Bunkers and Fortifications", "Setting up the Fort",
    "Attacking the occupants of the Fort using Direct Fire", "Attacking the occupants of the Fort using Close Combat",
    "Attacking the Fort", 'Hobart\'s "Funnies"-Special Engineering Vehicles', "AVRE", "DD Shermans", "ARK",
    "Bobbins", "Conger",
]


@pytest.fixture(scope="module")
def page():
    return structure(render(import_page("engineering-rules")))


@pytest.fixture(scope="module")
def html():
    return render(import_page("engineering-rules"))


def test_sections_are_exactly_the_title_lines(page):
    assert [h["text"] for h in page.headings] == TITLES


@pytest.mark.parametrize("line", [
    'Note that "surface-laid"',  # the next line goes on in lower case
    "Unless otherwise specified, minefields are considered Mixed",  # a sentence with a comma
    "Units may attempt to move through a minefield without creating a lane",  # too long; "(" goes on
    "At Trois-pont, wiring a major bridge took from Midnight to 0800, equivalent to about 8 \"demolitions\"",
    "Paul Bernadino's Engineering rules",  # the byline: not_titles in rulesets/battlefront/ruleset.yml
])
def test_sentences_that_look_like_titles_stay_text(page, html, line):
    assert line not in [h["text"] for h in page.headings]
    assert line.split()[0] in html


def test_section_ids_are_slugs_of_their_titles(page):
    ids = {h["text"]: h["id"] for h in page.headings}
    assert ids["NEW MINE PASSAGE MODIFIERS"] == "new-mine-passage-modifiers"
    assert ids['Hobart\'s "Funnies"-Special Engineering Vehicles'] == "hobarts-funnies-special-engineering-vehicles"
    assert ids["Concrete Bunkers and Fortifications"] == "concrete-bunkers-and-fortifications"
    assert ids["Engineering Action"] == "engineering-action"
    assert all(h["classes"] == ["rr-rule"] and h["data-rule"] == h["id"] for h in page.headings)


def test_repeated_titles_are_numbered_in_document_order(page):
    ids = [h["id"] for h in page.headings]
    assert [i for i in ids if i.startswith("representation")] == ["representation", "representation-2"]
    assert [i for i in ids if i.startswith("terrain-effect-")] == ["terrain-effect-2"]
    assert ids.index("terrain-effect") < ids.index("terrain-effect-2")
    assert len(set(ids)) == len(ids)


def test_heading_levels_document_parts_sections(page):
    levels = {h["text"]: h["level"] for h in page.headings}
    assert levels["Battlefront WWII"] == 1
    parts = [t for t, level in levels.items() if level == 2]
    assert parts == ["ENGINEERING RULES", "NEW MINE PASSAGE MODIFIERS", "LAYING MINES DURING PLAY",
                     "CLEARING MINES", "ANTI-TANK DITCHES", "Concrete Bunkers and Fortifications",
                     'Hobart\'s "Funnies"-Special Engineering Vehicles']
    # Vehicle names in capitals are sections of Hobart's "Funnies", not parts.
    assert levels["AVRE"] == levels["ARK"] == levels["Flail tanks"] == 3


def test_stray_table_of_contents_is_dropped(html):
    assert "Table of Contents" not in html


def test_minefield_passage_modifiers_table_is_eight_rows_of_two(page):
    (table,) = page.tables
    title, *body = table
    assert [(c["tag"], c["colspan"], c["text"]) for c in title] == [("th", 2, "New Minefield Passage Modifiers")]
    assert [[c["text"] for c in row] for row in body] == [
        ["Dense field", "-1"], ["Scattered minefield", "+1"], ["Surface laid mines", "+1"],
        ["Following a traversed path or marked lane", "+1"], ["Tracked vehicle moving through AP minefield", "+1"],
        ["Discipline Rating", "+dr"], ["Combat Engineer stand", "+1"], ["Using Rapid Advance", "-1"],
    ]


def test_bullets_are_list_items_with_their_wrapped_lines(html):
    items = [re.sub(r"\s+", " ", i) for i in re.findall(r"<li>(.*?)</li>", html, re.S)]
    assert "Perform Engineering Action" in items
    # A wrapped bullet line joins its item, even when it starts with an emphasised "NOR".
    assert ("Units that perform engineering actions may not fire in the offensive fire NOR may they have "
            "fired in the defensive fire phase of the previous player turn.") in items
    # The lone "-" takes the line after it.
    assert any(i.startswith("It is important to note which angles") for i in items)
    # A bullet's text may itself start with "+-" or "-1": still one item, not a nested list.
    assert "+- dr discipline rating of primary bridge builder." in items
    assert "-1 attempting to bridge a swollen river (scenario defined condition)" in items
    # A capitalised line after a bullet that ends mid-sentence starts a paragraph.
    assert "<p>Unless otherwise specified, minefields are considered Mixed" in html


def test_front_matter_has_no_chapter_and_the_page_title_from_ruleset_data():
    front = yaml.safe_load(re.match(r"---\n(.*?)\n---\n", import_page("engineering-rules"), re.S).group(1))
    assert front == {"ruleset": "battlefront", "source": "rulesets/battlefront/sources/engineering-rules.txt",
                     "title": "Engineering rules"}


def titled(text: str, **overrides) -> str:
    return import_text(text, path="bf.txt", ruleset="bf", numbering=numbering_of("none"), format="text",
                       **overrides).markdown


def test_title_overrides_settle_single_lines_either_way():
    text = "Rules\nMoving on\nUnits move.\n"
    assert "## " not in titled(text, not_titles=["Moving on"]) and "Moving on" in titled(text, not_titles=["Moving on"])
    assert "### Units move. {: #units-move" in titled(text, titles=["Units move."])


def test_an_override_that_matches_no_line_is_an_error():
    with pytest.raises(SourceError) as error:
        titled("Rules\nMoving on\nUnits move.\n", not_titles=["Moving off"])
    assert "Moving off" in error.value.reason and "ruleset.yml" in error.value.reason


def test_a_lone_dash_takes_the_next_line_even_if_it_looks_like_a_title():
    page = titled("Rules\nSome text.\n-\nDummy minefields\nMore text.\n")
    assert "- Dummy minefields" in page and "## " not in page and "### " not in page


def test_numbered_and_lettered_steps_after_a_colon_are_a_list():
    # "Each round has three steps:" over "1. Draw two cards." … ran into one paragraph, and "A. Allied Player Turn"
    # became a section title while "B. …" joined it (a helper's book without rule numbers).
    page = titled("Rules\n\nTurn Order\nEach round has three steps:\n1. Draw two cards.\n2. Play one card.\n\n"
                  "Phases\nEach turn has two phases:\nA. Allied Player Turn\nB. Defender Player Turn\n")
    markers = re.findall(r'<span class="rr-list__marker">([^<]*)</span> ([^<]*)</li>', page)
    assert markers == [("1.", "Draw two cards."), ("2.", "Play one card."), ("A.", "Allied Player Turn"),
                       ("B.", "Defender Player Turn")]
    assert re.findall(r"^### (.*?) {:", page, re.M) == ["Turn Order", "Phases"]
