"""Python-Markdown extensions: all text processing of rule pages happens here,
one extension per job (rule references, glossary, annotations), each usable
on its own in ``markdown_extensions``."""

