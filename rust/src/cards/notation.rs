//! Card notation shared by every deck: suit symbols and words, and the normaliser that lets
//! `"Q♠"`, `"qs"`, `"queen of spades"` and `"Q spades"` all name the same card.

use super::deck::SuitInfo;

/// Clubs, diamonds, hearts, spades (OpenSpiel's "CDHS" order); Italian suits map onto them as
/// bastoni = clubs, denari = diamonds, coppe = hearts, spade = spades.
pub const SUITS_FRENCH: [SuitInfo; 4] = [
    SuitInfo {
        symbol: "♣",
        ascii: "C",
        name: "clubs",
        local_name: "clubs",
        aliases: &[
            "c", "clubs", "club", "bastoni", "batons", "bastos", "kreuz", "eichel",
        ],
    },
    SuitInfo {
        symbol: "♦",
        ascii: "D",
        name: "diamonds",
        local_name: "diamonds",
        aliases: &[
            "d", "diamonds", "diamond", "denari", "coins", "oros", "karo", "schellen",
        ],
    },
    SuitInfo {
        symbol: "♥",
        ascii: "H",
        name: "hearts",
        local_name: "hearts",
        aliases: &["h", "hearts", "heart", "coppe", "cups", "copas", "herz"],
    },
    SuitInfo {
        symbol: "♠",
        ascii: "S",
        name: "spades",
        local_name: "spades",
        aliases: &["s", "spades", "spade", "swords", "espadas", "pik", "gras"],
    },
];

/// The trump "suit" of a Tarok deck.
pub const SUIT_TRUMPS: SuitInfo = SuitInfo {
    symbol: "",
    ascii: "",
    name: "trumps",
    local_name: "taroks",
    aliases: &["t", "trump", "tarok"],
};

/// Normalises a card name for lookup: lower case, suit symbols to ASCII letters, `of`/`di`/`de`
/// dropped, no spaces or separators, and `š` folded to `s`.
pub fn normalize(text: &str) -> String {
    let lower = text.trim().to_lowercase();
    let mut words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == '-' || c == '_')
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() > 2 {
        words.retain(|w| !matches!(*w, "of" | "di" | "de"));
    }
    let mut out = String::with_capacity(text.len());
    for ch in words.concat().chars() {
        match ch {
            '♣' | '♧' => out.push('c'),
            '♦' | '♢' => out.push('d'),
            '♥' | '♡' => out.push('h'),
            '♠' | '♤' => out.push('s'),
            'š' => out.push('s'),
            '\u{fe0f}' => {}
            c => out.push(c),
        }
    }
    out
}

/// Rank words: the given numerals plus `words`, deduplicated, in order.
pub fn rank_aliases(numerals: &[&str], words: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in numerals.iter().chain(words) {
        if !out.iter().any(|x| x == w) {
            out.push(w.to_string());
        }
    }
    out
}
