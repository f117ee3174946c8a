//! Hand histories in the open poker hand-history format PHH (<https://phh.readthedocs.io>), which
//! PokerKit and other poker tools read.
//!
//! One PHH document per hand: `variant = "FR"` (fixed-limit Razz), the antes, bring-in, small and big
//! bet, starting stacks and the actions (`d dh p1 7c2d5h` for cards dealt to a player, `p2 pb` for the
//! bring-in, `p1 cbr 8` to complete, bet or raise to 8, `p3 cc` to check or call, `p1 f` to fold).
//! Players are numbered `p1 …` clockwise from the seat after the dealer (PHH has no dealer for stud,
//! and ties for the opener go to the lower number), and `seats` gives each one's seat here (1-based).
//! Burnt cards are not written (a PHH reader burns an unknown card). A hand whose 7th street used the
//! community card cannot be written: PHH stud has no shared card.

use super::{Phase, Razz, RazzState, Target, MOVE_BASE};
use crate::cards::Card;
use crate::core::game::{Game, State};
use crate::core::params::Params;
use crate::error::{LudoError, Result};
use crate::poker::betting::Move;

/// PokerKit's card text: rank `2`…`9`, `T`, `J`, `Q`, `K`, `A`, then the suit in lower case.
fn card_text(c: u8) -> String {
    let ascii = super::deck().ascii_of(Card(c)).to_string();
    let (r, s) = ascii.split_at(ascii.len() - 1);
    format!("{r}{}", s.to_ascii_lowercase())
}

struct HandLog {
    /// Seats in PHH order (p1 first).
    seats: Vec<usize>,
    stacks: Vec<i64>,
    actions: Vec<String>,
    community: bool,
}

impl HandLog {
    fn player(&self, seat: usize) -> usize {
        self.seats.iter().position(|&s| s == seat).unwrap_or(0) + 1
    }
}

/// Every hand of the state's history as a PHH document (the hand under way too, up to now).
pub fn hands_phh(state: &RazzState) -> Result<Vec<String>> {
    let cfg = state.cfg;
    let mut replay = Razz {
        params: Params::default(),
        cfg,
    }
    .new_initial_state();
    let mut logs: Vec<HandLog> = Vec::new();
    let begin = |r: &RazzState| {
        let n = cfg.players;
        let seats: Vec<usize> = (1..=n)
            .map(|k| (r.dealer as usize + k) % n)
            .filter(|&s| r.hand_start[s] > 0)
            .collect();
        let stacks = seats.iter().map(|&s| r.hand_start[s]).collect();
        HandLog {
            seats,
            stacks,
            actions: Vec::new(),
            community: false,
        }
    };
    logs.push(begin(&replay));
    // Cards dealt in the current street, per seat, written when the street's dealing ends.
    let mut pending: Vec<(usize, String)> = Vec::new();
    for &a in state.history() {
        let log = logs.last_mut().expect("one log per hand");
        let hand = replay.hand_no;
        match replay.phase {
            Phase::Deal => match replay.plan[replay.plan_pos as usize] {
                Target::Down(s) | Target::Up(s) => match pending.iter_mut().find(|(p, _)| *p == s as usize) {
                    Some((_, cards)) => cards.push_str(&card_text(a as u8)),
                    None => pending.push((s as usize, card_text(a as u8))),
                },
                Target::Community => log.community = true,
                Target::Burn => {}
            },
            _ => {
                let seat = replay.bet.actor().unwrap_or(0);
                let p = log.player(seat);
                let m = Move::ALL[(a - MOVE_BASE) as usize];
                log.actions.push(match m {
                    Move::Fold => format!("p{p} f"),
                    Move::Check | Move::Call => format!("p{p} cc"),
                    Move::BringIn => format!("p{p} pb"),
                    Move::Complete | Move::Bet | Move::Raise => {
                        format!("p{p} cbr {}", replay.bet.amount_to(m))
                    }
                });
            }
        }
        let dealing = replay.phase == Phase::Deal;
        replay.apply_action_unchecked(a);
        if dealing && (replay.phase != Phase::Deal || replay.hand_no != hand || replay.plan_pos == 0) {
            let log = logs.last_mut().expect("one log per hand");
            let mut by_player: Vec<(usize, String)> = pending
                .drain(..)
                .map(|(s, cards)| (log.player(s), cards))
                .collect();
            by_player.sort();
            for (p, cards) in by_player {
                log.actions.push(format!("d dh p{p} {cards}"));
            }
        }
        if replay.hand_no != hand {
            logs.push(begin(&replay));
        }
    }
    logs.iter()
        .enumerate()
        .map(|(i, log)| {
            if log.community {
                return Err(LudoError::InvalidPosition {
                    reason: format!(
                        "hand {} used the community card on 7th street, which PHH stud cannot write",
                        i + 1
                    ),
                });
            }
            let k = log.seats.len();
            let list = |v: Vec<String>| v.join(", ");
            let actions: Vec<String> = log.actions.iter().map(|a| format!("  \"{a}\",")).collect();
            Ok(format!(
                "variant = \"FR\"\nantes = [{}]\nbring_in = {}\nsmall_bet = {}\nbig_bet = {}\nstarting_stacks = [{}]\nseats = [{}]\nseat_count = {}\nhand = {}\nactions = [\n{}\n]\n",
                list(vec![cfg.ante.to_string(); k]),
                cfg.bring_in,
                cfg.small_bet,
                2 * cfg.small_bet,
                list(log.stacks.iter().map(|s| s.to_string()).collect()),
                list(log.seats.iter().map(|s| (s + 1).to_string()).collect()),
                cfg.players,
                i + 1,
                actions.join("\n"),
            ))
        })
        .collect()
}
