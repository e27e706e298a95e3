"""toa: build and check the Table of Authorities of a Word brief."""

__version__ = "0.1.0"
