"""Outputs layer: printable worksheets and keys, the class pack, and the command
line. The top layer: may import every other.
"""
