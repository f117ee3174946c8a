"""Adapters from ludoteca's game API to the interfaces other libraries expect.

- :mod:`ludoteca.adapters.pettingzoo`: PettingZoo's AEC environments for every registered game
  (``pip install 'ludoteca[pettingzoo]'``; imported only when an environment is made).

Importing this package imports no third-party library.
"""
