"""The reference grammar of ``numbering: case`` and ``numbering: decimal``: numbers without letters.

Rule IDs are the numbers as printed: SPI-style cases (``5``, ``5.4``, ``5.44``,
``9.231``) or dotted groups (``3``, ``3.0``, ``3.2.1``). Pure functions over
plain text, like :mod:`build_tools.references.chapter_dotted`.

What counts as a reference
--------------------------
* **A dotted number** that looks like a rule number and not like a quantity:
  ``(see 5.4)``, ``(9.2)``, ``Exception: 5.21``, ``3.2.1``. Case numbers have
  one dot (``1.2.3`` is not a case); decimal numbers have one or more.

  - Its leading number does not start with 0 (``0.5`` is a quantity).
  - It is not glued to a word, digit or dot on either side (``9.5mm``).
  - It is not an amount in a sum, a rating, a version or another numbering's
    number: no ``NOT_AFTER_WORDS`` right before it (``adds 1.5``,
    ``multiplied by 1.5``, ``rated 2.1``, ``Version 2.1``, ``Rev 1.2``, ``Table 2.3``,
    ``p. 2.2``, ``hex 12.08``, ``a 2.1 ratio``, ``Turn 3.5``, ``strength 3.5``,
    ``Diagram 4.1``, ``costs 1.5``, ``Example 2.5``, ``No. 2.5``, ``USD 2.5``; nor ``£``, ``€``, ``¥`` or
    ``# `` before it), and no ``or more``
    (``5.0 or more``) after it.
  - In decimal numbering, it does not end or start on a year (``14.3.2024``, ``2024.05.01``): a date.
  - It is not quoted, signed, compared or measured: no quote mark, ``+``,
    ``-``, ``<``, ``=``, ``#``, ``/``, ``$`` … right before it; no quote mark,
    ``%``, ``°``, ``×``, ``″``, ``/digit``, ``/letter`` (``2.5/hex``), ``:digit`` (``1.5:1``; nor a ratio's ``1:`` before it,
    ``1:2.5``), ``-digit`` (``4.5-6``) or
    ``-letter`` (``5.5-inch``) right after it; no ``to`` and a whole number
    after it (``1.5 to 1`` odds: a range ends on a rule number; nor ``1.5 : 1``, ``1.5 – 1 odds``, ``2.5 x``); and no
    quantity word after it or after the list or range it starts (``4.5 MP``, ``1.5 hexes``, ``1.5 or 2.0 MP``,
    ``1.5-2.0 MP``; the words are
    ``QUANTITY_WORDS`` plus the ruleset's ``quantity_words``), unless a cue word leads up to it and the word is
    capitalised: ``see 2.3 Movement for costs`` cites 2.3 and its title. A decimal
    number of three groups or more is no amount: ``per 2.4.1 units`` cites 2.4.1. ``6.3ff`` and
    ``6.3f.`` (the rules after it too) cite 6.3; a lettered item of a rule,
    ``2.1a``, ``(5.44c)``, ``3.2a-c`` (letters a to e), cites the item by its
    first letter (2.1a, 5.44c, 3.2a): a lettered sub-rule where the book has
    one, else the rule (the rule index reads it so: ``Numbering.items``).

* **Ranges**: ``3.2.1-3.2.2`` (or an en dash, or pandoc's ``--`` for one); in case numbering also the
  tail after the dot, ``9.73-.731``. ``6.1 to 6.6`` and ``4.2 through 4.3``
  are two references, each end cited, as are ``las reglas 3.1 a 3.4``, ``de 4.2 a 4.5``, ``dalla 3.1 alla 3.4``
  and ``regras 3.1 até 3.4`` (Spanish, Italian and Portuguese "to", after a cue word of those languages, and only
  to a later number: elsewhere "a" is an article). In case numbering, a list's later items
  may be printed without their section (``Cases 6.21, .23 and .24``, ``6.1
  to .2``): each is a case of the section of the item before it. In decimal numbering a number of three
  groups or more may end its range or list on its last group: ``1.4.1-3``, ``1.4.1-.3``, ``1.4.1, .2 and .3``
  (a number of two groups may not: ``rated 4.5-6``, ``2.1, .5 and .25`` are amounts).
* **Bare section numbers** only in a list after a cue word, where nothing
  else can be meant: ``see 4 and 6.41``, ``rules 4, 5 and 7``, ``Section
  12``, ``(per 3)``. The cue words are *see (also)*, *per*, *rule(s)*,
  *section(s)*, *case(s)*, *exception(s)* and ``§`` (in German and French
  *siehe*, *vgl.*, *gemäß*, *Regel(n)*, *Abschnitt(e)*, *Kapitel*, *voir*,
  *règle(s)*, *chapitre(s)*; in Italian and Spanish *vedi*, *cfr.*, *capitolo*,
  *paragrafo*, *regola*, *sezione*, *véase*, *capítulo*, *regla*, *sección*,
  *apartado*); lettered items: ``see 2a``, ``2a-c``, ``2a-2c``, ``4.1a-c, d``; the items after it are
  joined by commas, semicolons, *and*, *or*, *to*, *through*, ``&`` (*und*,
  *oder*, *bis*, *et*, *ou*, *à* before another item). A bare
  number must end the list or be followed by punctuation or a joining word,
  or by a word in lower case when a cue naming rules (*rule(s)*,
  *section(s)*, ``§``) or an earlier item comes before it (``rule 4
  applies``, ``rules 4, 5 and 7 apply``, ``see 2 and 4 for details``); so
  ``per 2 MP``, ``see 4 for details``, ``see 4-4-6`` and ``see 10/16`` cite
  nothing; unit ratings (``4-4-6``), hex numbers (``0812``), counts and
  fractions are never references.
* **Lists** need no grammar of their own: each item is a reference of its own. Dotted numbers
  joined by slashes after a cue word are a list too: ``see 1.2/1.3``, ``rules 7.1/7.2/7.4`` (a
  fraction has no dot on both sides, and ``2.5/3.0`` without a cue word cites nothing).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from functools import lru_cache

from build_tools.references.cue_words import (JOIN_WORDS, ORDINAL_CUES, RANGE_BY_A_CUES, RULE_WORDS, RULES_WORDS,
                                              RULES_WORDS_BY_SENTENCE_JOIN, SEE_WORDS, TO_RULE_BY_A,
                                              SENTENCE_JOIN_WORDS, alternation)
from build_tools.references.reference import RefPart, Reference, replaced

QUANTITY_WORDS = (
    "MP", "MPs", "MF", "MA", "MAs", "CP", "CPs", "AP", "APs", "VP", "VPs", "PP", "FP", "SP", "PF", "MB",
    "PM", "PA", "PV", "victory points", "victory point",  # (PM: points de mouvement, puntos/punti di movimento)
    "hex", "hexes", "hexside", "hexsides", "inch", "inches", "cm", "mm", "km", "ft", "feet",
    "mile", "miles", "yard", "yards", "point", "points", "movement", "turn", "turns",
    "round", "rounds", "times", "percent", "unit", "units", "step", "steps",
    "space", "spaces", "area", "areas", "level", "levels", "day", "days", "hour", "hours", "minute", "minutes",
    "column", "columns", "ratio", "odds", "errata", "per", "range", "thousand", "thousands", "million", "millions",
    "billion", "token", "tokens", "second", "seconds", "ton", "tons", "tonne", "tonnes", "kg", "lb", "lbs", "pound",
    "pounds", "rating",
    # in the other languages rulebooks are printed in: clock times and head counts ("18.30 Uhr", "3.000 Mann")
    "Uhr", "heure", "heures", "Mann", "Männer", "hommes", "esagono", "esagoni", "hexágono", "hexágonos", "hexagono",
    "hexagonos", "casilla", "casillas", "dado", "dadi", "dados", "turno", "turni", "turnos", "hexen", "velden",
    "beurten", "beurt", "punten", "puntos", "punto", "punti", "pontos", "ponto", "pasos", "paso", "passi", "passo",
    "columnas", "columna", "colonne", "colonna", "colonnes", "colunas", "coluna", "Spalten", "Spalte", "Schritte",
    "punkte", "punkt", "siegpunkte", "bewegungspunkte", "felder", "feld",  # (in lower case: "siehe 8.0
    # Siegpunkte" after a cue may be the section's title, as "see 8.0 Victory Points" is)
    "heksy", "heksów", "pól", "tury",
)
# What a game counts or spends, and where a chart is read, only as a sentence writes it, in lower case ("gains 2.5
# resources", "1.5 shifts", "the 2.5 row"): capitalised, such a word may start a rule's title ("see 8.0 Morale",
# "see 6.3 Shifts", "(see 17.0 Victory Conditions)"), and after a cue word it may be the rule's title in lower case or
# go on with the sentence ("see 5.4 zones of control", "Per 11.2 strength is halved"). No thing counted whole:
# "Under 7.1 cards are drawn" cites 7.1, as a decimal number of cards is none.
LOWER_CASE_QUANTITY_WORDS = ("resource", "resources", "shift", "shifts", "knot",
                             "knots", "fuel", "morale", "row", "rows", "edition", "patch", "update", "m", "metre",
                             "metres", "meter", "meters", "pace", "paces", "square", "squares", "strength",
                             "multiplier", "multipliers",
                             # an edition of the book ("the 1.0 rulebook", "the 2.0 printing", "in the 1.2 release")
                             "rulebook", "printing", "release", "reprint", "draft", "pdf", "PDF")
# A comparison after a number makes it an amount: "5.0 or more".
COMPARISONS = ("or more", "or less", "or fewer", "or higher", "or lower", "or better", "or worse", "or greater")
# Quoted, signed, compared, counted or measured: not a rule number.
_NOT_BEFORE = r"[\w.\"'“”‘’$£€¥+\-−±×/#<>=≤≥]"
# A value a sentence states of what a game reckons with is an amount too, as is the list it starts: "the ratio is 1.5",
# "costs are 2.0 and 3.0" (only after such a word: "The exceptions to this are 5.4 and 6.1", "Retreat is 7.3" cite
# rules). Read apart from the main regex, on text that passes a fast test (_may_read_after_word): lookbehinds of these
# pairs there made the grammar a fifth slower.
# (in the other languages rulebooks are printed in too: "el coste es 1.0", "il rapporto è 1.5", "le rapport est de 1.5",
# "der Wert ist 1.5")
_STATED_VERBS = ("is", "are", "was", "were", "becomes", "become", "remains", "remain", "equals",
                 "es", "son", "è", "sono", "est", "sont", "ist", "sind", "é", "são")
_VALUE_NOUNS = ("ratio", "ratios", "cost", "costs", "value", "values", "multiplier", "multipliers", "modifier",
                "modifiers", "factor", "factors", "rate", "rates", "total", "result", "amount", "limit", "maximum",
                "minimum", "average", "odds", "score", "strength", "range", "price", "chance", "probability", "weight",
                "coste", "costes", "costo", "costi", "custo", "coût", "kosten", "valor", "valore", "valeur", "wert",
                "rapporto", "rapport", "razón", "proporción", "proporção", "verhältnis", "multiplicador",
                "moltiplicatore", "multiplicateur", "multiplikator", "modificador", "modificatore", "modificateur",
                "modifikator", "fattore", "facteur", "faktor")
_VALUE_NOUN = re.compile(rf"(?<!\w)(?i:{alternation(_VALUE_NOUNS)})(?!\w)")
_VALUE_STATED = re.compile(rf"(?<!\w)(?i:{alternation(_VALUE_NOUNS)})[ \t]+(?i:{alternation(_STATED_VERBS)})"
                           rf"(?:[ \t]+(?:de|di))?[ \t]+\Z")
# An amount in a sum, a rating or a version is no rule number either: "adds 1.5", "multiplied by 1.5",
# "plus 2.5", "rated 2.1", "Version 2.1", "at least 1.5", "reduced to 1.5", "a value of 3.2"; nor is what another
# numbering names ("Table 2.3", "Figure 3.1", "p. 2.2", "Module 2.1", "hex 12.08", "Release 1.1"), nor a number after
# an article ("a 2.1 ratio").
NOT_AFTER_WORDS = (
    "add", "adds", "added", "adding", "plus", "minus", "subtract", "subtracts", "subtracted", "subtracting",
    "times", "factor of", "rated", "rating", "version", "edition", "printing", "rev", "rev.", "revision", "a", "an",
    "table", "tables", "figure", "figures", "fig.", "chart", "page", "pages", "p.", "pp.", "module", "scenario",
    "scenarios", "hex", "hexes", "map", "diagram", "diagrams", "box", "turn", "game-turn", "phase", "strength",
    "modifier",
    "modifier of", "cost", "costs", "weight", "range of", "release", "at least", "at most", "equals", "equal to",
    "value of", "values of", "ratio of", "reduced to", "increased to", "column", "ratio", "rating of", "reduce to",
    "reduces to", "increase to", "increases to", "round", "roll", "drm", "drm of", "usd", "eur", "gbp",
    "gain", "gains", "gained", "lose", "loses", "weight of", "halve to", "halved to",
    # other numberings a rulebook prints: its examples, cards, steps, tracks, questions ("Example 2.5", "Step 2.5")
    "example", "examples", "illustration", "appendix", "exhibit", "card", "cards", "event", "step", "stage",
    "level", "track", "display", "area", "mission", "option", "vol.", "item", "question", "faq", "crt", "tec",
    "aid",
    # an edition, in a living book's history of changes ("New in 1.3:", "Changes since 3.0.1"; not "changes in",
    # "introduced in", "clarified in", which a rule's number follows as often: "Supply is introduced in 8.1")
    "new in", *(f"{word} since" for word in ("changes", "changed", "new", "added", "updated", "revised", "introduced",
                                             "removed", "deleted", "fixed", "clarified")),
    # an amount a value becomes ("5 becomes 2.5", "rounded to 2.5", "gives 1.5 prestige", "a margin of 4.5")
    "becomes", "become", "rounded to", "round to", "rounds to", "rounded up to", "rounded down to", "gives",
    "margin of", "verhouding",
    # other languages' names of other numberings and versions ("Tabelle 3.2", "Abb. 3.1", "Seite 3.2", "voir le tableau
    # 3.2", "Tabela 2.1", "Versie 1.2")
    "tabelle", "tab.", "abb.", "abbildung", "seite", "beispiel", "karte", "szenario", "tableau", "carte", "exemple",
    "scénario", "tabella", "tabla", "tabel", "tabela", "versione", "versión", "versie", "versão", "wersja",
    # (and so in other languages: "se multiplica por 1.5", "moltiplicato per 1.5", "multiplié par 1.5")
    "multiplica por", "multiplicado por", "multiplicada por", "moltiplica per", "moltiplicato per", "multiplie par",
    "multiplié par", "multipliée par", "multipliziert mit", "divide por", "dividido por", "diviso per", "divisé par",
    "dividiert durch",
    *(f"{verb} by" for verb in (
        "multiply", "multiplies", "multiplied", "divide", "divides", "divided", "increase", "increases",
        "increased", "reduce", "reduces", "reduced", "decrease", "decreases", "decreased")),
)
# (in every language cue_words lists: "siehe 4 und 6.1", "Regel 4", "voir 4 et 6.1", "vedi capitoli 5 e 6",
# "zie 4 en 5")
# Words naming rules: cue words of both kinds below (_CUE, _RULE_CUE).
_RULE_WORDS = alternation((*RULE_WORDS, *RULES_WORDS))
_CUE = (rf"(?<!\w)(?:(?i:{alternation((*SEE_WORDS, 'case', 'cases', 'exception', 'exceptions'))}|{_RULE_WORDS})"
        r"(?!\w)|§)\s*:?\s*")
_FOREIGN_JOIN = alternation(JOIN_WORDS)


def _item_cue(see_words: tuple[str, ...]) -> str:
    """A cue right before a section's lettered item a word goes on from (``see 2a for details``): ``see_words`` or a
    word naming rules, not a sentence's "case" (``In that case 2a-2c units move``)."""
    return rf"(?<!\w)(?:(?i:{alternation(see_words)}|{_RULE_WORDS})(?!\w)|§)\s*:?\s*\Z"


# (never Italian's "per", "for" too: "per 2a-c colonna"; before an item an ordinal may be, "2a", "1o", "2e", "1a-2a",
# no cue of a language that writes ordinals so: "vide 1a edição")
_ORDINAL_LETTERS = frozenset("aeo")
_ITEM_CUES = (_item_cue(tuple(word for word in SEE_WORDS if word != "per")),
              _item_cue(tuple(word for word in SEE_WORDS if word not in ORDINAL_CUES)))


def _join(words: str) -> str:
    return rf"\s*(?:[,;&]|(?<=\s)(?i:and|or|to|through|thru|{words})(?=\s))\s*(?:(?i:see\s+also|also)\s+)?"


_JOIN = _join(_FOREIGN_JOIN)
_AFTER_SENTENCE_JOIN = re.compile(rf"(?<!\w)(?i:{alternation(SENTENCE_JOIN_WORDS)})\s+(?:\d{{4,}}{_JOIN})*\Z")
# Before a bare number a word follows: no joining word that is a sentence's word too ("voir 8.1 en 2 phases").
_WORD_JOIN = _join(alternation(tuple(word for word in JOIN_WORDS if word not in SENTENCE_JOIN_WORDS)))
# A bare section number ends the list, or punctuation or a joining word follows it (not a dot before a word: "see
# 2.l2", a scan's misread "2.12", is no section 2).
_SECTION_END = rf"(?=\s*(?:$|\.(?!\w)|[,;:)\]&]|(?i:and|or|to|through|thru)(?!\w)|(?i:{_FOREIGN_JOIN})\s+[\d§]))"
# Cue words that name what follows a rule: a bare number after one is a rule's, whatever follows it.
_RULE_CUE = rf"(?<!\w)(?:(?i:{_RULE_WORDS})(?!\w)|§)\s*:?\s*"


def _rules_before_sentence_join(item: str) -> str:
    """Dutch and Polish words naming many rules, and their list up to its last number, joined by "en" or "i" where no
    joining word came before ("zie regels 5 en 6 gelden", "zasady 4, 5 i 6 dla piechoty"; cue_words)."""
    listed = rf"(?:{item}[ \t]*,[ \t]*)*{item}"
    return "|".join(rf"(?<!\w)(?i:{alternation(nouns)})(?!\w)\s*:?\s*{listed}[ \t]+(?i:{join})[ \t]+"
                    for join, nouns in RULES_WORDS_BY_SENTENCE_JOIN.items())

# How far before a bare number its cue word may stand ("see 4, 5, 6.41 and 7").
_CUE_REACH = 120
# A lettered item of a rule, printed after its number: "2.1a", "(5.44c)", "3.2a-c" cite the item (2.1a, 5.44c,
# 3.2a: the rule where the item is no sub-rule of its own), linked with its letters. Letters a to e only: an item's letters start there, and later ones are
# measures ("2.5m", "9.5s", "1.5x"), or "6.3f", the rules after it (below).
ITEM_LETTERS = "abcde"
# Printed in brackets or after a dot too: "4.1(b)", "5.2(a)-(c)", "4.1.b" cite 4.1b and 5.2a.
_LETTERED = (rf"(?:[{ITEM_LETTERS}](?:[-–/][{ITEM_LETTERS}])?|\([{ITEM_LETTERS}]\)(?:[-–]\([{ITEM_LETTERS}]\))?"
             rf"|\.[{ITEM_LETTERS}])(?!\w)")


# "per" after a number is a rate ("4.2 per hex", "costa 1.5 per la fanteria"), but after a cue word not before an
# article, where it is Italian's "for": "vedi 4.2 per i dettagli".
_PER_AS_RATE = r"per(?![ \t]+(?:i|il|lo|la|gli|le|un|uno|una|ogni|l['’]\w)(?!\w))"


def quantity_after(words: Collection[str], *, lower_case: bool = True) -> str:
    """A lookahead's body: one of ``words`` (in any case) or of ``LOWER_CASE_QUANTITY_WORDS`` (as written; not
    ``lower_case``, after a cue word: none, and "per" before an article is Italian's "for") after a number, so that
    the number is an amount."""
    either = "|".join(_PER_AS_RATE if word == "per" and not lower_case else re.escape(word)
                      for word in sorted(words, key=len, reverse=True))
    lower = "|".join(re.escape(word) for word in sorted(LOWER_CASE_QUANTITY_WORDS, key=len, reverse=True))
    return rf"[ \t]+(?:(?i:{either}){f'|{lower}' if lower_case else ''})(?!\w)"


def not_after_words(words: Collection[str]) -> str:
    """Lookbehinds refusing a number's first digit right after one of ``words`` and a space: one per
    length (Python's must be of fixed width), tried only after a letter that ends one of them (most
    numbers follow a bracket, "see" or "per", and pass at the first test: measured on the bench book,
    a fifth of the time that trying every word takes)."""
    last_letters, each = _word_lookbehinds(words)
    return rf"(?:(?<![{last_letters}][ \t\u00a0].)|{''.join(rf'(?<!{word})' for word in each)})"


def after_words(words: Collection[str]) -> str:
    """Lookbehinds passing a number's first digit right after one of ``words`` and a space (see ``not_after_words``)."""
    last_letters, each = _word_lookbehinds(words)
    return rf"(?<=[{last_letters}][ \t\u00a0].)(?:{'|'.join(rf'(?<={word})' for word in each)})"


def _word_lookbehinds(words: Collection[str]) -> tuple[str, list[str]]:
    """The letters ``words`` end with, and the bodies of lookbehinds of ``words`` (one per length), a space and a
    digit after them."""
    by_length: dict[int, list[str]] = {}
    for word in words:
        by_length.setdefault(len(word), []).append(re.escape(word))
    last_letters = "".join(sorted({word[-1] for word in words} | {word[-1].upper() for word in words}))
    return last_letters, [rf"\b(?i:{'|'.join(same)})[ \t\u00a0]." for same in by_length.values()]


# The cue words of _CUE one by one, for lookbehinds of a fixed width: those that lead up to a rule's number only
# ("In that case 2.5 Movement Points", "an exception 1.5 hexes wide": "case" and "exception" are a sentence's words
# too, a cue only before a colon, "Exception: 2.3").
_CUE_WORDS = (*SEE_WORDS, *RULE_WORDS, *RULES_WORDS)
_COLON_CUE_WORDS = ("case", "cases", "exception", "exceptions")
_CAPITALISED_CUE_WORDS = ("Case", "Cases")


# A number sign after a word naming rules: "rule #5.2", "Case #6.1" (after another word a card's or a hex's: "Card #5").
_NUMBER_SIGN_AFTER_CUE = "|".join(rf"(?<=\b(?i:{word})[ \t]#.)"
                                  for word in ("rule", "rules", "case", "cases", "section"))


def _after_cue() -> str:
    """Lookbehinds that pass a number's first digit right after a cue word and a space, or a colon and a space
    ("see 2.3", "Exception: 2.3", "§ 2.3"): one per length, as Python's must be of fixed width."""
    by_length: dict[int, list[str]] = {}
    for word in (*_CUE_WORDS, *_COLON_CUE_WORDS):
        for written in ((f"{re.escape(word)}:[ \t]",) if word in _COLON_CUE_WORDS else
                        (f"{re.escape(word)}[ \t]", f"{re.escape(word)}:[ \t]")):
            by_length.setdefault(len(word) + (2 if ":" in written else 1), []).append(written)
    for word in _CAPITALISED_CUE_WORDS:  # as written: "Case 6.2", SPI's; "in that case 2.5 …" is a sentence's
        by_length.setdefault(len(word) + 1, []).append(f"(?-i:{word})[ \t]")
    each = [rf"(?<=\b(?i:{'|'.join(same)})\d)" for same in by_length.values()]
    last = "".join(sorted({word[-1] for word in _CUE_WORDS} | {word[-1].upper() for word in _CUE_WORDS} | {":"}))
    # ("case" and "exception" before a colon only: ":" is among them)
    # (tried only after a character that ends one of them: most numbers follow a bracket, and pass at the first test)
    # (each spans the digit the main regex consumed: which digits may start a number, it says)
    return rf"(?:(?<=[{re.escape(last)}][ \t]\d)(?:{'|'.join(each)})|(?<=§\d)|(?<=§[ \t]\d))"


@lru_cache(maxsize=32)
def _patterns(groups: bool, quantity_words: tuple[str, ...], zero: bool = False) -> tuple[re.Pattern[str], ...]:
    """The grammar as one regex, and the regexes that tell whether a cue list ends where a bare
    number starts (one for a number a word follows, which needs more: ``rule 4 applies``).

    The main regex's groups are ``first`` (a number), ``dots`` (its dotted part:
    empty for a bare section number, which then needs a cue before it) and
    ``tail`` (the other end of a range), and ``word``, set (empty) when a bare section number is
    followed by a word in lower case rather than by the end of a list. It starts by consuming a digit, so the
    regex engine skips ahead to digits instead of trying every position; what
    may come before the digit is checked by a lookbehind that spans it."""
    dots = r"(?:\.\d+)+" if groups else r"\.\d+"
    # A rule number's first digit; ``zero``: a book's section 0 too, before its dot ("0.1", never "0812", a hex's)
    lead = r"(?:[1-9]|0(?=\.))" if zero else "[1-9]"
    # Decimal: a number of more groups than two ("2.4.1") is never an amount, whatever word follows it.
    first_dots = r"\.\d+(?P<more>(?:\.\d+)+)?" if groups else dots
    quantity = quantity_after(quantity_words)
    comparison = rf"[ \t]+(?i:{'|'.join(COMPARISONS)})(?!\w)"
    # A number's end that is no date's (decimal: "14.3.2024") nor thousands', as Dutch, Spanish, Italian write them
    # ("12.000 man": no rule's group is "000"; "5.041" may be a case).
    no_date_nor_thousands = (r"(?<!\.\d{4})" if groups else "") + r"(?<!\.000)"
    # and so is "2024.05.01" (checked once its first digit is consumed, as the regex starts with one)
    year_first = r"(?!(?<=[12])\d{3}\.[01]\d\.[0-3]\d(?!\d))" if groups else ""
    # Nor a number a measure or ratio goes on from: "5.5-inch", "1.5:1".
    # Nor the first term of odds: "1.5 to 1" (a range ends on a rule number, never on a lone integer
    # after a dotted one). "6.3ff" is 6.3 and the rules after it.
    odds = (rf"[ \t]+to[ \t]+\d+(?:(?!\d|\.\d|[ \t]+(?i:and|or)[ \t])|{comparison})"
            r"|[ \t]+:[ \t]*1(?!\d|\.\d)|[ \t]+[-–][ \t]+\d+[ \t]+(?i:odds)")  # "1.5 : 1", "1.5 – 1 odds"
    # ("4.1's effect": a possessive is no glued word)
    # (a dash to a 0 is no range, "5.4-0812", but to section 0's rule in a book that has one: "0.1-0.3")
    glued = (r"(?!ff?(?!\w)|['’]s(?!\w))[\w\"'%°“”‘’×″′]|\.\d|[-–](?:0" + (r"(?!\.)" if zero else "")
             + r"|\d+(?![\d.])|[A-Za-z])|[/:]\d|/[A-Za-z]")
    # A quantity word after a list or a range of numbers measures each of them: "1.5 or 2.0 MP", "1.5-2.0 MP".
    # (dotted numbers only: "Per 6.2, 3 units may stack" cites 6.2; a few, so that a long run of numbers stays linear)
    # (and in the other languages: "de 1.5 à 2.5 PM", "1.5 oder 2.0 MP"; not "a", English's article: "see 7.1 a 2.5
    # shift" cites 7.1, and Spanish "de 1.5 a 2.5 puntos" is read in Dotted._with_range_by_a)
    numbers_listed = r"(?:[ \t]*(?:,|[ \t](?i:or|to|and|à|y|o|e|et|ou|und|oder|bis)[ \t]|--|[-–])[ \t]*\d+(?:\.\d+)+){1,4}"
    listed = rf"{numbers_listed}(?:{quantity}|{comparison})"
    times = r"[ \t]+[x×][ \t]+(?=[^\W\d_])"  # "2.5 x range" ("see 2.1 x 3" is no such product)
    amount = rf"{quantity}|{comparison}|{odds}|{listed}|{times}"
    # After a cue word a capitalised word is the rule's title, not a unit: "see 2.3 Movement for costs" (cued); but
    # a unit written capitalised is one ("siehe 18.30 Uhr").
    capitalised = "|".join(re.escape(word) for word in quantity_words if word[:1].isupper() and word[1:2].islower())
    cued_quantity = quantity_after(quantity_words, lower_case=False)
    # (and a list after a cue word is measured as the cue's number is: "vedi le regole 4.2 e 5.3 per i dettagli")
    cued_amount = (rf"(?![ \t]+(?!(?:{capitalised})(?!\w))[A-Z][a-z]){cued_quantity}|{comparison}|{odds}"
                   rf"|{numbers_listed}(?:{cued_quantity}|{comparison})|{times}")
    end = rf"{no_date_nor_thousands}(?!{glued}|{amount})"
    # Decimal: a number of more groups than two may end a range on its last group ("1.4.1-3", "1.4.1-.3").
    short_tail = r"\.?[1-9]\d*(?!\d|\.\d|[-–/]\d)"

    def first_end_of(amount: str) -> str:
        if not groups:
            return rf"{no_date_nor_thousands}(?!{glued}|{amount})"
        return rf"{no_date_nor_thousands}(?(more)(?:(?=[-–]{short_tail}{end})|(?!{glued}))|(?!{glued}|{amount}))"

    first_end = rf"(?(cued){first_end_of(cued_amount)}|{first_end_of(amount)})"
    # (after a number of two groups, no short tail: "(?!)" never matches)
    # (a lettered item's range ends on one: "3.2a-3.2c", "3.2.a-3.2.c")
    lettered_tail = rf"{lead}\d*{dots}(?(letter)(?:\.?[{ITEM_LETTERS}])?)"
    tail = rf"{lettered_tail}|(?(more){short_tail}|(?!))" if groups else rf"{lettered_tail}|\.\d+"
    # A list after another numbering's word is all of that numbering: "hex 12.08 and 13.09", "Tables 7.1 and 7.2".
    # (its first number dotted, "On Turn 1, 6.2 does not apply" cites 6.2; and its commas before a joining word, "In
    # hex 12.08, 3.4 applies" cites 3.4)
    number = rf"{lead}\d*(?:\.\d+)*"
    join = rf"(?:[ \t]*,[ \t]*{number})*[ \t]*(?:&|[ \t](?i:and|or|to|{_FOREIGN_JOIN})[ \t])[ \t]*"
    # (matched whole, as "blocked", after the first digit: an alternative before it would keep the regex engine from
    # skipping ahead to digits, and a regex of its own costs a pass more; tried last, so that a rule's number, which
    # passes the first alternative, never tries it)
    blocked = rf"{after_words(NOT_AFTER_WORDS)}(?P<blocked>\d*(?:\.\d+)+(?:{join}{number})+)"
    # A count in a list before its unit: "per 2 or 3 hexes" (each item a count).
    # (after a joining word, not a comma: "Per rule 6, 2 units may stack" cites 6)
    count = rf"[ \t]*(?:&|[ \t](?i:or|and|to|through|thru|{_FOREIGN_JOIN}))[ \t]+[1-9]\d*{quantity}"
    main = re.compile(
        rf"(?P<first>{lead}(?:(?P<cued>{_after_cue()})?{year_first}(?:{_NUMBER_SIGN_AFTER_CUE}|(?<!{_NOT_BEFORE}.))"
        rf"(?<!\d:.)(?<!#[ \t].)"
        rf"{not_after_words(NOT_AFTER_WORDS)}\d*(?P<dots>{first_dots})?|{blocked}))"
        rf"(?(blocked)|(?(dots)(?P<letter>{_LETTERED})?{first_end}(?:(?:--|[-–])(?P<tail>{tail}){end})?"
        # ("see 2a", "2.a", "2a-c", "2a-2c")
        rf"|(?!\.\d)(?:(?P<item>\.?[a-h](?:[-–][a-h])?)(?:[-–](?P<item_tail>[1-9]\d*\.?[a-h]))?"
        rf"(?:{_SECTION_END}|(?P<item_word>(?=[ \t]+[a-z])))"
        rf"|(?!{count}){_SECTION_END}"
        rf"|(?P<word>(?!{quantity})(?=[ \t]+[a-z]))"
        rf"|[-–](?P<last>[1-9]\d*)(?:{_SECTION_END}|(?=[ \t]+[a-z])))))"  # "sections 4-6": after a rule cue
    )
    item = rf"{lead}[\d.]*[a-h]?(?:(?:--|[-–])(?:\.?[\d.]+[a-h]?|[a-h]))?"  # ("2a-2c", "2a-c", "3.2a-3.2c")
    cue_before = re.compile(rf"{_CUE}(?:{item}{_JOIN})*\Z")
    # Before a bare number a word follows ("rules 4, 5 and 7 apply", "see 2 and 4 for details"):
    # a cue word naming rules, or a list with an item before it.
    cue_before_word = re.compile(rf"(?:{_rules_before_sentence_join(item)}"
                                 rf"|{_RULE_CUE}(?:(?:{item}{_JOIN})*{item}{_WORD_JOIN})?"
                                 rf"|{_CUE}(?:{item}{_JOIN})*{item}{_WORD_JOIN})\Z")
    # Dotted numbers joined by slashes ("1.2/1.3"): a list of rules after a cue word.
    # (It starts by consuming a digit, as the main regex does: the engine skips ahead to digits.)
    slashed = re.compile(rf"{lead}(?<![\w.\-–/].)\d*{dots}(?:/{lead}\d*{dots})+(?![\w/]|\.\d)")
    # A list's next number after a number sign: "rules #5.2 and #5.3" (after the first, which a cue word leads up to).
    signed = re.compile(rf"{_SIGNED_JOIN}#(?P<number>{lead}\d*{dots})(?!\w|\.\d)")
    # A range's end after "a" (a Romance language's "to"; the grammar refuses a number after "a", an article): a
    # dotted number, no amount. (its start: matched at a reference's end)
    by_a = re.compile(rf"{_RANGE_A}(?P<number>{lead}\d*{dots}){no_date_nor_thousands}(?:(?!{glued}|{amount})|(?P<amount>(?={amount})))")
    by_a_next = re.compile(rf"{_JOIN}(?P<number>{lead}\d*{dots}){no_date_nor_thousands}(?!{glued}|{amount})")  # "… a 3.4 y 3.6"
    # A rule's number after Spanish "a" ("to") and a word leading up to it: "conforme a 4.1", "remítase a 4.1".
    to_by_a = re.compile(rf"(?<!\w)(?i:{alternation(TO_RULE_BY_A)}) a (?P<number>{lead}\d*{dots}){no_date_nor_thousands}"
                         rf"(?!{glued}|{amount})")
    return (main, cue_before, cue_before_word, slashed, *map(re.compile, _ITEM_CUES), signed, by_a, by_a_next,
            to_by_a)


_RANGE_WORDS = ("a", "a la", "a las", "al", "alla", "até", "ate")
_RANGE_A = rf" (?:{'|'.join(_RANGE_WORDS)}) "
# Text that may hold a stated value or a range by "a": one fast test for both (starting on a digit, the regex engine
# skips ahead to digits), a dotted number after the word ("on a 6" is no range).
_MAY_READ_AFTER_WORD = re.compile(rf"\d{after_words((*_RANGE_WORDS, 'de', 'di', *_STATED_VERBS))}\d*\.\d")
_RANGE_BY_A_CUE = re.compile(rf"(?<!\w)(?i:{alternation(RANGE_BY_A_CUES)})(?![\w-])")  # (not "De-moralized")
_FROM_BEFORE = re.compile(r"(?<![\w-])(?i:de|desde|da|dal|dalla|del|della|entre)[ \t]+\Z")
_RANGE_BY_A_REACH = 60  # how far before the range's start its cue may stand
_PLAIN_NUMBER = re.compile(r"\d+(?:\.\d+)+")


_SIGNED_JOIN = r"(?:[ \t]*[,&][ \t]*|[ \t]+(?i:and|or)[ \t]+)"
_MAY_SIGN = re.compile(rf"\d{_SIGNED_JOIN}#\d")  # most text has no number sign at all, checked at C speed first


def _may_read_after_word(text: str) -> bool:
    """Whether ``text`` may state a value (``the ratio is 1.5``) or hold a range by "a" (``3.1 a 3.4``)."""
    return _MAY_READ_AFTER_WORD.search(text) is not None


def _without_stated_values(text: str, references: list[Reference]) -> list[Reference]:
    """``references`` but the values a sentence states, and the lists they start (``costs are 2.0 and 3.0``); not a
    rule a title follows (``the relevant modifier is 7.3 (Terrain)``), nor one a verb follows after the list's
    comma (``The multiplier is 2.0, 6.2 explains why.``)."""
    kept, previous_end, dropping = [], 0, False
    for reference in references:
        join = _LIST_GOES_ON.fullmatch(text, previous_end, reference.start) if dropping else None
        if join is not None and (_LETTER.search(join.group()) or _LIST_ITEM_ENDS.match(text, reference.end)):
            previous_end = reference.end
            continue
        dropping = (_VALUE_STATED.search(text, max(0, reference.start - 40), reference.start) is not None
                    and not _TITLE_AFTER.match(text, reference.end))
        previous_end = reference.end
        if not dropping:
            kept.append(reference)
    return kept


_LIST_GOES_ON = re.compile(_JOIN)
_GERMAN_QUOTATION = re.compile(r"„(?P<inside>[^„“”\n]*)“")
# After a comma, an item goes on with the list only where it ends an item: "2.0, 3.0 or 4.0", not "2.0, 6.2 explains".
_LIST_ITEM_ENDS = re.compile(rf"{_JOIN}|[ \t]*(?:[.;:)\]]|$)")
_LETTER = re.compile(r"[^\W\d_]")  # a joining word ("and", "or"), not a comma alone
_TITLE_AFTER = re.compile(r"[ \t]+\(?[A-Z]")

# Values paired with what they are for, in a list: "Costs: clear 1.0, woods 2.0, town 1.5" (a terrain chart's line).
_MAY_PAIR = re.compile(r"\.\d+, [a-z]+ \d+\.\d")  # (a fast test: two of them, a comma between)
_PAIRED = re.compile(r"(?<![\w.])(?P<word>[a-z]+)[ \t]+\Z")
# Words a rule's number follows in a list of rules: "as in 4.2, under 5.1", "see 4.2, rule 5.1".
_NOT_PAIRED = frozenset((*SEE_WORDS, *RULE_WORDS, *RULES_WORDS, *JOIN_WORDS, "case", "cases", "exception", "exceptions",
                         "in", "under", "of", "from", "with", "to", "by", "at", "on", "after", "before", "than",
                         "except", "including", "unlike", "like", "as", "also", "and", "or", "nor", "but", "if", "when",
                         "until", "within", "without", "into", "through", "thru", "via", "following", "preceding",
                         "and/or", "then", "both", "either", "not"))
_PAIRED_JOIN = re.compile(r",?[ \t]+(?:(?:and|or)[ \t]+)?|,")
_CLAUSE_START = re.compile(r".*[.;:!?][ \t]", re.DOTALL)  # (greedy: the last such mark)
_CUE_WORD = re.compile(_CUE)


def _without_value_pairs(text: str, references: list[Reference]) -> list[Reference]:
    """``references`` but a run of two or more numbers each after a word of what it is for (``clear 1.0, woods
    2.0``), after a word naming values (``Costs: clear 1.0, …``) and no cue word in its clause (``see roads 4.2,
    bridges 4.3`` and ``Changes in v2.1: movement 4.2, combat 5.1`` cite them)."""
    paired = [_paired_word(text, reference) for reference in references]
    dropped: set[int] = set()
    at = 0
    while at < len(references):
        end = at
        while (paired[end] and end + 1 < len(references) and paired[end + 1]
               and _PAIRED_JOIN.fullmatch(text, references[end].end, references[end + 1].start - len(paired[end + 1]))):
            end += 1
        start = references[at].start
        if (end > at and _VALUE_NOUN.search(text, max(0, start - _CUE_REACH), start)
                and not _cue_in_clause_before(text, start)):
            dropped.update(range(at, end + 1))
        at = end + 1
    return [reference for number, reference in enumerate(references) if number not in dropped]


def _cue_in_clause_before(text: str, start: int) -> bool:
    """Whether a cue word stands before ``start`` in its clause (after the last ". ", "; " or ": " before it)."""
    clause = _CLAUSE_START.search(text, max(0, start - _CUE_REACH), start)
    return _CUE_WORD.search(text, clause.end() if clause else max(0, start - _CUE_REACH), start) is not None


def _paired_word(text: str, reference: Reference) -> str:
    """The word (and the space after it) right before ``reference`` that says what its number is for, or ""."""
    word = _PAIRED.search(text, max(0, reference.start - 30), reference.start)
    return word.group() if word is not None and word["word"] not in _NOT_PAIRED else ""


def _in_order(rule_id: str, groups: bool) -> tuple[int, ...]:
    """A dotted number in document order, to compare the two ends of a range: in decimal numbering ``3.10`` comes
    after ``3.9`` (each group a level), in case numbering before it (each digit after the dot a level)."""
    section, _, rest = rule_id.partition(".")
    return (int(section), *(int(group) for group in (rest.split(".") if groups else rest)))


def _one_number(match: re.Match[str], group: str | int = "number") -> Reference:
    """The reference a match's ``group`` is, a rule's number as printed (``5.3`` in ``and #5.3``)."""
    return Reference(*match.span(group), (RefPart(*match.span(group), match[group], match[group]),))


def _may_sign(text: str) -> bool:
    """Whether ``text`` may hold a list's next number after a number sign (``#5.2 and #5.3``)."""
    return "#" in text and _MAY_SIGN.search(text) is not None


# A list's item printed without its section, after the item before it: ", .23", " and .24", " to .2".
_ABBREVIATED = re.compile(rf"{_JOIN}(?P<tail>\.\d+)(?!\w|\.\d|[-–/:]\d)")  # not ".10/16", ".4-4-6": no case
_MAY_ABBREVIATE = re.compile(r"(?:[^\W\d]|[,;&])\s*\.\d")  # ", .23", "and .24", not "6.21"


def _may_abbreviate(text: str) -> bool:
    """Whether ``text`` may hold such an item: most text has no " ." nor ",." at all, checked at C speed."""
    return (" ." in text or ",." in text) and _MAY_ABBREVIATE.search(text) is not None


_MAY_SLASH = re.compile(r"\.\d+/")  # a dotted number before a slash: most text with a slash has a fraction ("1/2 MP")
_SLASHED_NUMBER = re.compile(r"[^/]+")  # a number of a run joined by slashes


# A rule's later item by its letter alone, after one printed with its number: "(4.1a, b)", "5.2b, c or d".
# (its end a sentence's, a list's or a bracket's: "e.g.", "d.h." and "c. 1944" are no items)
_LISTED_LETTER = re.compile(r"(?:,[ \t]*|[ \t]+(?i:and|or)[ \t]+)(?P<letter>[b-e])(?=[ \t]*(?:$|\n|[,;:)\]]"
                            r"|\.(?:[ \t]+[A-Z]|[ \t]*(?:$|\n)|[\"”’)\]*\[])|(?i:and|or)\b))")


_MAY_LIST_LETTERS = re.compile(r"\d\.?[a-e](?:[-–/][a-e])?(?:,[ \t]*|[ \t]+(?i:and|or)[ \t]+)[b-e](?!\w)")


def _may_list_letters(text: str) -> bool:
    """Whether ``text`` may hold such an item (asked only of text that cites a lettered item: most cites none)."""
    return _MAY_LIST_LETTERS.search(text) is not None


def _with_listed_letters(text: str, references: list[Reference]) -> list[Reference]:
    """``references`` and, after each lettered item, the items of its rule that follow it by their letters alone
    (``4.1a, b`` cites 4.1b too; ``4.1a-c, d`` 4.1d), each letter after the one printed before."""
    found = []
    for reference in references:
        found.append(reference)
        rule_id, end, printed = reference.parts[-1].rule_id, reference.end, reference.parts[-1].text.rstrip(")")
        if not rule_id[-1:].isalpha() or "." not in rule_id:
            continue
        while (item := _LISTED_LETTER.match(text, end)) is not None and item["letter"] > printed[-1]:
            rule_id, printed = rule_id[:-1] + item["letter"], item["letter"]
            found.append(Reference(item.start("letter"), item.end("letter"),
                                   (RefPart(*item.span("letter"), rule_id, item["letter"]),)))
            end = item.end("letter")
    return found


def _may_be_ordinal(match: re.Match[str]) -> bool:
    """Whether a section's lettered item (and the other end of its range) may be an ordinal: ``2a``, ``1a-2a``."""
    printed = match.group("item") + (match.group("item_tail") or "")
    return not printed.startswith(".") and _ORDINAL_LETTERS.issuperset(c for c in printed if c.isalpha())


def _lettered(match: re.Match[str]) -> tuple[str, int]:
    """A reference's letters (a rule's lettered item, ``2.1a``, or a section's lettered sub-rule, ``2a``, ``2.a``) or
    none, and where its first number and letters end."""
    for group in ("letter", "item"):
        if match.group(group):
            return match.group(group), match.end(group)
    return "", match.end("first")


def _parts(text: str, match: re.Match[str]) -> tuple[RefPart, ...]:
    """The rules a match of the main regex names: its first number, with its item's letters, and the other end of
    its range (``3.2.1-3.2.2``, ``9.73-.731``, ``sections 4-6``, ``2a-2c``), if any."""
    first = match.group("first")
    letter, end = _lettered(match)
    parts = (RefPart(match.start("first"), end, first + _item_letter(letter), text[match.start("first"):end]),)
    for group in ("tail", "item_tail", "last"):
        if other_end := match.group(group):
            rule_id = (_tail_id(first, other_end) if group == "tail" else
                       other_end.replace(".", "") if group == "item_tail" else other_end)  # "2.c" is item 2c
            return (*parts, RefPart(*match.span(group), rule_id, other_end))
    return parts


def _item_letter(lettered: str | None) -> str:
    """The letter an item is cited by: ``b`` for ``b``, ``(b)``, ``.b`` and ``(b)-(d)``; none for no item."""
    return lettered.lstrip("(.")[:1] if lettered else ""


def _bracketed_rules(text: str, run: re.Match[str]) -> bool:
    """Whether a run of numbers joined by slashes stands alone in brackets, each of the same section: ``(5.1/5.2)``,
    rules; ``(2.5/3.0)`` is a rating."""
    sections = {number.split(".")[0] for number in run.group().split("/")}
    return text[run.start() - 1:run.start()] == "(" and text[run.end():run.end() + 1] == ")" and len(sections) == 1


def _tail_id(first: str, tail: str) -> str:
    """``9.73-.731`` -> 9.731, ``1.4.1-3`` and ``1.4.1-.3`` -> 1.4.3 (the first's last group the tail's); a full
    tail is itself, an item's letter printed after a dot its own (``3.2.c`` -> 3.2c)."""
    if tail[-1].isalpha():
        return tail[:-2] + tail[-1] if tail[-2] == "." else tail
    if tail[0] != "." and "." in tail:
        return tail
    return first[: first.rindex(".") + 1] + tail.lstrip(".")


class Dotted:
    """The grammar of one ruleset without chapter letters (see the module docstring).

    ``groups``: decimal numbering (``3.2.1``, each dotted group a level) rather
    than case numbering (``5.44``, each digit after the dot a level). ``zero``: the book has a section 0 (``0.1``)."""

    def __init__(self, *, groups: bool, quantity_words: Collection[str] = (), zero: bool = False):
        (self.main, self.cue_before, self.cue_before_word, self.slashed, self.cue_right_before,
         self.cue_right_before_ordinal, self.signed, self.by_a, self.by_a_next, self.to_by_a) = _patterns(
            groups, tuple(dict.fromkeys((*QUANTITY_WORDS, *quantity_words))), zero)
        self.groups = groups

    def _cued(self, text: str, match: re.Match[str]) -> bool:
        """Whether a cue word and a list of items lead up to ``match`` (a bare section number)."""
        if match.group("item_word") is not None:  # "see 2a for details": right after the cue ("rule 6, 2d battalion")
            cue = self.cue_right_before_ordinal if _may_be_ordinal(match) else self.cue_right_before
            return cue.search(text, max(0, match.start() - _CUE_REACH), match.start()) is not None
        cue = self.cue_before if match.group("word") is None and match.group("last") is None else self.cue_before_word
        if len(match.group("first")) > 3 and _AFTER_SENTENCE_JOIN.search(text, max(0, match.start() - 40),
                                                                          match.start()):
            return False  # "voir 8.1 en 1944.", "en 1944 et 1945": years
        return cue.search(text, max(0, match.start() - _CUE_REACH), match.start()) is not None

    def find(self, text: str, chapter: str | None = None) -> list[Reference]:
        if "„" in text:  # German quotation marks: „siehe 3.2“ closes on “, no inch mark after the number
            text = _GERMAN_QUOTATION.sub(lambda quoted: f"„{quoted['inside']}»", text)  # (as long: the same places)
        references = []
        for match in self.main.finditer(text):
            first = match.group("first")
            if match.group("blocked") or not match.group("dots") and not self._cued(text, match):
                continue
            parts = _parts(text, match)
            references.append(Reference(match.start(), parts[-1].end, parts))
        read_after_word = _may_read_after_word(text)
        if read_after_word:
            references = _without_stated_values(text, references)
        if _MAY_PAIR.search(text):
            references = _without_value_pairs(text, references)
        if _may_abbreviate(text):
            references = self._with_abbreviated(text, references)
        if any(reference.parts[-1].rule_id[-1:].isalpha() for reference in references) and _may_list_letters(text):
            references = _with_listed_letters(text, references)
        if self._may_slash(text):
            references = self._with_slashed(text, references)
        if _may_sign(text):
            references = self._with_signed(text, references)
        if read_after_word:
            references = self._with_range_by_a(text, self._with_to_by_a(text, references))
        return references

    def _with_to_by_a(self, text: str, references: list[Reference]) -> list[Reference]:
        """``references`` and each rule's number after Spanish "a" and a word leading up to it (``conforme a 4.1``),
        which the grammar refuses after the English article."""
        starts = {reference.start for reference in references}
        found = []
        for to in self.to_by_a.finditer(text):
            item = to
            while item is not None and item.start("number") not in starts:  # and the list it starts: "a 4.1 y 4.2"
                found.append(_one_number(item))
                item = self.by_a_next.match(text, item.end("number"))
        return sorted(references + found, key=lambda reference: reference.start) if found else references

    def _with_range_by_a(self, text: str, references: list[Reference]) -> list[Reference]:
        """``references`` and the end of each range joined by a Romance language's "a" (``véanse las reglas 3.1 a
        3.4``, ``de 4.2 a 4.5``): a later number of as many groups, after a cue of those languages (RANGE_BY_A_CUES);
        and the list it goes on with (``3.1 a 3.4 y 3.6``: the grammar took the numbers after "a" for amounts)."""
        found, starts = [], {reference.start for reference in references}
        for reference in references:
            found.append(reference)
            last = reference.parts[-1].rule_id
            if (not _PLAIN_NUMBER.fullmatch(last)  # a lettered item: "3.2a a 3.2d" is no range of numbers
                    or not _RANGE_BY_A_CUE.search(text, max(0, reference.start - _RANGE_BY_A_REACH), reference.start)):
                continue
            position, ranged = reference.end, False
            while True:
                end = self.by_a.match(text, position)
                if end is not None and end["amount"] is not None and not ranged:
                    if _FROM_BEFORE.search(text, max(0, reference.start - 12), reference.start):
                        found.pop()  # "de 1.5 a 2.5 puntos": amounts ("per 6.2 a 1.5 column shift" cites 6.2)
                    break
                if end is not None and (end["amount"] is not None or end["number"].count(".") != last.count(".")
                                        or _in_order(end["number"], self.groups) <= _in_order(last, self.groups)):
                    end = None
                if end is None and ranged:  # the list goes on after a range's end
                    end = self.by_a_next.match(text, position)
                if end is None or end.start("number") in starts:
                    break
                found.append(_one_number(end))
                position, last, ranged = end.end("number"), end["number"], True
        return found

    def _with_signed(self, text: str, references: list[Reference]) -> list[Reference]:
        """``references`` and, after each printed after a number sign (``rule #5.2``), the numbers its list goes on
        with after one (``and #5.3, #5.4``)."""
        found = []
        for reference in references:
            found.append(reference)
            end = reference.end if text[reference.start - 1:reference.start] == "#" else None
            while end is not None and (item := self.signed.match(text, end)) is not None:
                found.append(_one_number(item))
                end = item.end("number")
        return found

    def _with_slashed(self, text: str, references: list[Reference]) -> list[Reference]:
        """``references`` and, in order, each number of a run joined by slashes after a cue word or alone in brackets
        (``see 1.2/1.3``, ``(1.2/1.3)``): neither end of a slash is a reference of the main grammar."""
        found = [_one_number(number, 0)
                 for run in self.slashed.finditer(text)
                 if self.cue_before.search(text, max(0, run.start() - _CUE_REACH), run.start())
                 or _bracketed_rules(text, run)
                 for number in _SLASHED_NUMBER.finditer(text, run.start(), run.end())]
        return sorted(references + found, key=lambda reference: reference.start) if found else references

    def _may_slash(self, text: str) -> bool:
        """Whether ``text`` may hold a run of rules joined by slashes (most text with a slash has a fraction)."""
        return "/" in text and _MAY_SLASH.search(text) is not None and self.slashed.search(text) is not None

    def _slow(self, text: str) -> bool:
        """Whether ``text`` may hold what only ``find`` reads: a list's abbreviated items, a run of slashes, a list's
        numbers after number signs, a value stated or paired, a range or a rule after a Romance language's "a", a
        German quotation."""
        return (_may_abbreviate(text) or self._may_slash(text) or _may_sign(text) or _may_read_after_word(text)
                or _MAY_PAIR.search(text) is not None or "„" in text)

    def _with_abbreviated(self, text: str, references: list[Reference]) -> list[Reference]:
        """``references`` and, after each, the items of its list printed without their section
        (``6.21, .23 and .24``; ``6.1 to .2``): each is a case of the section before it; in decimal
        numbering, after a number of three groups or more, a rule of its parent (``1.4.1, .2 and .3``)."""
        found = []
        for reference in references:
            found.append(reference)
            rule_id = reference.parts[-1].rule_id
            if self.groups and rule_id.count(".") < 2 or "." not in rule_id:  # "2.1, .5 and .25": amounts; "see 5"
                continue
            section, end = rule_id[: rule_id.rindex(".")], reference.end
            while (item := _ABBREVIATED.match(text, end)) is not None:
                tail = item.group("tail")
                found.append(Reference(item.start("tail"), item.end("tail"),
                                       (RefPart(*item.span("tail"), section + tail, tail),)))
                end = item.end("tail")
        return found

    def cited(self, text: str, chapter: str | None = None) -> list[str]:
        if self._slow(text):
            return [rule_id for reference in self.find(text) for rule_id in reference.rule_ids]
        cited = []
        # findall, not finditer: no match object per reference (a rulebook has tens of thousands).
        # ("cued" after first; "more" after dots in decimal; "item", "item_tail", "item_word", "word" and "last" after
        # tail)
        for first, _, dots, *_, blocked, letter, tail, _, _, _, _, _ in self.main.findall(text):
            if blocked:
                continue
            if not dots or letter and _may_list_letters(text):  # a bare section number: whether a cue leads up to
                # it needs its position; a lettered item: its rule's later items may follow it by their letters alone
                return [rule_id for reference in self.find(text) for rule_id in reference.rule_ids]
            cited.append(first + _item_letter(letter))
            if tail:
                cited.append(_tail_id(first, tail))
        return cited

    def replace(self, text: str, replacement: Callable[[str, str], str], chapter: str | None = None) -> str:
        if self._slow(text) or _may_list_letters(text):
            return replaced(text, self.find(text), replacement)

        def replace(match: re.Match[str]) -> str:
            if match.group("blocked") or not match.group("dots") and not self._cued(text, match):
                return match.group(0)
            pieces, cursor = [], match.start()
            for part in _parts(text, match):
                pieces += [text[cursor:part.start], replacement(part.rule_id, part.text)]
                cursor = part.end
            return "".join(pieces) + text[cursor:match.end()]

        return self.main.sub(replace, text)
