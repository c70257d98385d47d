"""What every stage shares, and nothing of any one stage.

errors (Problem, Problems: the located, one-line messages users read), units (lengths and sizes),
shapes (the drawing primitives layouts are made of), outlines (the shapes pieces are cut along, one
class each), icons (the symbols text may name), confine (reading a pack's files without leaving its
folder), processes (child processes on every OS: forked or spawned, dying with their parent),
bounded (work in a child process with memory and time limits), interrupts (Ctrl-C and SIGTERM held
back while a block must not be cut short), collector (Python's cycle collector kept out of the way
of a build), memo (the size of every bounded memo, and why),
package_data (printkit's own fonts, catalog and templates, found where it is installed),
subset_tags (the tags naming embedded font subsets), xml_declaration (the encoding an XML file names).
"""
