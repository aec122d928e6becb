"""UI layer: the Jupyter widgets and the student app (the class server). Imports
teaching and the layers below.
"""
