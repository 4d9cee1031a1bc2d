print("importing package", __name__, "package", __package__)
from . import mod
from .mod import TWICE
NAME = "pkg"
