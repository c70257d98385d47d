"""Stage 8: the stages run for `printkit build`, with every output written all or nothing.

Takes: pack folders and BuildOptions (outputs).
Returns: the paths written (pipeline.build). cache decides what is out of date, jobs writes the
laid-out outputs (in parallel processes), staging renames them into place together, lock keeps
two builds out of one output folder.
"""
