"""Uploaded .pptx/.key files (the /files API) and named single-slide Templates (/templates)."""
