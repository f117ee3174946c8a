//! Samba rules as concrete situations through the engine's own actions (rules file §11, §14).

use super::state::{Phase, SambaState};
use super::*;
use crate::core::game::{Game, Player, State};
use crate::core::rng::Rng;
use crate::rummy::bag::{parse_kind, PackSet};

fn game(pairs: &[(&str, &str)]) -> Samba {
    Samba::with(pairs).unwrap()
}

fn total_cards(st: &SambaState) -> usize {
    st.card_locations().unwrap().iter().map(|(_, c)| c.len()).sum()
}

#[test]
fn random_and_greedy_hands_end_and_conserve_cards() {
    for spec in [
        &[("scope", "deal")][..],
        &[("scope", "deal"), ("stock_draw", "2")],
    ] {
        let g = game(spec);
        let bot = g.new_bot("greedy").unwrap();
        let mut rng = Rng::new(5);
        let mut outs = 0;
        for i in 0..40 {
            let mut st = g.new_initial_state();
            let mut steps = 0;
            while !st.is_terminal() {
                assert_eq!(total_cards(&st), 162, "{st}");
                let a = match st.current_player() {
                    Player::Chance => st.sample_chance(&mut rng),
                    Player::Seat(p) if i % 2 == 0 || p % 2 == 1 => st.random_action(&mut rng),
                    _ => bot.act(&st, &mut rng),
                };
                st.apply_action(a).unwrap_or_else(|e| panic!("{e}\n{st}"));
                steps += 1;
                assert!(steps <= g.max_game_length());
            }
            outs += st.went_out_seat().is_some() as usize;
        }
        eprintln!("{spec:?}: {outs} of 40 went out");
    }
}
