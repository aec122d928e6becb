"""Engines layer: the batch simulator (many hands as NumPy arrays), the computer
players, simulations and bid advice. Imports core and base.
"""
