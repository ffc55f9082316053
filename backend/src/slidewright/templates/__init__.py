"""PPTX templates (the /pptx-files API): upload and parse, thumbnails, descriptions, locks."""
