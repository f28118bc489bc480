"""A made-up ruleset's calculators, written as ``calculators/README.md`` ("Adding a calculator") says.

Tests copy this folder to ``calculators/newgame/`` in a copy of the rules core
to check that a new ruleset needs no edit anywhere else, and use its ``hit``
calculator in-process as one that takes no inputs, a shape none of this
project's own calculators has.
"""
