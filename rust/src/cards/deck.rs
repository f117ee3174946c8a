//! Decks as data: every deck the built-in games use, each card with a suit, a rank code and its names.
//!
//! Dense order is suit-major (suits in the order clubs, diamonds, hearts, spades, as OpenSpiel's
//! "CDHS"; Tarok trumps last), ranks ascending by code within a suit. The index is the card's action id.
//!
//! Rank codes by system:
//! * French: 2..=14 (J 11, Q 12, K 13, A 14).
//! * Italian (and Spanish-style 40): 1..=10 = A, 2..7, F (Fante), C (Cavallo), R (Re); the printed
//!   labels depend on [`FaceStyle`].
//! * Tarok: red pips 1..=4, black pips 7..=10, J 11, C (knight) 12, Q 13, K 14; trumps (suit 4) 1..=22
//!   (I..XXI, Škis = 22).

use super::card::{Card, CardInfo};
use super::cardset::CardSet;
use super::notation::{normalize, rank_aliases, SUITS_FRENCH, SUIT_TRUMPS};
use super::table::CardTable;
use crate::error::{LudoError, Result};
use std::collections::HashMap;

/// One suit of a deck: how it is printed and which words name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuitInfo {
    /// Printed symbol (`♠`), empty for Tarok trumps.
    pub symbol: &'static str,
    /// ASCII letter (`S`).
    pub ascii: &'static str,
    /// English name (`spades`).
    pub name: &'static str,
    /// Italian name for Italian decks (`spade`), else the English one.
    pub local_name: &'static str,
    /// Words accepted when parsing, already normalised.
    pub aliases: &'static [&'static str],
}

/// How the three court cards of a 40-card Italian pack are labelled (the rules are the same).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FaceStyle {
    /// Italian suits: Fante `J`, Cavallo `C`, Re `K`.
    Italian,
    /// French suits, northern order: Fante = Jack, Cavallo = Queen, Re = King.
    FrenchNorth,
    /// French suits, southern order: Fante = Queen, Cavallo = Jack, Re = King.
    FrenchSouth,
}

/// A deck: cards in dense order plus the lookup tables for names and suits.
#[derive(Clone, Debug)]
pub struct Deck {
    name: String,
    cards: Vec<CardInfo>,
    suits: Vec<SuitInfo>,
    suit_masks: Vec<CardSet>,
    suit_of: CardTable<u8>,
    lookup: HashMap<String, Card>,
}

impl Deck {
    fn build(name: &str, suits: Vec<SuitInfo>, cards: Vec<(u8, u8, String, String, Vec<String>)>) -> Deck {
        assert!(cards.len() <= 64, "a CardSet holds at most 64 cards");
        let mut suit_masks = vec![CardSet::EMPTY; suits.len()];
        let mut lookup = HashMap::new();
        let mut infos = Vec::with_capacity(cards.len());
        // Canonical names first, so an alias can never shadow another card's canonical name.
        for (i, (suit, rank, disp, ascii, _)) in cards.iter().enumerate() {
            let card = Card(i as u8);
            suit_masks[*suit as usize].insert(card);
            lookup.insert(normalize(disp), card);
            lookup.insert(normalize(ascii), card);
            infos.push(CardInfo {
                suit: *suit,
                rank: *rank,
                name: disp.clone(),
                ascii: ascii.clone(),
            });
        }
        for (i, (_, _, _, _, aliases)) in cards.iter().enumerate() {
            for a in aliases {
                lookup.entry(a.clone()).or_insert(Card(i as u8));
            }
        }
        let suit_of = CardTable::from_values(infos.iter().map(|c| c.suit));
        Deck {
            name: name.to_string(),
            cards: infos,
            suits,
            suit_masks,
            suit_of,
            lookup,
        }
    }

    /// Suit-and-rank cards: every rank in `ranks` of every suit, names from `label`.
    fn suited(
        name: &str,
        suits: Vec<SuitInfo>,
        ranks_of: impl Fn(u8) -> Vec<u8>,
        label: impl Fn(u8, u8) -> (String, String, Vec<String>),
    ) -> Deck {
        let mut cards = Vec::new();
        for (s, suit) in suits.iter().enumerate() {
            for r in ranks_of(s as u8) {
                let (rank_disp, rank_ascii, rank_words) = label(s as u8, r);
                let mut aliases = Vec::new();
                for rw in &rank_words {
                    for sw in suit.aliases {
                        aliases.push(format!("{rw}{sw}"));
                    }
                }
                cards.push((
                    s as u8,
                    r,
                    format!("{rank_disp}{}", suit.symbol),
                    format!("{rank_ascii}{}", suit.ascii),
                    aliases,
                ));
            }
        }
        Deck::build(name, suits, cards)
    }

    /// A French-suited deck with the given rank codes (2..=14) in every suit.
    pub fn french(ranks: &[u8]) -> Deck {
        let name = format!("french{}", ranks.len() * 4);
        Deck::suited(&name, SUITS_FRENCH.to_vec(), |_| ranks.to_vec(), french_label)
    }
    /// The standard 52-card pack.
    pub fn french52() -> Deck {
        Deck::french(&(2..=14).collect::<Vec<_>>())
    }
    /// 32 cards, 7 to ace (Schafkopf, Solo).
    pub fn french32() -> Deck {
        Deck::french(&(7..=14).collect::<Vec<_>>())
    }
    /// 24 cards, 9 to ace (Tysiąc).
    pub fn french24() -> Deck {
        Deck::french(&(9..=14).collect::<Vec<_>>())
    }
    /// 48 cards: the 52-card pack without the tens (Reversis).
    pub fn french48() -> Deck {
        Deck::french(&(2..=14).filter(|&r| r != 10).collect::<Vec<_>>())
    }
    /// Zole's 26 cards: A K Q J 10 9 of clubs, spades, hearts and A K Q J 10 9 8 7 of diamonds.
    pub fn zole26() -> Deck {
        Deck::suited(
            "zole26",
            SUITS_FRENCH.to_vec(),
            |s| {
                if s == 1 {
                    (7..=14).collect()
                } else {
                    (9..=14).collect()
                }
            },
            french_label,
        )
    }

    /// The 40-card Italian pack (A, 2–7, Fante, Cavallo, Re in four suits), labelled per `style`.
    pub fn italian40(style: FaceStyle) -> Deck {
        Deck::italian_without(style, &[])
    }
    /// The Italian pack without the given `(suit, rank)` cards (39 and 36 cards for Briscola).
    pub fn italian_without(style: FaceStyle, removed: &[(u8, u8)]) -> Deck {
        let mut suits = SUITS_FRENCH.to_vec();
        if style == FaceStyle::Italian {
            for (s, local) in suits.iter_mut().zip(["bastoni", "denari", "coppe", "spade"]) {
                s.local_name = local;
            }
        }
        let n = 40 - removed.len();
        let name = match style {
            FaceStyle::Italian => format!("italian{n}"),
            FaceStyle::FrenchNorth => format!("italian{n}_french_north"),
            FaceStyle::FrenchSouth => format!("italian{n}_french_south"),
        };
        Deck::suited(
            &name,
            suits,
            |s| (1..=10).filter(|r| !removed.contains(&(s, *r))).collect(),
            |_, r| italian_label(style, r),
        )
    }

    /// The 54-card Slovenian Tarok pack: four suits of 8 and 22 trumps (I..XXI, Škis).
    pub fn tarok54() -> Deck {
        Deck::tarok54_named(false)
    }

    /// The Tarok pack named as the improvised deck made of two standard 52+joker packs (for players
    /// without a Tarok pack): each card is shown by the standard card that stands for it, with its
    /// Tarok name in brackets where the two differ (`A♥(1♥)`, `J♣(C♣)` the marked jack of pack 2, `A♠(I)` ..
    /// `10♦(XXI)`, `Joker(Škis)`; `K♥`, `J♥`, `10♣` as they are). The Tarok names still parse, and so
    /// do the standard names where only one card has them (every one but the cavaliers' jacks).
    pub fn tarok54_improvised() -> Deck {
        Deck::tarok54_named(true)
    }

    fn tarok54_named(improvised: bool) -> Deck {
        let mut suits = SUITS_FRENCH.to_vec();
        suits.push(SUIT_TRUMPS);
        let mut cards = Vec::new();
        for s in 0..4u8 {
            let red = s == 1 || s == 2;
            let pips: Vec<u8> = if red {
                (1..=4).collect()
            } else {
                (7..=10).collect()
            };
            for r in pips.into_iter().chain(11..=14) {
                let (disp, ascii, words) = tarok_suit_label(r);
                let suit = &suits[s as usize];
                let aliases = words
                    .iter()
                    .flat_map(|w| suit.aliases.iter().map(move |a| format!("{w}{a}")))
                    .collect();
                let (disp, ascii) = (format!("{disp}{}", suit.symbol), format!("{ascii}{}", suit.ascii));
                // Pack 1's red aces are the red 1s; pack 2's jacks, marked C, the cavaliers.
                let standard = match r {
                    1 => Some(14),
                    12 => Some(11),
                    _ => None,
                };
                cards.push(match standard {
                    Some(fr) if improvised => {
                        improvised_names(s, r, fr, &suits[s as usize], disp, ascii, aliases, r == 1)
                    }
                    _ => (s, r, disp, ascii, aliases),
                });
            }
        }
        for r in 1..=22u8 {
            let disp = if r == 22 { "Škis".to_string() } else { roman(r) };
            let ascii = if r == 22 { "SKIS".to_string() } else { roman(r) };
            let mut aliases = vec![format!("t{r}"), format!("trump{r}"), format!("tarok{r}")];
            match r {
                1 => aliases.push("pagat".into()),
                21 => aliases.push("mond".into()),
                22 => aliases.extend([
                    "skis".into(),
                    "sk".into(),
                    "skiz".into(),
                    "excuse".into(),
                    "fool".into(),
                ]),
                _ => {}
            }
            let card = if !improvised {
                (4, r, disp, ascii, aliases)
            } else if r == 22 {
                let mut aliases = aliases;
                aliases.extend([normalize(&disp), normalize(&ascii), "joker".into()]);
                (4, r, format!("Joker({disp})"), format!("JOKER({ascii})"), aliases)
            } else {
                // Pack 2: A-6♠ are I-VI, A-6♣ VII-XII, 6-10♥ XIII-XVII, 7-10♦ XVIII-XXI.
                let (s, fr) = match r {
                    1..=6 => (3, r),
                    7..=12 => (0, r - 6),
                    13..=17 => (2, r - 7),
                    _ => (1, r - 11),
                };
                let fr = if fr == 1 { 14 } else { fr };
                let (_, _, disp, ascii, aliases) =
                    improvised_names(4, r, fr, &suits[s as usize], disp, ascii, aliases, true);
                (4, r, disp, ascii, aliases)
            };
            cards.push(card);
        }
        Deck::build(
            if improvised {
                "tarok54 improvised"
            } else {
                "tarok54"
            },
            suits,
            cards,
        )
    }

    /// Short name (`italian40`, `french32`, ...).
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }
    /// Never empty; present for API symmetry with `len`.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
    /// The whole deck as a set.
    pub fn all(&self) -> CardSet {
        CardSet::first_n(self.cards.len())
    }
    /// Card description.
    pub fn info(&self, card: Card) -> &CardInfo {
        &self.cards[card.idx()]
    }
    /// All card descriptions in dense order.
    pub fn cards(&self) -> &[CardInfo] {
        &self.cards
    }
    /// Suit descriptions.
    pub fn suits(&self) -> &[SuitInfo] {
        &self.suits
    }
    /// Suit index of a card.
    #[inline]
    pub fn suit(&self, card: Card) -> u8 {
        self.suit_of[card]
    }
    /// Rank code of a card.
    #[inline]
    pub fn rank(&self, card: Card) -> u8 {
        self.cards[card.idx()].rank
    }
    /// All cards of suit `s`.
    #[inline]
    pub fn suit_mask(&self, s: u8) -> CardSet {
        self.suit_masks[s as usize]
    }
    /// The card with this suit and rank code, if the deck has it.
    pub fn find(&self, suit: u8, rank: u8) -> Option<Card> {
        self.cards
            .iter()
            .position(|c| c.suit == suit && c.rank == rank)
            .map(|i| Card(i as u8))
    }
    /// Display name (`A♠`).
    pub fn name_of(&self, card: Card) -> &str {
        &self.cards[card.idx()].name
    }
    /// ASCII name (`AS`).
    pub fn ascii_of(&self, card: Card) -> &str {
        &self.cards[card.idx()].ascii
    }
    /// Space-separated display names of a set, in dense order.
    pub fn format_set(&self, set: CardSet) -> String {
        let names: Vec<&str> = set.iter().map(|c| self.name_of(c)).collect();
        if names.is_empty() {
            "-".to_string()
        } else {
            names.join(" ")
        }
    }
    /// Parses a card name: Unicode or ASCII suits, any case, rank words (`A♠`, `as`, `10h`, `Th`,
    /// `ace of spades`, `Cavallo di coppe`).
    pub fn parse(&self, text: &str) -> Result<Card> {
        self.lookup.get(&normalize(text)).copied().ok_or_else(|| {
            LudoError::parse(
                "card",
                text,
                format!(
                    "not a card of the {} deck (cards look like {} or {})",
                    self.name,
                    self.name_of(Card(0)),
                    self.ascii_of(Card(0))
                ),
            )
        })
    }
}

fn french_label(_suit: u8, r: u8) -> (String, String, Vec<String>) {
    let disp = match r {
        11 => "J".to_string(),
        12 => "Q".to_string(),
        13 => "K".to_string(),
        14 => "A".to_string(),
        n => n.to_string(),
    };
    let ascii = if r == 10 { "T".to_string() } else { disp.clone() };
    // Numerals only for pip ranks: "14s" is not a name anybody uses for the ace of spades.
    let numeral = r.to_string();
    let numerals: &[&str] = if r <= 10 { &[numeral.as_str()] } else { &[] };
    (disp, ascii, rank_aliases(numerals, french_rank_words(r)))
}

fn french_rank_words(r: u8) -> &'static [&'static str] {
    match r {
        10 => &["10", "t", "ten"],
        11 => &["j", "jack", "knave", "b", "bube", "unter"],
        12 => &["q", "queen", "d", "dame", "ober"],
        13 => &["k", "king", "r", "roi"],
        14 => &["a", "ace", "1"],
        _ => &[],
    }
}

fn italian_label(style: FaceStyle, r: u8) -> (String, String, Vec<String>) {
    // Court labels per style; the abstract rank (F, C, R) never changes.
    let (f, c) = match style {
        FaceStyle::Italian => ("J", "C"),
        FaceStyle::FrenchNorth => ("J", "Q"),
        FaceStyle::FrenchSouth => ("Q", "J"),
    };
    let disp = match r {
        1 => "A".to_string(),
        8 => f.to_string(),
        9 => c.to_string(),
        10 => "K".to_string(),
        n => n.to_string(),
    };
    let words: Vec<&str> = match (r, style) {
        (1, _) => vec!["a", "ace", "1", "asso"],
        (8, FaceStyle::Italian) => vec!["j", "f", "8", "fante", "jack", "knave"],
        (9, FaceStyle::Italian) => vec!["c", "n", "h", "9", "cavallo", "horse", "knight"],
        (8, FaceStyle::FrenchNorth) | (9, FaceStyle::FrenchSouth) => vec!["j", "jack", "knave"],
        (9, FaceStyle::FrenchNorth) | (8, FaceStyle::FrenchSouth) => vec!["q", "queen"],
        (10, _) => vec!["k", "r", "10", "king", "re"],
        _ => vec![],
    };
    (disp.clone(), disp, rank_aliases(&[&r.to_string()], &words))
}

fn tarok_suit_label(r: u8) -> (String, String, Vec<String>) {
    let (disp, words): (&str, &[&str]) = match r {
        11 => ("J", &["j", "jack", "knave", "fant", "pob"]),
        12 => ("C", &["c", "n", "knight", "cavall", "caval", "kaval", "horse"]),
        13 => ("Q", &["q", "queen", "dama", "dame"]),
        14 => ("K", &["k", "king", "kralj"]),
        _ => ("", &[]),
    };
    if disp.is_empty() {
        let n = r.to_string();
        let ascii = if r == 10 { "T".to_string() } else { n.clone() };
        let extra: &[&str] = if r == 10 { &["t"] } else { &[] };
        (n.clone(), ascii, rank_aliases(&[&n], extra))
    } else {
        (disp.to_string(), disp.to_string(), rank_aliases(&[], words))
    }
}

/// A Tarok card of the improvised deck: shown as the standard card `fr` of `suit` with the Tarok name
/// in brackets; the Tarok names stay aliases, and the standard names too when `unique` (no other card
/// of the two packs looks the same).
#[allow(clippy::too_many_arguments)]
fn improvised_names(
    s: u8,
    r: u8,
    fr: u8,
    suit: &SuitInfo,
    disp: String,
    ascii: String,
    mut aliases: Vec<String>,
    unique: bool,
) -> (u8, u8, String, String, Vec<String>) {
    let (std_disp, std_ascii, words) = french_label(0, fr);
    let (std_disp, std_ascii) = (
        format!("{std_disp}{}", suit.symbol),
        format!("{std_ascii}{}", suit.ascii),
    );
    aliases.extend([normalize(&disp), normalize(&ascii)]);
    if unique {
        aliases.extend([normalize(&std_disp), normalize(&std_ascii)]);
        for w in &words {
            aliases.extend(suit.aliases.iter().map(|a| format!("{w}{a}")));
        }
    }
    (
        s,
        r,
        format!("{std_disp}({disp})"),
        format!("{std_ascii}({ascii})"),
        aliases,
    )
}

/// Roman numeral for 1..=21.
fn roman(n: u8) -> String {
    let table = [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")];
    let mut n = n;
    let mut s = String::new();
    for (v, sym) in table {
        while n >= v {
            s.push_str(sym);
            n -= v;
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_decks() -> Vec<Deck> {
        vec![
            Deck::french52(),
            Deck::french32(),
            Deck::french24(),
            Deck::french48(),
            Deck::zole26(),
            Deck::italian40(FaceStyle::Italian),
            Deck::italian40(FaceStyle::FrenchNorth),
            Deck::italian40(FaceStyle::FrenchSouth),
            Deck::italian_without(FaceStyle::Italian, &[(0, 2)]),
            Deck::italian_without(FaceStyle::Italian, &[(0, 2), (1, 2), (2, 2), (3, 2)]),
            Deck::tarok54(),
        ]
    }

    #[test]
    fn sizes() {
        let sizes: Vec<usize> = all_decks().iter().map(Deck::len).collect();
        assert_eq!(sizes, vec![52, 32, 24, 48, 26, 40, 40, 40, 39, 36, 54]);
    }

    #[test]
    fn words_split_on_spaces_hyphens_and_underscores_and_of_goes_only_between_two_words() {
        // "of" (di, de) is dropped only in the RANK of SUIT shape (three words or more); a stray
        // "of" beside a single card name is not a card.
        let d = Deck::french52();
        let ace = d.parse("A♠").unwrap();
        for text in [
            "ace of spades",
            "Ace_of_Spades",
            "ace-of-spades",
            "ace of_spades",
            "A S",
        ] {
            assert_eq!(d.parse(text).unwrap(), ace, "{text}");
        }
        for text in ["of AS", "AS of", "de A♠"] {
            assert!(d.parse(text).is_err(), "{text}");
        }
        assert_eq!(super::super::notation::normalize("of spades"), "ofspades");
    }

    #[test]
    fn every_name_parses_back_to_its_card() {
        for deck in all_decks() {
            for i in 0..deck.len() {
                let c = Card(i as u8);
                assert_eq!(
                    deck.parse(deck.name_of(c)).unwrap(),
                    c,
                    "{} {}",
                    deck.name(),
                    deck.name_of(c)
                );
                assert_eq!(
                    deck.parse(deck.ascii_of(c)).unwrap(),
                    c,
                    "{} {}",
                    deck.name(),
                    deck.ascii_of(c)
                );
                assert_eq!(deck.parse(&deck.ascii_of(c).to_lowercase()).unwrap(), c);
            }
            let names: std::collections::HashSet<&str> =
                deck.cards().iter().map(|c| c.name.as_str()).collect();
            assert_eq!(names.len(), deck.len(), "names unique in {}", deck.name());
        }
    }

    #[test]
    fn aliases() {
        let d = Deck::french52();
        let qs = d.parse("QS").unwrap();
        for s in ["Q♠", "q♤", "queen of spades", "Q spades", "qs"] {
            assert_eq!(d.parse(s).unwrap(), qs, "{s}");
        }
        assert_eq!(d.parse("10h").unwrap(), d.parse("TH").unwrap());
        assert!(d.parse("1x").is_err());
        let it = Deck::italian40(FaceStyle::Italian);
        assert_eq!(it.parse("Cavallo di coppe").unwrap(), it.parse("C♥").unwrap());
        assert_eq!(it.parse("asso di spade").unwrap(), it.parse("AS").unwrap());
        let t = Deck::tarok54();
        assert_eq!(t.name_of(t.parse("mond").unwrap()), "XXI");
        assert_eq!(t.name_of(t.parse("skis").unwrap()), "Škis");
        assert_eq!(t.suit_mask(4).len(), 22);
    }

    #[test]
    fn southern_style_swaps_jack_and_queen() {
        let s = Deck::italian40(FaceStyle::FrenchSouth);
        let n = Deck::italian40(FaceStyle::FrenchNorth);
        // The Cavallo (rank 9) is the Jack in the south and the Queen in the north.
        let cav = s.find(3, 9).unwrap();
        assert_eq!(s.name_of(cav), "J♠");
        assert_eq!(n.name_of(cav), "Q♠");
    }

    /// The display names of the whole deck, in dense order.
    fn order(d: &Deck) -> String {
        d.format_set(d.all())
    }

    #[test]
    fn each_family_has_its_cards_in_suit_major_order_and_its_name() {
        // Suits clubs, diamonds, hearts, spades; ranks ascending by code within a suit (the ace
        // last in French packs, first in Italian ones).
        let f32 = Deck::french32();
        assert_eq!(f32.name(), "french32");
        assert_eq!(
            order(&f32),
            "7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ \
             7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠"
        );
        let f24 = Deck::french24();
        assert_eq!(f24.name(), "french24");
        assert_eq!(
            order(&f24),
            "9♣ 10♣ J♣ Q♣ K♣ A♣ 9♦ 10♦ J♦ Q♦ K♦ A♦ 9♥ 10♥ J♥ Q♥ K♥ A♥ 9♠ 10♠ J♠ Q♠ K♠ A♠"
        );
        // Reversis: the 52-card pack without its four tens.
        let f48 = Deck::french48();
        assert_eq!(f48.name(), "french48");
        assert_eq!(
            order(&f48).split(' ').take(13).collect::<Vec<_>>().join(" "),
            "2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ J♣ Q♣ K♣ A♣ 2♦"
        );
        assert!(!order(&f48).contains("10"));
        // Zole: A K Q J 10 9 of clubs, hearts, spades, and 8 7 besides in diamonds.
        let z = Deck::zole26();
        assert_eq!(z.name(), "zole26");
        assert_eq!(
            order(&z),
            "9♣ 10♣ J♣ Q♣ K♣ A♣ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ 9♥ 10♥ J♥ Q♥ K♥ A♥ 9♠ 10♠ J♠ Q♠ K♠ A♠"
        );
        // Italian: A 2..7 Fante Cavallo Re, rank codes 1..=10.
        let it = Deck::italian40(FaceStyle::Italian);
        assert_eq!(it.name(), "italian40");
        assert_eq!(
            order(&it).split(' ').take(11).collect::<Vec<_>>().join(" "),
            "A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ J♣ C♣ K♣ A♦"
        );
        let ranks: Vec<u8> = (0..10).map(|i| it.rank(Card(i))).collect();
        assert_eq!(ranks, (1..=10).collect::<Vec<u8>>());
        assert_eq!(
            Deck::italian40(FaceStyle::FrenchNorth).name(),
            "italian40_french_north"
        );
        assert_eq!(
            Deck::italian40(FaceStyle::FrenchSouth).name(),
            "italian40_french_south"
        );
        // Three-handed Briscola drops one 2, the six-handed game all four.
        let it39 = Deck::italian_without(FaceStyle::Italian, &[(0, 2)]);
        assert_eq!(it39.name(), "italian39");
        assert!(order(&it39).starts_with("A♣ 3♣ 4♣"));
        assert!(order(&it39).contains(" 2♦ "));
        let it36 = Deck::italian_without(FaceStyle::Italian, &[(0, 2), (1, 2), (2, 2), (3, 2)]);
        assert_eq!(it36.name(), "italian36");
        assert!(!order(&it36).contains('2'));
        // Suit words: the Italian pack's local names are Italian, the French-faced ones English.
        let local: Vec<&str> = it.suits().iter().map(|s| s.local_name).collect();
        assert_eq!(local, ["bastoni", "denari", "coppe", "spade"]);
        let north = Deck::italian40(FaceStyle::FrenchNorth);
        let local: Vec<&str> = north.suits().iter().map(|s| s.local_name).collect();
        assert_eq!(local, ["clubs", "diamonds", "hearts", "spades"]);
        // Tarok: the four suits of 8 (red 1..4, black 7..10, then J C Q K), the 22 trumps after.
        let t = Deck::tarok54();
        assert_eq!(t.name(), "tarok54");
        assert_eq!(
            order(&t).split(' ').take(16).collect::<Vec<_>>().join(" "),
            "7♣ 8♣ 9♣ 10♣ J♣ C♣ Q♣ K♣ 1♦ 2♦ 3♦ 4♦ J♦ C♦ Q♦ K♦"
        );
        assert_eq!(t.suits().len(), 5);
        assert_eq!(t.suit(Card(32)), 4);
    }

    #[test]
    fn the_taroks_are_the_roman_numerals_one_to_twenty_one_then_the_skis() {
        let t = Deck::tarok54();
        let trumps: Vec<&str> = t.suit_mask(4).iter().map(|c| t.name_of(c)).collect();
        assert_eq!(
            trumps.join(" "),
            "I II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI Škis"
        );
        assert_eq!(t.ascii_of(t.parse("Škis").unwrap()), "SKIS");
        assert_eq!(t.parse("pagat").unwrap(), t.parse("I").unwrap());
        assert_eq!(t.parse("t21").unwrap(), t.parse("XXI").unwrap());
    }

    /// The ASCII names of the whole deck, in dense order.
    fn ascii_order(d: &Deck) -> String {
        d.all()
            .iter()
            .map(|c| d.ascii_of(c))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn the_tarok_pack_has_black_seven_to_ten_red_one_to_four_and_the_four_courts_per_suit() {
        // The rules' 54-card pack: clubs and spades 7 8 9 10, hearts and diamonds 1 2 3 4, each suit
        // then J, C (the cavalier), Q, K; the 22 taroks last. Rank codes: the pips' own numbers, the
        // courts J 11, C 12, Q 13, K 14, the taroks 1..=22.
        let t = Deck::tarok54();
        assert_eq!(t.len(), 54);
        assert_eq!(
            order(&t).split(' ').take(32).collect::<Vec<_>>().join(" "),
            "7♣ 8♣ 9♣ 10♣ J♣ C♣ Q♣ K♣ 1♦ 2♦ 3♦ 4♦ J♦ C♦ Q♦ K♦ \
             1♥ 2♥ 3♥ 4♥ J♥ C♥ Q♥ K♥ 7♠ 8♠ 9♠ 10♠ J♠ C♠ Q♠ K♠"
        );
        // The ten's ASCII letter is T, as in the French packs; no other pip is a letter.
        assert_eq!(
            ascii_order(&t),
            "7C 8C 9C TC JC CC QC KC 1D 2D 3D 4D JD CD QD KD 1H 2H 3H 4H JH CH QH KH \
             7S 8S 9S TS JS CS QS KS I II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI XVII \
             XVIII XIX XX XXI SKIS"
        );
        let ranks = |s: u8| -> Vec<u8> { t.suit_mask(s).iter().map(|c| t.rank(c)).collect() };
        assert_eq!(ranks(0), [7, 8, 9, 10, 11, 12, 13, 14]);
        assert_eq!(ranks(1), [1, 2, 3, 4, 11, 12, 13, 14]);
        assert_eq!(ranks(2), [1, 2, 3, 4, 11, 12, 13, 14]);
        assert_eq!(ranks(3), [7, 8, 9, 10, 11, 12, 13, 14]);
        assert_eq!(ranks(4), (1..=22).collect::<Vec<u8>>());
        // Rank words: the Slovenian and English court names, "T" for the ten only.
        let at = |s: u8, r: u8| t.find(s, r).unwrap();
        for (text, card) in [
            ("T of clubs", at(0, 10)),
            ("10 of spades", at(3, 10)),
            ("7 of spades", at(3, 7)),
            ("1 of hearts", at(2, 1)),
            ("fant of spades", at(3, 11)),
            ("jack of diamonds", at(1, 11)),
            ("kaval of diamonds", at(1, 12)),
            ("knight of clubs", at(0, 12)),
            ("dama of hearts", at(2, 13)),
            ("kralj of hearts", at(2, 14)),
            ("king of spades", at(3, 14)),
            ("t1", at(4, 1)),
            ("tarok 21", at(4, 21)),
            ("trump 22", at(4, 22)),
            ("fool", at(4, 22)),
            ("excuse", at(4, 22)),
        ] {
            assert_eq!(t.parse(text).unwrap(), card, "{text}");
        }
        // No red 7..10 and no black 1..4 in a Tarok pack; a red 1 is no ace.
        for text in ["7♥", "10♦", "1♣", "4♠", "A♥", "ace of hearts"] {
            assert!(t.parse(text).is_err(), "{text}");
        }
    }

    #[test]
    fn the_improvised_pack_shows_each_card_as_the_standard_card_standing_for_it() {
        // The rules' improvised deck: pack 1's faces, red A-4 (the ace is the red 1) and black 7-10
        // stand for themselves; pack 2's jacks, marked C, are the cavaliers; pack 2's A-6♠ are I-VI,
        // A-6♣ VII-XII, 6-10♥ XIII-XVII, 7-10♦ XVIII-XXI and its joker the Škis. A card is shown as
        // its standard card with the Tarok name in brackets where the two differ.
        let d = Deck::tarok54_improvised();
        assert_eq!(d.name(), "tarok54 improvised");
        assert_eq!(d.len(), 54);
        assert_eq!(
            order(&d),
            "7♣ 8♣ 9♣ 10♣ J♣ J♣(C♣) Q♣ K♣ A♦(1♦) 2♦ 3♦ 4♦ J♦ J♦(C♦) Q♦ K♦ \
             A♥(1♥) 2♥ 3♥ 4♥ J♥ J♥(C♥) Q♥ K♥ 7♠ 8♠ 9♠ 10♠ J♠ J♠(C♠) Q♠ K♠ \
             A♠(I) 2♠(II) 3♠(III) 4♠(IV) 5♠(V) 6♠(VI) A♣(VII) 2♣(VIII) 3♣(IX) 4♣(X) 5♣(XI) 6♣(XII) \
             6♥(XIII) 7♥(XIV) 8♥(XV) 9♥(XVI) 10♥(XVII) 7♦(XVIII) 8♦(XIX) 9♦(XX) 10♦(XXI) Joker(Škis)"
        );
        assert_eq!(
            ascii_order(&d),
            "7C 8C 9C TC JC JC(CC) QC KC AD(1D) 2D 3D 4D JD JD(CD) QD KD \
             AH(1H) 2H 3H 4H JH JH(CH) QH KH 7S 8S 9S TS JS JS(CS) QS KS \
             AS(I) 2S(II) 3S(III) 4S(IV) 5S(V) 6S(VI) AC(VII) 2C(VIII) 3C(IX) 4C(X) 5C(XI) 6C(XII) \
             6H(XIII) 7H(XIV) 8H(XV) 9H(XVI) TH(XVII) 7D(XVIII) 8D(XIX) 9D(XX) TD(XXI) JOKER(SKIS)"
        );
        // Same card ids, suits and ranks as the Tarok pack: only the names differ.
        let t = Deck::tarok54();
        for i in 0..54u8 {
            assert_eq!(
                (d.suit(Card(i)), d.rank(Card(i))),
                (t.suit(Card(i)), t.rank(Card(i)))
            );
        }
        // The Tarok names still parse, and so do the standard names that only one card bears; the
        // marked jack's standard names stay the plain jack's.
        let at = |s: u8, r: u8| d.find(s, r).unwrap();
        for (text, card) in [
            ("1♥", at(2, 1)),
            ("A♥", at(2, 1)),
            ("ace of hearts", at(2, 1)),
            ("AD", at(1, 1)),
            ("C♣", at(0, 12)),
            ("knight of clubs", at(0, 12)),
            ("J♣", at(0, 11)),
            ("jack of clubs", at(0, 11)),
            ("JC", at(0, 11)),
            ("I", at(4, 1)),
            ("pagat", at(4, 1)),
            ("A♠", at(4, 1)),
            ("ace of spades", at(4, 1)),
            ("6 of spades", at(4, 6)),
            ("A♣", at(4, 7)),
            ("6♣", at(4, 12)),
            ("6♥", at(4, 13)),
            ("10 of hearts", at(4, 17)),
            ("7♦", at(4, 18)),
            ("XXI", at(4, 21)),
            ("mond", at(4, 21)),
            ("10♦", at(4, 21)),
            ("TD", at(4, 21)),
            ("Škis", at(4, 22)),
            ("SKIS", at(4, 22)),
            ("joker", at(4, 22)),
            ("10♣", at(0, 10)),
            ("K♥", at(2, 14)),
        ] {
            assert_eq!(d.parse(text).unwrap(), card, "{text}");
        }
        // Cards that are in neither role: pack 1's red 5s, the 5♦ and 6♦ unused.
        for text in ["5♥", "5♦", "6♦", "7♣(VII)"] {
            assert!(d.parse(text).is_err(), "{text}");
        }
    }

    #[test]
    fn lookups_by_suit_and_rank_and_the_empty_set_and_deck() {
        let d = Deck::french52();
        let qs = d.parse("Q♠").unwrap();
        assert_eq!((d.suit(qs), d.rank(qs)), (3, 12));
        assert_eq!(d.find(3, 12), Some(qs));
        assert_eq!(d.find(0, 2), Some(Card(0)));
        assert_eq!(d.find(1, 14), d.parse("A♦").ok());
        // A rank the pack does not have, in a suit it has (and the reverse): no card.
        assert_eq!(Deck::french32().find(0, 2), None);
        assert_eq!(d.find(4, 2), None);
        let info = d.info(qs);
        assert_eq!(
            (info.suit, info.rank, info.name.as_str(), info.ascii.as_str()),
            (3, 12, "Q♠", "QS")
        );
        assert_eq!(d.cards().len(), 52);
        assert_eq!(
            d.suit_mask(1).iter().map(|c| d.rank(c)).collect::<Vec<_>>(),
            (2..=14).collect::<Vec<u8>>()
        );
        assert_eq!(d.format_set(CardSet::EMPTY), "-");
        assert_eq!(d.format_set([qs, Card(0)].into_iter().collect()), "2♣ Q♠");
        assert!(!d.is_empty());
        let none = Deck::french(&[]);
        assert!(none.is_empty());
        assert_eq!(none.len(), 0);
    }

    #[test]
    fn french_rank_words_name_their_cards_and_court_numerals_are_no_names() {
        let d = Deck::french52();
        let is = |text: &str, card: &str| {
            assert_eq!(d.parse(text).ok(), d.parse(card).ok(), "{text}");
        };
        is("ten of hearts", "10♥");
        is("t hearts", "10♥");
        is("jack of clubs", "J♣");
        is("knave of clubs", "J♣");
        is("Bube Kreuz", "J♣");
        is("Unter Eichel", "J♣");
        is("Dame Herz", "Q♥");
        is("Ober Herz", "Q♥");
        is("king of spades", "K♠");
        is("Roi Pik", "K♠");
        is("ace of diamonds", "A♦");
        is("1 of diamonds", "A♦");
        is("2 of clubs", "2♣");
        // Pip ranks have their numeral; a court card's rank code is not a name.
        for text in ["14s", "11h", "12c", "13d"] {
            assert!(d.parse(text).is_err(), "{text}");
        }
    }

    #[test]
    fn italian_rank_words_follow_the_face_style() {
        let it = Deck::italian40(FaceStyle::Italian);
        let is = |d: &Deck, text: &str, suit: u8, rank: u8| {
            assert_eq!(d.parse(text).ok(), d.find(suit, rank), "{} {text}", d.name());
        };
        is(&it, "asso di bastoni", 0, 1);
        is(&it, "1 di bastoni", 0, 1);
        is(&it, "ace of coins", 1, 1);
        is(&it, "fante di denari", 1, 8);
        is(&it, "knave of denari", 1, 8);
        is(&it, "8 of denari", 1, 8);
        is(&it, "cavallo di coppe", 2, 9);
        is(&it, "horse of cups", 2, 9);
        is(&it, "9 of cups", 2, 9);
        is(&it, "re di spade", 3, 10);
        is(&it, "king of swords", 3, 10);
        is(&it, "10 of swords", 3, 10);
        is(&it, "7 di spade", 3, 7);
        // French faces: the Fante is the jack in the north, the queen in the south; the Cavallo
        // the other way round.
        let north = Deck::italian40(FaceStyle::FrenchNorth);
        let south = Deck::italian40(FaceStyle::FrenchSouth);
        is(&north, "jack of spades", 3, 8);
        is(&north, "queen of spades", 3, 9);
        is(&south, "queen of spades", 3, 8);
        is(&south, "jack of spades", 3, 9);
        is(&north, "king of spades", 3, 10);
        is(&south, "ace of spades", 3, 1);
    }

    #[test]
    fn a_text_that_is_no_card_is_refused_naming_the_deck_and_two_example_names() {
        let d = Deck::french52();
        let e = d.parse("1x").unwrap_err().to_string();
        assert!(e.contains("not a card of the french52 deck"), "{e}");
        assert!(e.contains("2♣") && e.contains("2C"), "{e}");
        let it = Deck::italian40(FaceStyle::Italian);
        let e = it.parse("zz").unwrap_err().to_string();
        assert!(
            e.contains("italian40") && e.contains("A♣") && e.contains("AC"),
            "{e}"
        );
        for text in ["", "♠", "queen", "Q of", "11 of spades"] {
            assert!(d.parse(text).is_err(), "{text:?}");
        }
    }
}
