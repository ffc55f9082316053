"""The image gallery (/api/images): uploads, public copies, alt text, tags, AI describe/generate.

Own images are private and editable by their owner. Making one public copies it into a new,
public, read-only image (the private original stays); public images are visible to everyone.
"""
