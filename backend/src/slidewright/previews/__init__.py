"""Previews of a project's own slides: rendered in the background after each save, cached by
each slide's content, shown by the editor, the project cards and Play."""
