"""``python -m ludoteca``: the command-line interface."""

from ludoteca.cli import main

# Guarded so that a module importing this one (as multiprocessing's "spawn" does with __main__) runs nothing.
if __name__ == "__main__":
    main()
