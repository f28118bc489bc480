"""Reference grammars: where plain text cites a rule, and which rule.

One grammar per numbering (``build_tools.numbering``): ``chapter_dotted`` for
``asl`` (``G15.21``, ``(2.21; 3.1)``, ``A26.2-.3``), ``dotted`` for ``case``
and ``decimal`` (``5.44``, ``3.2.1``, ``see 4 and 6.41``). A grammar is a value
the caller passes in (:class:`Grammar`); the Markdown extension decides which
text to look at.
"""

from build_tools.references.reference import Grammar, RefPart, Reference

__all__ = ["Grammar", "RefPart", "Reference"]
