"""The commands, a module each named after it: its options and help (`add_parser`) and what it runs
and prints (`run`), each running the stages it needs, imported only when it runs.

build, check (packs and players' lists), schema, looks (with look_listing), export (with
spreadsheet_export), new (a pack to start from), i18n (with catalogs); command_line holds what they
share. `printkit serve`'s module is serve/command.py: it starts the serve stage, which comes after
this one.
"""
