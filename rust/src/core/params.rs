//! Game strings (`"briscola(players=4,ruleset=american)"`, OpenSpiel syntax) and typed parameters.
//!
//! Each game declares its parameters as a list of [`ParamSpec`]; [`Params::resolve`] checks a parsed
//! game string against that list (unknown keys, wrong types, values outside the allowed set are
//! `InvalidParameter` errors) and fills in defaults, so games read typed values and never re-validate.

use crate::error::{LudoError, Result};
use std::fmt;

/// A parameter value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::Float(x) => write!(f, "{x}"),
            Value::Str(s) => write!(f, "{s}"),
        }
    }
}

/// The type and allowed values of one parameter.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Bool,
    /// Inclusive range.
    Int {
        min: i64,
        max: i64,
    },
    Float {
        min: f64,
        max: f64,
    },
    /// One of a fixed list of words.
    Choice(&'static [&'static str]),
}

/// Declaration of one parameter: name, type, default and a one-line doc.
#[derive(Clone, Copy, Debug)]
pub struct ParamSpec {
    pub name: &'static str,
    pub kind: Kind,
    pub default: DefaultValue,
    pub doc: &'static str,
}

/// One-line declarations for the parameter tables (`static PARAMS: &[ParamSpec]`), so that a game's
/// table reads as a list of names, ranges, defaults and docs rather than four struct fields each.
impl ParamSpec {
    /// A yes/no parameter.
    pub const fn flag(name: &'static str, default: bool, doc: &'static str) -> ParamSpec {
        ParamSpec {
            name,
            kind: Kind::Bool,
            default: DefaultValue::Bool(default),
            doc,
        }
    }
    /// A whole number in `min..=max`.
    pub const fn int(name: &'static str, min: i64, max: i64, default: i64, doc: &'static str) -> ParamSpec {
        ParamSpec {
            name,
            kind: Kind::Int { min, max },
            default: DefaultValue::Int(default),
            doc,
        }
    }
    /// One word of `choices` (the default must be one of them; the conformance tests check it).
    pub const fn choice(
        name: &'static str,
        choices: &'static [&'static str],
        default: &'static str,
        doc: &'static str,
    ) -> ParamSpec {
        ParamSpec {
            name,
            kind: Kind::Choice(choices),
            default: DefaultValue::Str(default),
            doc,
        }
    }
}

/// A compile-time default (a `Value` cannot be built in a `const`).
#[derive(Clone, Copy, Debug)]
pub enum DefaultValue {
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(&'static str),
}

impl DefaultValue {
    fn value(self) -> Value {
        match self {
            DefaultValue::Bool(b) => Value::Bool(b),
            DefaultValue::Int(i) => Value::Int(i),
            DefaultValue::Float(x) => Value::Float(x),
            DefaultValue::Str(s) => Value::Str(s.to_string()),
        }
    }
}

/// Parameters of a loaded game, in declaration order, every declared key present.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Params {
    entries: Vec<(String, Value)>,
}

impl Params {
    /// Splits `"name(k=v,...)"` into the name and raw (untyped) key/value pairs.
    pub fn parse_game_string(spec: &str) -> Result<(String, Vec<(String, String)>)> {
        let spec = spec.trim();
        let err = |reason: &str| LudoError::parse("game string", spec, reason);
        let (name, rest) = match spec.find('(') {
            None => (spec, None),
            Some(i) => {
                if !spec.ends_with(')') {
                    return Err(err("missing closing ')'"));
                }
                (&spec[..i], Some(&spec[i + 1..spec.len() - 1]))
            }
        };
        let name = name.trim();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(err(
                "a game name is letters, digits and '_', e.g. briscola(players=4)",
            ));
        }
        let mut pairs = Vec::new();
        if let Some(rest) = rest {
            for item in rest.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let Some((k, v)) = item.split_once('=') else {
                    return Err(err(&format!("parameter {item:?} is not key=value")));
                };
                let (k, v) = (k.trim(), v.trim());
                if k.is_empty() || v.is_empty() {
                    return Err(err(&format!("parameter {item:?} has an empty key or value")));
                }
                if pairs.iter().any(|(key, _): &(String, String)| key == k) {
                    return Err(err(&format!("parameter {k:?} given twice")));
                }
                pairs.push((k.to_string(), v.to_string()));
            }
        }
        Ok((name.to_ascii_lowercase(), pairs))
    }

    /// Checks raw pairs against `specs` and fills defaults. `presets` maps a `ruleset` name to
    /// overrides applied before the explicit pairs (explicit keys win). The preset of the ruleset in
    /// effect applies whether `ruleset` is given or left at its default, so `go` and
    /// `go(ruleset=japanese)` are the same game; preset names are matched in any case.
    pub fn resolve(
        specs: &[ParamSpec],
        raw: &[(String, String)],
        presets: &[(&str, &[(&str, &str)])],
    ) -> Result<Params> {
        let mut out = Params::defaults(specs);
        for (k, _) in raw {
            if !specs.iter().any(|s| s.name == k) {
                let known: Vec<&str> = specs.iter().map(|s| s.name).collect();
                let hint = did_you_mean(k, &known);
                return Err(LudoError::param(
                    k,
                    format!("unknown parameter{hint}; this game takes: {}", known.join(", ")),
                ));
            }
        }
        let ruleset = match raw.iter().find(|(k, _)| k == "ruleset") {
            Some((_, v)) => Some(v.to_ascii_lowercase()),
            None => out.get("ruleset").map(|v| v.to_string()),
        };
        if let Some(overrides) = ruleset.and_then(|r| preset(presets, &r)) {
            for (k, v) in overrides.iter() {
                out.set_checked(specs, k, v)?;
            }
        }
        for (k, v) in raw {
            out.set_checked(specs, k, v)?;
        }
        Ok(out)
    }

    /// Every parameter at its declared default (no preset applied).
    fn defaults(specs: &[ParamSpec]) -> Params {
        Params {
            entries: specs
                .iter()
                .map(|s| (s.name.to_string(), s.default.value()))
                .collect(),
        }
    }

    fn set_checked(&mut self, specs: &[ParamSpec], key: &str, raw: &str) -> Result<()> {
        let spec = specs
            .iter()
            .find(|s| s.name == key)
            .ok_or_else(|| LudoError::param(key, "unknown parameter"))?;
        let value = parse_value(spec, raw)?;
        let slot = self
            .entries
            .iter_mut()
            .find(|(k, _)| k == key)
            .expect("every spec has an entry");
        slot.1 = value;
        Ok(())
    }

    /// The value of a key the game declared. Reading an undeclared key (a typo, a parameter left out
    /// of the game's list) is a programming error: debug builds, and so every test, panic with the
    /// key; release builds read it as absent (false, 0, "").
    #[inline]
    fn declared(&self, key: &str) -> Option<&Value> {
        let v = self.get(key);
        debug_assert!(
            v.is_some(),
            "parameter `{key}` is read but not declared (declared: {:?})",
            self.entries.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>()
        );
        v
    }
    /// A boolean parameter (declared by the game, so present).
    pub fn bool(&self, key: &str) -> bool {
        let v = self.declared(key);
        debug_assert!(
            v.is_none() || matches!(v, Some(Value::Bool(_))),
            "parameter `{key}` is not a bool"
        );
        matches!(v, Some(Value::Bool(true)))
    }
    /// An integer parameter.
    pub fn int(&self, key: &str) -> i64 {
        match self.declared(key) {
            Some(Value::Int(i)) => *i,
            v => {
                debug_assert!(v.is_none(), "parameter `{key}` is not an integer");
                0
            }
        }
    }
    /// A float parameter.
    pub fn float(&self, key: &str) -> f64 {
        match self.declared(key) {
            Some(Value::Float(x)) => *x,
            Some(Value::Int(i)) => *i as f64,
            v => {
                debug_assert!(v.is_none(), "parameter `{key}` is not a number");
                0.0
            }
        }
    }
    /// A word parameter.
    pub fn str(&self, key: &str) -> &str {
        match self.declared(key) {
            Some(Value::Str(s)) => s,
            v => {
                debug_assert!(v.is_none(), "parameter `{key}` is not a word");
                ""
            }
        }
    }
    /// A choice parameter as the game's own type: `options` pairs every declared word with its
    /// value (`p.choice("ko_rule", &[("simple", Simple), ("positional_superko", Positional), ...])`),
    /// so the mapping is one table instead of a `match` whose `_ =>` arm silently swallows a word
    /// added to the declaration later. A declared word missing from `options` is a programming
    /// error: debug builds panic (the registry test loads every game with every declared choice);
    /// release builds take the first option.
    pub fn choice<T: Copy>(&self, key: &str, options: &[(&str, T)]) -> T {
        let word = self.str(key);
        match options.iter().find(|(w, _)| *w == word) {
            Some(&(_, v)) => v,
            None => {
                debug_assert!(
                    false,
                    "parameter `{key}`: the word {word:?} has no value in the game's table"
                );
                options[0].1
            }
        }
    }
    /// Raw value lookup.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
    /// All entries in declaration order.
    pub fn entries(&self) -> &[(String, Value)] {
        &self.entries
    }

    /// The canonical game string: the ruleset if it is not the default, then every parameter that
    /// differs from the value the ruleset's preset (or the default) gives it, in declaration order.
    /// `load_game` of this string resolves to exactly these parameters, overrides of a preset back to
    /// the default included (`schafkopf(ruleset=sheepshead,zero_sum=false)`).
    pub fn game_string(
        &self,
        name: &str,
        specs: &[ParamSpec],
        presets: &[(&str, &[(&str, &str)])],
    ) -> String {
        let mut baseline = Params::defaults(specs);
        if let Some(overrides) = self.get("ruleset").and_then(|r| preset(presets, &r.to_string())) {
            for (k, v) in overrides.iter() {
                // Presets are static and checked by the tests; a bad entry would only make the string
                // longer (the parameter written out), never wrong.
                let _ = baseline.set_checked(specs, k, v);
            }
        }
        let parts: Vec<String> = self
            .entries
            .iter()
            .zip(&baseline.entries)
            .filter(|((_, v), (_, base))| v != base)
            .map(|((k, v), _)| format!("{k}={v}"))
            .collect();
        if parts.is_empty() {
            name.to_string()
        } else {
            format!("{name}({})", parts.join(","))
        }
    }
}

/// The overrides of the preset called `name` (any case).
fn preset<'a>(presets: &[(&str, &'a [(&'a str, &'a str)])], name: &str) -> Option<&'a [(&'a str, &'a str)]> {
    presets
        .iter()
        .find(|(p, _)| p.eq_ignore_ascii_case(name))
        .map(|(_, o)| *o)
}

/// Levenshtein distance (in characters), for "did you mean".
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// The option closest to `word` (case-insensitive), if it is close enough to be a likely misspelling:
/// at most a third of the word's letters wrong (at least one), or `word` is a prefix of it.
pub fn closest<'a>(word: &str, options: &[&'a str]) -> Option<&'a str> {
    let w = word.to_ascii_lowercase();
    if w.is_empty() {
        return None;
    }
    let limit = (w.chars().count() / 3).max(1);
    options
        .iter()
        .map(|&o| (edit_distance(&w, &o.to_ascii_lowercase()), o))
        .filter(|&(d, o)| d <= limit || (w.len() >= 3 && o.to_ascii_lowercase().starts_with(&w)))
        .min_by_key(|&(d, _)| d)
        .map(|(_, o)| o)
}

/// `" (did you mean 'players'?)"`, or nothing when no option is close.
pub fn did_you_mean(word: &str, options: &[&str]) -> String {
    match closest(word, options) {
        // Keys and bot names are matched exactly, so the word in another case is worth pointing out.
        Some(o) if o != word => format!(" (did you mean {o:?}?)"),
        _ => String::new(),
    }
}

fn parse_value(spec: &ParamSpec, raw: &str) -> Result<Value> {
    let bad = |reason: String| LudoError::param(spec.name, reason);
    match spec.kind {
        Kind::Bool => match raw.to_ascii_lowercase().as_str() {
            "true" | "1" | "yes" | "on" => Ok(Value::Bool(true)),
            "false" | "0" | "no" | "off" => Ok(Value::Bool(false)),
            _ => Err(bad(format!("expected true or false, got {raw:?}"))),
        },
        Kind::Int { min, max } => {
            let i: i64 = raw
                .parse()
                .map_err(|_| bad(format!("expected an integer, got {raw:?}")))?;
            if i < min || i > max {
                return Err(bad(format!("{i} is outside {min}..={max}")));
            }
            Ok(Value::Int(i))
        }
        Kind::Float { min, max } => {
            let x: f64 = raw
                .parse()
                .map_err(|_| bad(format!("expected a number, got {raw:?}")))?;
            if !(x >= min && x <= max) {
                return Err(bad(format!("{x} is outside {min}..={max}")));
            }
            Ok(Value::Float(x))
        }
        Kind::Choice(options) => {
            let lower = raw.to_ascii_lowercase();
            if options.contains(&lower.as_str()) {
                Ok(Value::Str(lower))
            } else {
                let hint = did_you_mean(raw, options);
                Err(bad(format!(
                    "{raw:?} is not one of: {}{hint}",
                    options.join(", ")
                )))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_default_lies_in_its_range_or_choices() {
        for info in crate::registry::registered_games() {
            for p in info.params {
                let ok = match (p.kind, p.default) {
                    (Kind::Bool, DefaultValue::Bool(_)) => true,
                    (Kind::Int { min, max }, DefaultValue::Int(d)) => (min..=max).contains(&d),
                    (Kind::Float { min, max }, DefaultValue::Float(d)) => (min..=max).contains(&d),
                    (Kind::Choice(words), DefaultValue::Str(d)) => words.contains(&d),
                    _ => false,
                };
                assert!(
                    ok,
                    "{}: parameter {} has default {:?}",
                    info.short_name, p.name, p.default
                );
            }
        }
    }

    const SPECS: &[ParamSpec] = &[
        ParamSpec {
            name: "players",
            kind: Kind::Int { min: 2, max: 6 },
            default: DefaultValue::Int(2),
            doc: "",
        },
        ParamSpec {
            name: "ruleset",
            kind: Kind::Choice(&["seed", "x"]),
            default: DefaultValue::Str("seed"),
            doc: "",
        },
        ParamSpec {
            name: "flag",
            kind: Kind::Bool,
            default: DefaultValue::Bool(false),
            doc: "",
        },
    ];

    #[test]
    fn parses_and_resolves() {
        let (name, raw) = Params::parse_game_string(" Briscola(players=4, flag=true) ").unwrap();
        assert_eq!(name, "briscola");
        let p = Params::resolve(SPECS, &raw, &[]).unwrap();
        assert_eq!(p.int("players"), 4);
        assert!(p.bool("flag"));
        assert_eq!(p.str("ruleset"), "seed");
        assert_eq!(
            p.game_string("briscola", SPECS, &[]),
            "briscola(players=4,flag=true)"
        );
    }

    #[test]
    fn presets_apply_before_explicit_values() {
        let raw = vec![("ruleset".to_string(), "x".to_string())];
        let p = Params::resolve(SPECS, &raw, &[("x", &[("players", "4"), ("flag", "true")])]).unwrap();
        assert_eq!(p.int("players"), 4);
        let raw = vec![("ruleset".into(), "x".into()), ("players".into(), "3".into())];
        let p = Params::resolve(SPECS, &raw, &[("x", &[("players", "4")])]).unwrap();
        assert_eq!(p.int("players"), 3);
    }

    const PRESETS: &[(&str, &[(&str, &str)])] =
        &[("seed", &[]), ("x", &[("players", "4"), ("flag", "true")])];

    fn round_trip(spec: &str) -> (Params, String) {
        let (name, raw) = Params::parse_game_string(spec).unwrap();
        let p = Params::resolve(SPECS, &raw, PRESETS).unwrap();
        let text = p.game_string(&name, SPECS, PRESETS);
        let (_, raw2) = Params::parse_game_string(&text).unwrap();
        assert_eq!(
            Params::resolve(SPECS, &raw2, PRESETS).unwrap(),
            p,
            "{spec} -> {text}"
        );
        (p, text)
    }

    #[test]
    fn game_strings_keep_preset_overrides_set_back_to_the_default() {
        // Each override of the preset back to the declared default must be written out.
        assert_eq!(round_trip("g(ruleset=x,players=2)").1, "g(players=2,ruleset=x)");
        assert_eq!(round_trip("g(ruleset=x,flag=false)").1, "g(ruleset=x,flag=false)");
        assert_eq!(round_trip("g(ruleset=x,players=4,flag=true)").1, "g(ruleset=x)");
        assert_eq!(round_trip("g(ruleset=seed,players=3)").1, "g(players=3)");
        // Preset names in any case.
        let (p, text) = round_trip("g(ruleset=X)");
        assert_eq!((p.int("players"), p.bool("flag")), (4, true));
        assert_eq!(text, "g(ruleset=x)");
    }

    #[test]
    fn misspelled_names_get_a_suggestion() {
        let raw = vec![("player".to_string(), "4".to_string())];
        let e = Params::resolve(SPECS, &raw, &[]).unwrap_err().to_string();
        assert!(e.contains("did you mean \"players\""), "{e}");
        let raw = vec![("ruleset".to_string(), "sed".to_string())];
        let e = Params::resolve(SPECS, &raw, &[]).unwrap_err().to_string();
        assert!(e.contains("did you mean \"seed\""), "{e}");
        let raw = vec![("zzzzzz".to_string(), "4".to_string())];
        let e = Params::resolve(SPECS, &raw, &[]).unwrap_err().to_string();
        assert!(!e.contains("did you mean"), "nothing close: {e}");
        assert_eq!(closest("briscloa", &["briscola", "zole"]), Some("briscola"));
        assert_eq!(closest("xiangq", &["xiangqi", "jieqi"]), Some("xiangqi"));
        assert_eq!(closest("go", &["go", "rengo"]), Some("go"));
        assert_eq!(closest("chess", &["go", "rengo", "zole"]), None);
    }

    #[test]
    fn rejects_bad_input_with_reasons() {
        for bad in ["", "go(", "x(a)", "x(a=1,a=2)", "x y"] {
            assert!(Params::parse_game_string(bad).is_err(), "{bad}");
        }
        let raw = vec![("players".to_string(), "9".to_string())];
        let e = Params::resolve(SPECS, &raw, &[]).unwrap_err();
        assert!(e.to_string().contains("outside 2..=6"), "{e}");
        let raw = vec![("nope".to_string(), "1".to_string())];
        assert!(Params::resolve(SPECS, &raw, &[])
            .unwrap_err()
            .to_string()
            .contains("unknown parameter"));
    }
}

#[cfg(test)]
mod typed_tests {
    use super::*;

    const SPECS: &[ParamSpec] = &[
        ParamSpec {
            name: "rule",
            kind: Kind::Choice(&["simple", "super", "new"]),
            default: DefaultValue::Str("simple"),
            doc: "",
        },
        ParamSpec {
            name: "n",
            kind: Kind::Int { min: 0, max: 9 },
            default: DefaultValue::Int(3),
            doc: "",
        },
    ];

    fn params(raw: &[(&str, &str)]) -> Params {
        let raw: Vec<(String, String)> = raw.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Params::resolve(SPECS, &raw, &[]).unwrap()
    }

    #[derive(Copy, Clone, Debug, PartialEq)]
    enum Rule {
        Simple,
        Super,
        New,
    }

    #[test]
    fn choice_maps_every_word_through_the_table() {
        let table = [
            ("simple", Rule::Simple),
            ("super", Rule::Super),
            ("new", Rule::New),
        ];
        assert_eq!(params(&[]).choice("rule", &table), Rule::Simple);
        assert_eq!(params(&[("rule", "super")]).choice("rule", &table), Rule::Super);
        assert_eq!(params(&[("rule", "new")]).choice("rule", &table), Rule::New);
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "the word \"new\" has no value")]
    fn a_word_missing_from_the_table_is_caught_in_tests() {
        params(&[("rule", "new")]).choice("rule", &[("simple", Rule::Simple), ("super", Rule::Super)]);
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "parameter `m` is read but not declared")]
    fn reading_an_undeclared_key_is_caught_in_tests() {
        params(&[]).int("m");
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "parameter `rule` is not an integer")]
    fn reading_a_key_as_the_wrong_type_is_caught_in_tests() {
        params(&[]).int("rule");
    }

    #[test]
    fn declared_keys_read_their_values() {
        assert_eq!(params(&[("n", "7")]).int("n"), 7);
        assert_eq!(params(&[]).str("rule"), "simple");
        assert_eq!(params(&[]).float("n"), 3.0);
    }
}

/// The bounds of every value a user passes, each at its edge (the largest accepted value and the first
/// refused one), and the malformed parameter lists of a game string (issue #26).
#[cfg(test)]
mod edge_tests {
    use super::*;

    const SPECS: &[ParamSpec] = &[
        ParamSpec::int("players", 2, 6, 4, ""),
        ParamSpec {
            name: "side",
            kind: Kind::Float { min: 0.5, max: 10.0 },
            default: DefaultValue::Float(2.0),
            doc: "",
        },
    ];

    fn resolve(key: &str, value: &str) -> Result<Params> {
        Params::resolve(SPECS, &[(key.to_string(), value.to_string())], &[])
    }

    #[test]
    fn an_empty_key_or_value_is_refused_with_a_reason() {
        for bad in ["x(a=)", "x(=1)", "x(players=4, =)", "x(a= ,b=2)"] {
            let e = Params::parse_game_string(bad).unwrap_err().to_string();
            assert!(e.contains("empty key or value"), "{bad}: {e}");
        }
    }

    #[test]
    fn an_integer_is_accepted_up_to_each_bound_and_refused_one_past_it() {
        assert_eq!(resolve("players", "2").unwrap().int("players"), 2);
        assert_eq!(resolve("players", "6").unwrap().int("players"), 6);
        for (raw, msg) in [("1", "1 is outside 2..=6"), ("7", "7 is outside 2..=6")] {
            let e = resolve("players", raw).unwrap_err().to_string();
            assert!(e.contains("players") && e.contains(msg), "{raw}: {e}");
        }
    }

    #[test]
    fn a_number_is_accepted_up_to_each_bound_and_refused_past_it() {
        assert_eq!(resolve("side", "0.5").unwrap().float("side"), 0.5);
        assert_eq!(resolve("side", "10").unwrap().float("side"), 10.0);
        // Just past either bound, and the values no bound contains (f64 parses "nan" and "inf").
        for raw in ["0.49999", "10.00001", "-3", "nan", "inf", "-inf"] {
            let e = resolve("side", raw).unwrap_err().to_string();
            assert!(
                e.contains("side") && e.contains("is outside 0.5..=10"),
                "{raw}: {e}"
            );
        }
    }

    #[test]
    fn a_key_in_another_case_is_refused_and_the_hint_names_the_key() {
        let e = resolve("Players", "4").unwrap_err().to_string();
        assert!(e.contains("unknown parameter (did you mean \"players\"?)"), "{e}");
    }

    #[test]
    fn entries_list_every_declared_key_in_order_with_its_value() {
        // Only `side` given: `players` is still present, at its default, and first as declared.
        let p = resolve("side", "3.5").unwrap();
        assert_eq!(
            p.entries(),
            &[
                ("players".to_string(), Value::Int(4)),
                ("side".to_string(), Value::Float(3.5)),
            ]
        );
    }

    #[test]
    fn edit_distance_counts_single_letter_insertions_deletions_and_substitutions() {
        // Textbook Levenshtein distances: each insertion, deletion and substitution costs one.
        for (a, b, d) in [
            ("kitten", "sitting", 3),
            ("flaw", "lawn", 2),
            ("abc", "", 3),
            ("", "abc", 3),
            ("ab", "abc", 1),
            ("abc", "ab", 1),
            ("same", "same", 0),
        ] {
            assert_eq!(edit_distance(a, b), d, "{a:?} {b:?}");
        }
    }

    #[test]
    fn a_suggestion_allows_a_third_of_the_letters_wrong_or_a_prefix_of_three() {
        // Six letters: two edits are a likely misspelling, three are not.
        assert_eq!(closest("plaxer", &["players"]), Some("players"));
        assert_eq!(closest("plaxxr", &["players"]), None);
        // A prefix of three letters or more names the option; two letters are too few.
        assert_eq!(closest("bri", &["briscola", "zole"]), Some("briscola"));
        assert_eq!(closest("br", &["briscola", "zole"]), None);
    }

    #[test]
    fn no_suggestion_repeats_the_word_given_but_another_case_is_pointed_out() {
        // Parameter keys are matched exactly: `Players=4` is refused, and the hint names the key.
        assert_eq!(did_you_mean("players", &["players", "ruleset"]), "");
        assert_eq!(
            did_you_mean("PLAYERS", &["players", "ruleset"]),
            " (did you mean \"players\"?)"
        );
        assert_eq!(
            did_you_mean("plaxer", &["players", "ruleset"]),
            " (did you mean \"players\"?)"
        );
    }
}
