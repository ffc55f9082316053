"""Server-wide endpoints: health and the app configuration the UI reads at start."""
