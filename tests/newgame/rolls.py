"""Numbers of New Game's rule 1.1, shared by its calculators (a helper module: no ``CALCULATORS``)."""

HIT_ON = 6  # 1.1 "A roll of 6 hits."
