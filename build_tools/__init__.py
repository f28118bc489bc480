"""ruleref build tools: import rule texts, render them with MkDocs, serve them offline."""
