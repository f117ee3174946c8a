//! The parameters every trick game reads the same way, read once: `scope` (one deal or a match),
//! `first_dealer` (-1 for the last seat, so seat 0 is the eldest hand and speaks or leads first) and
//! the match length (`hands` or `deals`, where the game has one).

use crate::core::params::Params;
use crate::error::{LudoError, Result};

/// What a trick game's `from_params` reads of the shared parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Session {
    /// `scope=match`: deals are chained until the match rule ends it.
    pub is_match: bool,
    /// The seat that deals first.
    pub first_dealer: usize,
    /// The match length in deals (`hands`/`deals`), 0 for a game whose match ends otherwise.
    pub length: usize,
}

impl Session {
    /// Reads `scope` ([`super::SCOPE_PARAM`]), `first_dealer` and, if the game has one, the match
    /// length under `length_key`, for a deal of `players` seats. A first dealer beyond the seats is an
    /// `InvalidParameter` error naming the seats there are. A game that declares no `first_dealer`
    /// (Tëtka) is dealt first by the last seat.
    pub fn read(p: &Params, players: usize, length_key: Option<&str>) -> Result<Session> {
        let declared = p.get("first_dealer").is_some();
        let first_dealer = match if declared { p.int("first_dealer") } else { -1 } {
            -1 => players - 1,
            d if d >= 0 && (d as usize) < players => d as usize,
            d => {
                return Err(LudoError::param(
                    "first_dealer",
                    format!(
                        "seat {d} does not exist with {players} players (seats 0 to {}, or -1 for the last)",
                        players - 1
                    ),
                ))
            }
        };
        Ok(Session {
            is_match: p.str("scope") == "match",
            first_dealer,
            length: length_key.map_or(0, |k| p.int(k).max(0) as usize),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::params::{DefaultValue as D, Kind, ParamSpec};

    const SPECS: &[ParamSpec] = &[
        super::super::SCOPE_PARAM,
        ParamSpec {
            name: "first_dealer",
            kind: Kind::Int { min: -1, max: 9 },
            default: D::Int(-1),
            doc: "",
        },
        ParamSpec {
            name: "hands",
            kind: Kind::Int { min: 1, max: 99 },
            default: D::Int(12),
            doc: "",
        },
    ];

    fn read(pairs: &[(&str, &str)], players: usize) -> Result<Session> {
        let raw: Vec<(String, String)> = pairs
            .iter()
            .map(|&(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let p = Params::resolve(SPECS, &raw, &[])?;
        Session::read(&p, players, Some("hands"))
    }

    #[test]
    fn defaults_are_one_deal_dealt_by_the_last_seat() {
        let s = read(&[], 3).unwrap();
        assert_eq!(
            s,
            Session {
                is_match: false,
                first_dealer: 2,
                length: 12
            }
        );
    }

    #[test]
    fn a_match_with_a_named_first_dealer_at_the_last_seat() {
        let s = read(&[("scope", "match"), ("first_dealer", "3"), ("hands", "7")], 4).unwrap();
        assert_eq!(
            s,
            Session {
                is_match: true,
                first_dealer: 3,
                length: 7
            }
        );
        assert_eq!(read(&[("first_dealer", "0")], 4).unwrap().first_dealer, 0);
    }

    #[test]
    fn a_game_without_first_dealer_is_dealt_first_by_the_last_seat() {
        let raw = vec![("scope".to_string(), "match".to_string())];
        let p = Params::resolve(&SPECS[..1], &raw, &[]).unwrap();
        let s = Session::read(&p, 4, None).unwrap();
        assert_eq!(
            s,
            Session {
                is_match: true,
                first_dealer: 3,
                length: 0
            }
        );
    }

    #[test]
    fn a_first_dealer_beyond_the_seats_is_refused_naming_them() {
        let e = read(&[("first_dealer", "4")], 4).unwrap_err().to_string();
        assert!(
            e.contains("first_dealer") && e.contains("seat 4 does not exist with 4 players"),
            "{e}"
        );
    }
}
