"""Projects (decks): their slides, each with a template slide, a description and values."""
