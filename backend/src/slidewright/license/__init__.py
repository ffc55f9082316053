"""Ed25519-signed license files: who the server is licensed to, until when, for how many users."""
