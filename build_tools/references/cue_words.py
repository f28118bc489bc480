"""The words rulebooks cite their rules with, in the languages they are printed in.

One list for the reference grammar (``build_tools.references.dotted``: a bare number after one is a rule's, a
capitalised word after a rule's number its title) and the importer (a line ending on one goes on with the number
it cites, ``… see`` over ``2.7 Overrun …``). Written in lower case; a rulebook's own capitalisation is matched.
"""

from __future__ import annotations

import re

# Words that lead up to a rule's number: "see 4", "siehe 4", "voir 4", "vedi 4", "véase 4", "zie 4", "veja 4",
# "patrz 4".
SEE_WORDS = ("see", "see also", "per", "cf.", "siehe", "vgl.", "gemäß", "voir", "vedi", "cfr.", "véase", "vease",
             "zie", "volgens", "veja", "vide", "conforme", "patrz", "zob.")
# Words naming one rule ("rule 4", "Regel 4", "la regla 4", "regra 4", "rozdział 4"), and many ("rules 4 and 5").
RULE_WORDS = ("rule", "section", "chapter", "regel", "abschnitt", "kapitel", "règle", "chapitre", "capitolo",
              "paragrafo", "regola", "sezione", "capítulo", "capitulo", "regla", "sección", "seccion", "apartado",
              "hoofdstuk", "regra", "seção", "secção", "zasada", "reguła", "rozdział")
RULES_WORDS = ("rules", "sections", "chapters", "regeln", "abschnitte", "règles", "chapitres", "capitoli", "paragrafi",
               "regole", "sezioni", "capítulos", "capitulos", "reglas", "secciones", "apartados", "regels",
               "hoofdstukken", "regras", "seções", "secções", "zasady", "reguły", "rozdziały")
# Words joining a list's items in other languages than English ("4 und 5", "4 et 5", "4 e 5", "4 y 5", "4 en 5",
# "4 i 5"): a joining word only before another item, as each is a word of its sentence too.
JOIN_WORDS = ("und", "oder", "bis", "et", "ou", "à", "e", "y", "o", "en", "tot", "i", "lub", "oraz")
# Those that are a sentence's word in another language: "en" (French and Spanish "in": "voir 8.1 en 2 phases"),
# "i" (Italian "the": "i 2 giocatori"). Before a number a word follows, such a word joins no list (the number is a
# count), unless its own language's words naming many rules lead the list and no joining word came before it: Dutch
# "zie regels 5 en 6 gelden", Polish "zasady 5 i 6 dla" (not French "les règles 14.2 en 3 phases", Italian "le regole
# 7.1 i 2 giocatori", nor "les règles 8 et 9 en 2 phases").
SENTENCE_JOIN_WORDS = ("en", "i")
RULES_WORDS_BY_SENTENCE_JOIN = {"en": ("regels", "hoofdstukken"), "i": ("zasady", "reguły", "rozdziały")}
# Spanish, Italian and Portuguese words a range "a" (or "al", "alla", "até") joins after, within its sentence:
# "véanse las reglas 3.1 a 3.4", "de 4.2 a 4.5", "dalla 3.1 alla 3.4", "regras 3.1 até 3.4". Only there is "a" no
# English article ("see 7.1 a 2.5 shift").
# Spanish words before "a" leading up to a rule's number ("conforme a 4.1", "remítase a 4.1 y 4.2", "de acuerdo a
# 6.3"): there "a" is "to", not English's article ("a 2.1 ratio").
TO_RULE_BY_A = ("conforme", "acuerdo", "arreglo", "remítase", "remítanse", "remitirse", "remite", "refiérase",
                "referirse", "referente", "relativo", "relativa", "pase", "pasa", "vuelva", "volver")
RANGE_BY_A_CUES = (*TO_RULE_BY_A, "véase", "véanse", "vease", "veanse", "vedi", "veja", "vide", "cfr.", "consulte",
                   "según", "segun", "secondo", "de", "desde", "da", "dalla", "dal", "del", "della", "entre",
                   "regla", "reglas", "regola", "regole", "regra", "regras", "sección", "secciones", "seccion",
                   "sezione", "sezioni", "seção", "seções", "secção", "secções", "capítulo", "capítulos", "capitulo",
                   "capitulos", "capitolo", "capitoli", "apartado", "apartados", "paragrafo", "paragrafi")
# Cue words of the languages that write an ordinal as a number and a letter ("2a fase", "1a edição", "2e partie"),
# and Italian's "per" (for): before "2a", "1o" or "2e" and a word, no rule's lettered item ("5b", "5.b" are).
ORDINAL_CUES = ("per", "voir", "vedi", "véase", "vease", "veja", "vide", "conforme")


def alternation(words: tuple[str, ...]) -> str:
    """``words`` as one regex, each word's letters after its prefix shared with the others (``rule(?:s)?``): a plain
    alternation of fifty words makes the reference grammar a tenth slower. A space in a word stands for any run of
    white space."""
    trie: dict = {}
    for word in words:
        node = trie
        for character in word:
            node = node.setdefault(character, {})
        node[""] = {}
    return _regex_of(trie)


def _regex_of(node: dict) -> str:
    branches = [re.escape(character).replace(r"\ ", r"\s+") + _regex_of(child)
                for character, child in sorted(node.items()) if character]
    body = branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})" if branches else ""
    return f"(?:{body})?" if "" in node and body else body
