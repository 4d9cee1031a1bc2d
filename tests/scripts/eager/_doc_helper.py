'''A helper module of lang_docstrings.py: its docstring is its __doc__.'''
X = 1
