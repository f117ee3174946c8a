"""``python -m ludoteca``: the command-line interface."""

from ludoteca.cli import main

main()
