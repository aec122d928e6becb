"""Teaching layer: plots, self-checks, descriptions of graphs for screen readers,
what the widgets show (views/) and a class's own games (classdata/). No widget
library; imports engines, core and base.
"""
