"""`make bench`: performance figures, each measured against a baseline in the same run."""
