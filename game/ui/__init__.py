"""Drawing helpers shared by the scenes: theme, text, widgets, hex geometry."""
