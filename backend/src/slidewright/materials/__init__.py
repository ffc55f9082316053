"""Materials: uploaded documents (txt, md, docx), their parsed text and search."""
