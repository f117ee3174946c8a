//! The state text format (`State.serialize()`, pickling, `ludoteca.deserialize_state`) and replaying
//! it onto a game:
//!
//! ```text
//! ludoteca-state 2
//! game briscola(players=4)
//! rules 1                                            (the game's rules version, `Game.version`)
//! chance rng 0123456789abcdef 0123456789abcdef 0123456789abcdef 0123456789abcdef   (or: explicit)
//! setup <one line, \ and newlines escaped>                                       (only if set up)
//! history 12 7 40 3
//! ending <text>                                              (only for an ending outside the actions)
//! ```
//!
//! The `rules` line makes a text written under other rules refuse to load (its action ids may mean
//! other moves) instead of replaying into a different game; texts of format 1, which had no such line,
//! still load.
//!
//! A seeded state is the pair (state, its chance stream): the stream's four words are written after
//! the replay, so chance continues exactly where it was. The Python layer only converts.

use crate::core::game::{Action, Setup};
use crate::core::rng::Rng;
use crate::dynamic::{DynGame, DynState};
use crate::error::{LudoError, Result};

/// The first line of every serialised state.
pub const HEADER: &str = "ludoteca-state 2";
/// The first line of the format before the `rules` line (still read).
const HEADER_V1: &str = "ludoteca-state 1";

/// The parsed (or to be written) text of a serialised state.
// Non-exhaustive: a later format may add a line (as format 2 added `rules`) without breaking users.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct StateText {
    /// The canonical game string.
    pub game: String,
    /// The game's rules version the text was written under (`None`: format 1, which had none).
    pub rules: Option<u32>,
    /// The chance stream's state (a seeded state), or `None` for explicit chance.
    pub rng: Option<[u64; 4]>,
    /// The setup position (`State.setup()`), if the game did not start from its own initial state.
    pub setup: Option<String>,
    /// Every action since the start (or the setup).
    pub history: Vec<Action>,
    /// How the game ended outside its actions (a resignation), applied after the history.
    pub ending: Option<String>,
}

/// A state with its chance stream: `rng` is `Some` for a seeded state (chance resolved from it).
#[non_exhaustive]
pub struct Seeded {
    /// The state.
    pub state: Box<dyn DynState>,
    /// Its chance stream (`None`: explicit chance).
    pub rng: Option<Rng>,
}

impl StateText {
    /// The text of `state` of `game` with its chance stream. A state that no setup and history can
    /// rebuild (a determinised sample) is an `InvalidParameter` error naming why.
    pub fn of(game: &dyn DynGame, state: &dyn DynState, rng: Option<&Rng>) -> Result<StateText> {
        let setup = match state.setup() {
            Setup::Standard => None,
            Setup::Text(t) => Some(t),
            Setup::Unrepresentable(why) => {
                return Err(LudoError::param("state", format!("cannot be serialised: {why}")));
            }
        };
        Ok(StateText {
            game: game.game_string(),
            rules: Some(game.info().version),
            rng: rng.map(Rng::state),
            setup,
            history: state.history().to_vec(),
            ending: state.ending(),
        })
    }

    /// The text form.
    pub fn write(&self) -> String {
        let chance = match self.rng {
            None => "explicit".to_string(),
            Some(s) => format!("rng {:016x} {:016x} {:016x} {:016x}", s[0], s[1], s[2], s[3]),
        };
        let setup = self
            .setup
            .as_ref()
            .map(|t| format!("setup {}\n", t.replace('\\', "\\\\").replace('\n', "\\n")))
            .unwrap_or_default();
        let hist: Vec<String> = self.history.iter().map(|a| a.to_string()).collect();
        let ending = self
            .ending
            .as_ref()
            .map(|e| format!("ending {e}\n"))
            .unwrap_or_default();
        let (header, rules) = match self.rules {
            Some(v) => (HEADER, format!("rules {v}\n")),
            None => (HEADER_V1, String::new()),
        };
        format!(
            "{header}\ngame {}\n{rules}chance {chance}\n{setup}history {}\n{ending}",
            self.game,
            hist.join(" ")
        )
    }

    /// Parses the text form; malformed text is a `Parse` error saying what is wrong.
    pub fn parse(text: &str) -> Result<StateText> {
        let bad = |why: &str| {
            LudoError::parse(
                "serialized state",
                text.lines().next().unwrap_or(""),
                why.to_string(),
            )
        };
        let lines: Vec<&str> = text.lines().collect();
        let with_rules = match lines.first().map(|l| l.trim()) {
            Some(HEADER) => true,
            Some(HEADER_V1) => false,
            _ => return Err(bad("the first line must be 'ludoteca-state 2' (or 1)")),
        };
        let mut at = 1;
        let mut field = |key: &str, optional: bool| -> Result<Option<String>> {
            let line = match lines.get(at) {
                Some(line) => line,
                None if optional => return Ok(None),
                None => return Err(bad(&format!("missing the '{key}' line"))),
            };
            match line
                .strip_prefix(key)
                .filter(|v| v.is_empty() || v.starts_with(' '))
            {
                Some(v) => {
                    at += 1;
                    Ok(Some(v.trim().to_string()))
                }
                None if optional => Ok(None),
                None => Err(bad(&format!("expected a '{key}' line"))),
            }
        };
        let game = field("game", false)?.unwrap_or_default();
        let rules = match with_rules {
            true => {
                let v = field("rules", false)?.unwrap_or_default();
                Some(
                    v.parse::<u32>()
                        .map_err(|_| bad("the 'rules' line is the game's rules version, a number"))?,
                )
            }
            false => None,
        };
        let chance = field("chance", false)?.unwrap_or_default();
        let setup = field("setup", true)?.map(|t| unescape(&t));
        let history = field("history", false)?.unwrap_or_default();
        let ending = field("ending", true)?;
        let rng = match chance.as_str() {
            "explicit" => None,
            c => {
                let words: Vec<&str> = c
                    .strip_prefix("rng")
                    .map(|w| w.split_whitespace().collect())
                    .unwrap_or_default();
                if words.len() != 4 {
                    return Err(bad("chance is 'explicit' or 'rng' and four hex words"));
                }
                let mut s = [0u64; 4];
                for (w, t) in s.iter_mut().zip(words) {
                    *w = u64::from_str_radix(t, 16).map_err(|_| bad("rng words are hexadecimal"))?;
                }
                Some(s)
            }
        };
        let history = history
            .split_whitespace()
            .map(|t| {
                t.parse::<Action>()
                    .map_err(|_| bad("history entries are action ids"))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(StateText {
            game,
            rules,
            rng,
            setup,
            history,
            ending,
        })
    }

    /// Replays the history on a fresh state of `game` (every action checked) and restores the
    /// chance stream after it, so future chance continues exactly where it was.
    pub fn replay(&self, game: &dyn DynGame) -> Result<Seeded> {
        let version = game.info().version;
        if let Some(written) = self.rules.filter(|&v| v != version) {
            return Err(LudoError::parse(
                "serialized state",
                &format!("rules {written}"),
                format!(
                    "written under {} rules version {written}; this ludoteca has version {version}, \
                     whose action ids may mean other moves",
                    game.info().short_name
                ),
            ));
        }
        let mut state = match &self.setup {
            Some(text) => game.new_state_from_setup(text)?,
            None => game.new_state(),
        };
        for (i, &a) in self.history.iter().enumerate() {
            state.apply_action(a).map_err(|e| {
                LudoError::parse("serialized state", &format!("history entry {i}"), e.to_string())
            })?;
        }
        if let Some(text) = &self.ending {
            state
                .apply_ending(text)
                .map_err(|e| LudoError::parse("serialized state", "ending", e.to_string()))?;
        }
        Ok(Seeded {
            state,
            rng: self.rng.map(Rng::from_state),
        })
    }
}

/// Undoes the escaping of the `setup` line (`\\` and `\n`).
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n') => out.push('\n'),
                Some(other) => out.push(other),
                None => out.push('\\'),
            },
            (c, false) => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::load_game;

    fn played(spec: &str, seed: u64, steps: usize) -> (Box<dyn DynGame>, Box<dyn DynState>, Rng) {
        let game = load_game(spec).unwrap();
        let mut state = game.new_state();
        let mut rng = Rng::new(seed);
        state.resolve_chance(&mut rng);
        for _ in 0..steps {
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            state
                .apply_action(legal[rng.below(legal.len() as u32) as usize])
                .unwrap();
            state.resolve_chance(&mut rng);
        }
        (game, state, rng)
    }

    #[test]
    fn text_round_trips_and_replays_to_the_same_state_and_stream() {
        for spec in ["briscola(players=5)", "zole(scope=match)", "go(board_size=5)"] {
            let (game, state, rng) = played(spec, 7, 25);
            let text = StateText::of(&*game, &*state, Some(&rng)).unwrap();
            let written = text.write();
            let rules = format!("\nrules {}\nchance ", game.info().version);
            assert!(written.starts_with("ludoteca-state 2\ngame "), "{written}");
            assert!(written.contains(&rules), "{written}");
            let parsed = StateText::parse(&written).unwrap();
            assert_eq!(parsed, text, "{spec}");
            let back = parsed.replay(&*game).unwrap();
            assert_eq!(back.state.history(), state.history(), "{spec}");
            assert_eq!(back.state.to_display(), state.to_display(), "{spec}");
            assert_eq!(back.rng.map(|r| r.state()), Some(rng.state()), "{spec}");
        }
    }

    #[test]
    fn explicit_chance_setup_escapes_and_endings_survive() {
        let text = StateText {
            game: "g".into(),
            rules: Some(4),
            rng: None,
            setup: Some("a\\b\nc".into()),
            history: vec![3, 1, 4],
            ending: Some("resign 1".into()),
        };
        let written = text.write();
        assert_eq!(
            written,
            "ludoteca-state 2\ngame g\nrules 4\nchance explicit\nsetup a\\\\b\\nc\nhistory 3 1 4\nending resign 1\n"
        );
        assert_eq!(StateText::parse(&written).unwrap(), text);
    }

    #[test]
    fn malformed_text_is_a_parse_error_that_says_why() {
        for (text, why) in [
            ("state 1\n", "first line"),
            ("ludoteca-state 1\n", "missing the 'game' line"),
            (
                "ludoteca-state 1\ngame g\nchance rng 1 2\nhistory\n",
                "four hex words",
            ),
            (
                "ludoteca-state 1\ngame g\nchance rng 1 2 3 zz\nhistory\n",
                "hexadecimal",
            ),
            (
                "ludoteca-state 1\ngame g\nchance explicit\nhistory 1 x\n",
                "action ids",
            ),
            ("ludoteca-state 1\ngame g\nchance explicit\n", "'history' line"),
            (
                "ludoteca-state 2\ngame g\nchance explicit\nhistory\n",
                "expected a 'rules' line",
            ),
            (
                "ludoteca-state 2\ngame g\nrules x\nchance explicit\nhistory\n",
                "rules version, a number",
            ),
        ] {
            let e = StateText::parse(text).unwrap_err().to_string();
            assert!(e.contains(why), "{text:?}: {e}");
        }
        // An illegal history entry is refused with its index.
        let game = load_game("briscola").unwrap();
        let bad = StateText {
            game: game.game_string(),
            rules: Some(game.info().version),
            rng: None,
            setup: None,
            history: vec![0, 0],
            ending: None,
        };
        let e = bad.replay(&*game).err().unwrap().to_string();
        assert!(e.contains("history entry 1"), "{e}");
    }

    #[test]
    fn a_text_of_other_rules_is_refused_and_format_1_still_loads() {
        let (game, state, rng) = played("briscola", 3, 5);
        let version = game.info().version;
        let mut text = StateText::of(&*game, &*state, Some(&rng)).unwrap();
        text.rules = Some(version + 1);
        let e = StateText::parse(&text.write())
            .unwrap()
            .replay(&*game)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains(&format!("rules version {}", version + 1)), "{e}");
        assert!(e.contains(&format!("has version {version}")), "{e}");
        // Format 1 (no rules line) is still read, and replays to the same state.
        text.rules = None;
        let written = text.write();
        assert!(
            written.starts_with("ludoteca-state 1\ngame briscola"),
            "{written}"
        );
        assert!(!written.contains("\nrules "), "{written}");
        let back = StateText::parse(&written).unwrap().replay(&*game).unwrap();
        assert_eq!(back.state.history(), state.history());
    }
}
