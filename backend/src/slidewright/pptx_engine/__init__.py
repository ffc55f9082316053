"""The PPTX engine: reading, filling, fitting and rendering PowerPoint files.

A pure library: it imports neither the web layer nor the database, and it is the only place that
imports python-pptx or touches OOXML.
"""
