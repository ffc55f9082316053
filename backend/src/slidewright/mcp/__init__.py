"""The MCP server: Slidewright's tools for assistants, at `/mcp` (see `mcp.server`)."""
