"""Where a rule's title ends and its text begins, on the line of its number.

* ``15.21 vs PILLBOX/ENTRENCHMENT/TUNNEL: A Mobile dozer ...``,
  ``5.41 Zones of Control: units ...`` and ``2.1.2 Fresh units: A unit ...``:
  the run up to the first ": " is the title when it reads as one: words in
  capitals (with "vs", "&", "/alternatives"), a few words in title case, or
  up to three words before a new sentence;
* ``2.1 Sailing. A boat ...``, ``3.1 Landing Parties. A crew ...``,
  ``1.12 Tanks, Guns and Trucks. Each ...``, ``1.8 No Retreat! Units ...``: the run
  up to the first ". " (or "! ") is the title when a new sentence follows and it reads
  as one: a few words in title case or capitals, not ending on a number (``Turn 1 Surprise``, not ``Add 1``), not an
  abbreviation (``St. Vith``);
* ``5.1 Movement Costs — Each hex ...``, ``5.3 ROADS - A road ...``: the run
  up to the first spaced dash, on the same terms;
* ``5.4 Zones of Control``, ``4.0 COMBAT``, ``5.42 (Optional) "Overrun"
  Attacks``: the whole rest of the line is the title when it is short, does
  not end a sentence and reads as a title: in capitals or title case, or in
  any case when the rule's text follows on the next line;
* ``4.1 MOVEMENT POINTS Each unit …``: words in capitals run into a sentence (two of three letters or more, or
  one of five: ``ZOC Units may`` is a sentence);
* anything else is the rule's text, untitled.
"""

from __future__ import annotations

import re

from build_tools.importer import markdown_text as md

MAX_TITLE_LENGTH = 60
MAX_COLON_TITLE_WORDS = 6
MAX_SENTENCE_CASE_TITLE_WORDS = 3
# A title word in capitals (with digits, hyphens, apostrophes) and optional
# "/alternatives" ("PILLBOX/ENTRENCHMENT/TUNNEL", "MOBILE/immobile", "DR/dr"),
# or a lower-case connector.
_CAPITALS_WORD = re.compile(r"(?:vs|&|[A-Z][A-Z0-9'-]*(?:/[A-Za-z][A-Za-z0-9'-]*)*)")
# Words a title in title case leaves in lower case.
_MINOR_WORDS = frozenset("a an and as at by for from in into nor of on or per the to vs vs. via with without after "
                         "before between through along across against during over under within upon onto".split())
# The same in the other languages rulebooks are printed in (German, French, Dutch, Spanish, Italian, Polish), in a
# title in title case only ("Kampf im Wald", "Zones de Contrôle", "Slag om de Dijk", "Ponte sul Fiume"); not those
# that are English words too ("die", "den", "am", "met", "op"), or "Roll the die" would read as a title.
_MINOR_WORDS_ELSEWHERE = frozenset(
    "der das des dem ein eine einer und oder im auf aus bei mit nach von vom zum zur zu über unter für gegen durch "
    "de du la le les et ou en au aux à sur sous pour avec dans het een voor el los las del al con por para il gli di "
    "nel nella om tot uit naar bij aan ter tegen sul sulla sui della delle dei degli dello alla allo alle dal dalla "
    "tra fra nad przy ze sobre entre desde hacia".split())
# And those that are English words too, between two words of the title only ("Vloot van Boisot", "Bitwa pod
# Grunwaldem", "Ataque sin Apoyo", "Ataque contra Fortificaciones"; not "Park the van", "If we", a sentence's end).
_MINOR_WORDS_INSIDE = frozenset("van pod sin contra we".split())
# Words no sentence or title ends on: a line ending on one goes on ("… so that their" over "owner alone sees").
_OPEN_ENDINGS = _MINOR_WORDS | frozenset("their his her its our your my that which whose than if when".split())
# Verbs a sentence turns on and a title does without ("Supply is traced to any friendly", "Cavalry may retreat").
_SENTENCE_VERBS = frozenset("is are was were be been may must can cannot can't will shall should would could might "
                            "does do did has have had".split())
_WORD = re.compile(r"[^\s/–—-]+(?:-[^\s/–—-]+)*")  # a compound one word: "Counter-battery Fire" is in title case
_ASIDE = re.compile(r"\([^()]*\)")
_QUOTES_AND_BRACKETS = "\"'“”‘’()[]"
_CAPITALS_TITLE = re.compile(r"(?P<title>[^:]+):(?:\s+|$)")
_COLON_TITLE = re.compile(r"(?P<title>[^:.!?;,]+):(?:\s+|$)")
# Footnote markers a sentence's last mark may carry ("… (5.2).[^1]", "… stacks.¹").
FOOTNOTE_MARKERS = rf"(?:\[\^{md.FOOTNOTE_LABEL}\]|[{md.SUPERSCRIPT_DIGITS}]+)*"
# A sentence's last mark, with the quotes and brackets that close it and any footnote markers.
_ENDS_SENTENCE = re.compile(rf"[.!?,;][\"')\]’”]*{FOOTNOTE_MARKERS}$")
# What a title in sentence case does not hold: a comma, a semicolon, an aside citing a number.
_SENTENCE_INSIDE = re.compile(r"[,;]|\([^()]*\d")
_STOP = re.compile(r"[.!?:;](?=\s)")  # where a title may end, and what it may not hold before its mark
_SERIES_CAPITALS = "ABCDIVX"  # what a title's series is lettered or numbered by: "Plan A.", "Phase I.", "Part V."
# Words naming a member of a lettered series: "Annex E.", "Force H.", "Army Group G.", "Plan Z.".
_SERIES_NOUNS = frozenset("plan phase annex appendix part case type force zone sector group column box area scenario "
                          "stage step option operation table chart level class mode track corps division map section "
                          "variant event card route objective sequence round team squadron fleet convoy battalion "
                          "regiment brigade kampfgruppe model version wave grid row category grade module volume line "
                          "point set book site target beach front".split())  # (not "mark", "army": a name's)
_INITIALS = re.compile(r"[\"'“‘(]*(?:[A-Z]\.)+")  # "U.S.", "A.", "P.": a title's end only if none goes on after it
# Words in capitals run into a sentence, on the line of the number: "MOVEMENT POINTS Each unit has …", "LINE OF
# SIGHT A unit …".
_CAPITALS_RUN = re.compile(r"(?P<title>[A-Z][A-Z0-9'’-]*(?:[ \t]+(?:[A-Z][A-Z0-9'’-]*|&)){0,5}[ \t]+)"
                           r"(?=(?:[A-Z][a-z]+|A)[ \t]+[a-z])")
_MINOR_CAPITALS = frozenset({"&", *(word.upper() for word in _MINOR_WORDS)})
_DASH_TITLE = re.compile(r"(?P<title>[^.!?:;,\d–—-]{1,%d}?)[ \t]+(?P<dash>-{2,3}|[–—-])[ \t]+" % MAX_TITLE_LENGTH)
# Words a line may start with that end in a period without ending a title: ranks and units of a
# wargame's leaders and formations among them ("6.1 Gen. Vance adds two").
_ABBREVIATIONS = frozenset("approx cf dr etc fig figs mr mrs ms mt mts no nos p pp st vol vs ft "
                           "gen lt col capt cpt maj sgt cpl pvt adm brig cmdr gov jr sr bn bde regt div".split())


def ends_with_abbreviation(text: str) -> bool:
    """Whether ``text`` ends with an abbreviation's period (``cf.``, ``No.``, ``e.g.``), not a
    sentence's: ``etc.`` ends sentences as often as not, and ``No.`` after a sentence is an answer."""
    words = text[-60:].rstrip(".").split()[-2:]  # the end only: a line may be long
    if not words:
        return False
    word = words[-1].lstrip("([\"'“‘").lower()
    if word == "no":
        return len(words) == 2 and words[0][-1:] not in ".?!"
    return word != "etc" and word in (*_ABBREVIATIONS, "e.g", "i.e")


def capitals_colon_title(rest: str) -> tuple[str | None, str]:
    """``"vs CAVE: A dozer ..."`` -> ``("vs CAVE:", "A dozer ...")``; otherwise ``(None, rest)``."""
    match = _CAPITALS_TITLE.match(rest)
    if match:
        words = match.group("title").split()
        if words and all(_CAPITALS_WORD.fullmatch(w) for w in words) and any(w[0].isupper() for w in words) and not (
                len(words) == 1 and words[0].lower() in _SENTENCE_OPENERS_ALONE):  # "EXCEPTION: Units …", a label
            return match.group("title") + ":", rest[match.end():].strip()
    return None, rest.strip()


def in_title_case(text: str) -> bool:
    """Every word capitalised (or a number, or a minor word after the first): ``Zones of Control``;
    an aside in parentheses is not looked at (``Stacking (see 6.1)``)."""
    words = [word.strip(_QUOTES_AND_BRACKETS) for word in _WORD.findall(_ASIDE.sub(" ", text))]
    words = [word for word in words if word]
    if not words or not (words[0][0].isupper() or words[0][0].isdigit()):
        return False
    return all(word[0].isupper() or word[0].isdigit() or not word[0].isalpha() or word.lower() in _MINOR_WORDS
               or word.lower() in _MINOR_WORDS_ELSEWHERE or word.lower().startswith(("d'", "l'", "d’", "l’"))
               or word in _MINOR_WORDS_INSIDE and at + 1 < len(words) and words[at + 1][0].isupper()
               for at, word in enumerate(words))


def in_capitals(text: str) -> bool:
    return any(c.isalpha() for c in text) and not any(c.islower() for c in text)


def colon_title(rest: str) -> tuple[str | None, str]:
    """``"Zones of Control: Units ..."`` -> ``("Zones of Control:", "Units ...")``."""
    title, body = capitals_colon_title(rest)
    if title is not None:
        return title, body
    match = _COLON_TITLE.match(rest)
    if match:
        title, body = match.group("title"), rest[match.end():].strip()
        words = title.split()
        # "Zones of Control: units ...", or in sentence case before a new sentence: "Fresh units: A unit ...", or
        # before one in lower case, of two or three words, no article or verb: "Attacker advance: after a DR …"
        # ("Exception: a unit ...", one word before a sentence that goes on, is that sentence.)
        # ("Finally: Each turn …", a sentence's adverb, even capitalised as a title would be)
        if len(words) <= MAX_COLON_TITLE_WORDS and (body[:1].isupper() or len(words) > 1) and not (
                len(words) == 1 and title.lower() in _SENTENCE_OPENERS_ALONE) and (
                in_title_case(title) or (len(words) <= MAX_SENTENCE_CASE_TITLE_WORDS and title[:1].isupper()
                                         and (body[:1].isupper() and not _opening_phrase(words)
                                              or _names_a_thing(words) and not turns_on_a_verb(title)))):
            return title + ":", body
    return None, rest.strip()


def period_title(rest: str) -> tuple[str | None, str]:
    """``"Landing Parties. A crew may land"`` -> ``("Landing Parties.", "A crew may land")``; an abbreviation's
    or initials' period is no title's end (``U.S. Forces.``, ``Tanks vs. Infantry.``)."""
    skipped = []  # an abbreviation's or initials' stops before: a title's end where the longer title is none
    for stop in _STOP.finditer(rest):
        word = rest[:stop.end()].split()[-1] if rest[:stop.start()].strip() else ""
        if stop.group() == "." and (_INITIALS.fullmatch(word) or word.lower().strip("\"'“‘(.") in _ABBREVIATIONS):
            skipped.append(stop)
            continue
        for end in ([] if stop.group() in ":;" else [stop]) + _lone_capitals(rest, skipped):  # else "Plan A."
            title, body = rest[:end.start()].strip(), rest[end.end():].strip()
            if title and _reads_as_run_in_title(title, body):
                return title + end.group(), body
        return None, rest.strip()
    for end in _lone_capitals(rest, skipped):
        title, body = rest[:end.start()].strip(), rest[end.end():].strip()
        if _reads_as_run_in_title(title, body):
            return title + end.group(), body
    return None, rest.strip()


def _lone_capitals(rest: str, stops: list[re.Match[str]]) -> list[re.Match[str]]:
    """Those of ``stops`` after a capital or initials that end a title of more words, not opening on an article
    (``Plan A.``, ``Phase I.``, ``Aid to the U.S.S.R.``): not ``U.S. Marines …``, ``N.B. …``,
    ``The U.S. Army …``; nor a middle initial (``Robert E. Lee …``, ``J. E. B. Stuart …``): a lone capital ends a
    title only after a word naming a series' member (``Force H.``, ``Annex E.``), or as a series' letter or numeral
    does (``_SERIES_CAPITALS``) after a word that is no initial (``George B. McClellan …`` still reads as a title)."""
    return [stop for stop in stops if _INITIALS.fullmatch(rest[:stop.end()].split()[-1])
            and _ends_on_initials(rest[:stop.start()].split())]


def _ends_on_initials(words: list[str]) -> bool:
    """Whether a title of ``words`` may end on its last, a capital or initials without their last period (see
    ``_lone_capitals``)."""
    capitals = words[-1].lstrip("\"'“‘(")
    return len(words) > 1 and words[0].lower() not in ("a", "an", "the") and (
        len(capitals) > 1 or words[-2].lower() in _SERIES_NOUNS
        or capitals[:1] in _SERIES_CAPITALS and not _INITIALS.fullmatch(words[-2]))


def capitals_run_title(rest: str) -> tuple[str | None, str]:
    """``"MOVEMENT POINTS Each unit has"`` -> ``("MOVEMENT POINTS", "Each unit has")``: words in capitals, then a
    sentence; not an abbreviation starting one (``ZOC Units may``, ``NATO HQ Units``): two words of three letters or
    more, or one of five, besides minor words (``LINE OF SIGHT``, ``SUPPLY & ATTRITION``)."""
    match = _CAPITALS_RUN.match(rest)
    if match:
        words = [word for word in match.group("title").split() if word not in _MINOR_CAPITALS]
        if words and all(len(word) >= 3 for word in words) and (len(words) > 1 or len(words[0]) >= 5):
            return match.group("title").strip(), rest[match.end():].strip()
    return None, rest.strip()


# Words a sentence opens with that no title does: "For example:", "Each player:", "Both players:", "In this case:".
_OPENING_WORDS = _MINOR_WORDS | frozenset("the each both all any every some either neither this that these those "
                                          "if when while once so then also thus simply finally additionally "
                                          "alternatively similarly otherwise however instead generally usually "
                                          "normally basically essentially likewise therefore briefly only rarely "
                                          "needless".split())
# Adverbs that open a sentence of two words ("Strictly speaking:", "Curiously enough:"), not a longer title's
# ("Historically accurate setup:", "Strictly optional rules:"); and a second word that makes the first open one,
# anywhere ("No matter what:") or in two words ("Until then:", "Even so:"; "Move then fire:" is a title); and phrases
# that open one ("Put simply:", "Above all:"; "Move again:", "Reveal all:" are titles).
_OPENING_ADVERBS = frozenset("strictly broadly roughly technically historically curiously most".split())
_OPENING_SECOND_WORDS = frozenset("matter speaking enough though".split())
_OPENING_SECOND_WORDS_OF_TWO = frozenset("then so".split())
_OPENING_PHRASES = frozenset({"put simply", "above all", "stated simply", "said differently", "once again",
                              "all in all", "for example", "for instance", "in short", "in other words", "that is",
                              "in addition", "in general", "as a result", "in this case", "in that case", "of course",
                              "in practice", "in summary", "in fact", "in effect", "in brief", "in particular",
                              "at first", "at last", "at least", "after all", "on the other hand", "in any case",
                              "in either case", "in both cases", "in turn", "as such", "for now", "simply put",
                              "strictly speaking", "generally speaking", "most importantly", "needless to say",
                              "even so", "that said", "this means", "in conclusion", "on the contrary",
                              "in most cases", "in some cases", "to sum up", "by the way", "in the meantime",
                              "for this reason", "in reality", "as noted", "as stated above", "only if", "only then",
                              "until then", "no matter what", "if so", "if not", "even then", "also note",
                              "not so"})
_SENTENCE_OPENERS_ALONE = frozenset("thus finally also additionally however therefore likewise similarly otherwise "
                                   "instead generally usually normally basically essentially briefly simply "
                                   "alternatively hence consequently furthermore moreover indeed again still "
                                   "yet".split()
                                  # and a label a rule's sentence opens with ("6.23 Exception: Units in town …": the
                                  # rule is untitled, its text says it is an exception)
                                  ) | frozenset("exception exceptions important clarification reminder".split())


def _names_a_thing(words: list[str]) -> bool:
    """Whether a few words in sentence case name a thing, as a title does (``Attacker advance``), rather than open a
    sentence (``For example``, ``Each player``, ``Simply put``)."""
    first, second = words[0].lower(), words[1].lower() if len(words) > 1 else ""
    return first not in _OPENING_WORDS and second not in _OPENING_SECOND_WORDS and not (len(words) == 2 and (
        first in _OPENING_ADVERBS or second in _OPENING_SECOND_WORDS_OF_TWO)) and not _opening_phrase(words)


def _opening_phrase(words: list[str]) -> bool:
    """Whether a few words are a phrase a sentence opens with (``For example``, ``Put simply``, ``Thus``), whatever
    follows: before a capitalised sentence, only such a phrase is refused (``Each hex: Only one unit …``, ``When
    attacking: The attacker …`` are titles)."""
    phrase = " ".join(words).lower()
    return phrase in _OPENING_PHRASES or len(words) == 1 and phrase in _SENTENCE_OPENERS_ALONE


def turns_on_a_verb(text: str) -> bool:
    """Whether ``text`` holds a verb a sentence turns on (``Do not roll twice.``, ``Units may stack``): no title."""
    return any(word.strip(".,:;!?").lower() in _SENTENCE_VERBS for word in text.split())


def dash_title(rest: str) -> tuple[str | None, str]:
    """``"Movement Costs — Each hex costs"`` -> ``("Movement Costs —", "Each hex costs")``; not a
    title with a subtitle (``"COMBAT - GENERAL"``, ``"COMBAT - General rules"``): what follows
    the dash must read as a sentence, not as more title."""
    match = _DASH_TITLE.match(rest)
    if match:
        title, body = match.group("title").strip(), rest[match.end():].strip()
        if _reads_as_run_in_title(title, body) and _reads_as_sentence(body):
            return f"{title} {match.group('dash')}", body
    return None, rest.strip()


def _reads_as_sentence(text: str) -> bool:
    """Not more title (``GENERAL``, ``Advanced``, ``General rules``): a sentence that ends
    on the line, or one of four words or more."""
    return not (in_title_case(text) or in_capitals(text)) and (
        bool(_ENDS_SENTENCE.search(text)) or len(text.split()) >= 4)


def _reads_as_run_in_title(title: str, body: str) -> bool:
    """A few words in title case or capitals, not ending in an abbreviation, before a new sentence; a number inside
    it, not at its end (``Turn 1 Surprise``, ``2-Player Rules``; ``Roll 2d6``, ``Add 1`` are sentences)."""
    words = title.split()
    opening = body.lstrip(_QUOTES_AND_BRACKETS + "=")[:1]  # '"Spotted" units …', Obsidian's '==Hidden units== …'
    return bool(words and len(words) <= MAX_COLON_TITLE_WORDS and (opening.isupper() or opening.isdigit())
                and words[-1].lower() not in _ABBREVIATIONS and (in_title_case(title) or in_capitals(title))
                and (not any(c.isdigit() for c in title) or len(words) > 1 and words[-1].isalpha()))


def run_in_title(rest: str) -> tuple[str | None, str]:
    """The title a rule's line starts with, before its text: up to a colon, else a period, else a spaced dash, else
    the words in capitals before a sentence."""
    for split in (colon_title, period_title, dash_title, capitals_run_title):
        title, body = split(rest)
        if title is not None:
            return (_with_named_step(title, body) if split is colon_title else None) or (title, body)
    return None, rest.strip()


# A label numbering a step or a part of a procedure: "Step 1", "Phase 2", "Stage B".
_NUMBERED_LABEL = re.compile(r"[A-Z][a-z]+[ \t]+(?:\d+|[A-Z])")


def _with_named_step(label: str, body: str) -> tuple[str, str] | None:
    """``Step 1: Movement. The moving player …``: the label and the step's name are the title (the name alone, not
    the label alone, says what the rule is about); None where no name follows a numbered label."""
    if not _NUMBERED_LABEL.fullmatch(label[:-1]):
        return None
    name, after = period_title(body)
    if name is not None:
        return f"{label} {name}", after
    return (f"{label} {body}", "") if whole_line_title(body, text_follows=False) else None


def whole_line_title(rest: str, *, text_follows: bool, with_period: bool = False) -> bool:
    """Whether all of ``rest`` is the rule's title (``text_follows``: the next line is
    the rule's text, not another rule or a wrapped sentence). ``with_period`` (plain text, where nothing else marks a
    title): it may end on its period there, in title case or capitals (``Supply Depots.`` over ``A depot supplies
    …``), not on an abbreviation's."""
    rest = rest.strip()
    if not rest or len(rest) > MAX_TITLE_LENGTH:
        return False
    if _ENDS_SENTENCE.search(rest):
        return with_period and text_follows and _title_with_its_period(rest)
    first = rest.lstrip(_QUOTES_AND_BRACKETS)[:1]
    if not first or not (first.isupper() or first.isdigit()):
        return False
    return in_capitals(rest) or in_title_case(rest) or (text_follows and _sentence_case_title(rest))


def _title_with_its_period(rest: str) -> bool:
    """``Supply Depots.``, ``TURN 1 SURPRISE.``: a few words in title case or capitals and a period, not an
    abbreviation's, initials' or a number's (``See 4.1.``)."""
    words = rest[:-1].split()
    return (rest.endswith(".") and not rest.endswith("..") and 0 < len(words) <= MAX_COLON_TITLE_WORDS
            and rest[:1].isupper() and words[-1].strip("\"'”’)").isalpha() and not _SENTENCE_INSIDE.search(rest)
            and not ends_with_abbreviation(rest) and words[-1].lower() not in _ABBREVIATIONS
            and (not _INITIALS.fullmatch(words[-1] + ".") or _ends_on_initials(words))
            and (in_capitals(rest[:-1]) or in_title_case(rest[:-1])))


def ends_open(text: str) -> bool:
    """Whether a line stops where no sentence or list item can end: on a comma, a semicolon, a
    dash or a minor word (``… except in``, ``… woods,``): the next line goes on with it."""
    words = text.split()
    return bool(words) and (words[-1][-1] in ",;-–—" or words[-1].strip(_QUOTES_AND_BRACKETS).lower() in _OPEN_ENDINGS)


def _sentence_case_title(text: str) -> bool:
    """Whether a line in sentence case, over its rule's text, reads as a title (``Fresh units in
    woods``), not as the first line of a hard-wrapped sentence (``A unit expends MP for each hex
    it enters, as given on the``): a few words, no comma or semicolon, no reference in an aside
    (``Units pay double in woods (see 1.0)``), no verb a sentence turns on (``Supply is traced to
    any friendly`` over ``HQ within 5 hexes.``), not ending on a minor word, nor on a capitalised
    word after a word in lower case (``Each unit has a Movement`` over ``Allowance, which …``: a
    sentence wrapped inside a game term)."""
    words = _WORD.findall(_ASIDE.sub(" ", text))
    last = words[-1].strip(_QUOTES_AND_BRACKETS) if words else ""
    return (0 < len(words) <= MAX_COLON_TITLE_WORDS and not _SENTENCE_INSIDE.search(text)
            and last.lower() not in _OPEN_ENDINGS and not _SENTENCE_VERBS.intersection(map(str.lower, words[1:]))
            and not (len(words) > 1 and last[:1].isupper() and not last.isupper() and words[-2][:1].islower()))
