"""Base layer: errors, argument checks, number formatting, the palette, safe file
writing and a memo. Imports nothing else of xactika_edu.

Layers, lowest first: base < core < engines < teaching < ui < outputs. A module
imports only its own layer and those below (tests/test_layers.py checks it).
"""
