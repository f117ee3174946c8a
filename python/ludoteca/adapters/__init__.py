"""Adapters from ludoteca's game API to the interfaces other libraries expect.

- :mod:`ludoteca.adapters.pettingzoo`: PettingZoo's AEC environments for every registered game
  (``pip install 'ludoteca[pettingzoo]'``; imported only when an environment is made).
- :mod:`ludoteca.adapters.openspiel`: every registered game as a pyspiel game, for OpenSpiel's bots and
  algorithms (``pip install 'ludoteca[openspiel]'``; importing that module imports pyspiel).

Importing this package imports no third-party library.
"""
