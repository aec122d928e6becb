"""Core layer: the cards and their notation, the rules (one ruleset), the reference
engine for one hand (Round, Game), exact probability and chance experiments.
NumPy, pandas and SciPy only; imports base.
"""
