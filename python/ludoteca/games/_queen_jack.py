"""The queen–jack trump family shared by Schafkopf and Zole: the trump order and the card points."""

from __future__ import annotations

#: The 14 trumps, highest first.
TRUMP_ORDER: tuple[str, ...] = (
    "Q♣",
    "Q♠",
    "Q♥",
    "Q♦",
    "J♣",
    "J♠",
    "J♥",
    "J♦",
    "A♦",
    "10♦",
    "K♦",
    "9♦",
    "8♦",
    "7♦",
)
#: Points of each rank label when captured (or buried by the declarer).
CARD_POINTS: dict[str, int] = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
