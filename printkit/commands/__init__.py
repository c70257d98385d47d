"""The commands other than build, each running the stages it needs.

check (`printkit check`: packs and players' lists), i18n (`printkit i18n ...`: catalogs),
new (`printkit new`: a pack to start from).
"""
