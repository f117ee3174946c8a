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
    /// overrides applied before the explicit pairs (explicit keys win).
    pub fn resolve(
        specs: &[ParamSpec],
        raw: &[(String, String)],
        presets: &[(&str, &[(&str, &str)])],
    ) -> Result<Params> {
        let mut out = Params {
            entries: specs
                .iter()
                .map(|s| (s.name.to_string(), s.default.value()))
                .collect(),
        };
        for (k, _) in raw {
            if !specs.iter().any(|s| s.name == k) {
                let known: Vec<&str> = specs.iter().map(|s| s.name).collect();
                return Err(LudoError::param(
                    k,
                    format!("unknown parameter; this game takes: {}", known.join(", ")),
                ));
            }
        }
        if let Some((_, ruleset)) = raw.iter().find(|(k, _)| k == "ruleset") {
            if let Some((_, overrides)) = presets.iter().find(|(name, _)| *name == ruleset.as_str()) {
                for (k, v) in overrides.iter() {
                    out.set_checked(specs, k, v)?;
                }
            }
        }
        for (k, v) in raw {
            out.set_checked(specs, k, v)?;
        }
        Ok(out)
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

    /// A boolean parameter (declared by the game, so present).
    pub fn bool(&self, key: &str) -> bool {
        matches!(self.get(key), Some(Value::Bool(true)))
    }
    /// An integer parameter.
    pub fn int(&self, key: &str) -> i64 {
        match self.get(key) {
            Some(Value::Int(i)) => *i,
            _ => 0,
        }
    }
    /// A float parameter.
    pub fn float(&self, key: &str) -> f64 {
        match self.get(key) {
            Some(Value::Float(x)) => *x,
            Some(Value::Int(i)) => *i as f64,
            _ => 0.0,
        }
    }
    /// A word parameter.
    pub fn str(&self, key: &str) -> &str {
        match self.get(key) {
            Some(Value::Str(s)) => s,
            _ => "",
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

    /// The canonical game string: every parameter that differs from its default, in declaration order.
    pub fn game_string(&self, name: &str, specs: &[ParamSpec]) -> String {
        let parts: Vec<String> = self
            .entries
            .iter()
            .zip(specs)
            .filter(|((_, v), s)| *v != s.default.value())
            .map(|((k, v), _)| format!("{k}={v}"))
            .collect();
        if parts.is_empty() {
            name.to_string()
        } else {
            format!("{name}({})", parts.join(","))
        }
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
                Err(bad(format!("{raw:?} is not one of: {}", options.join(", "))))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(p.game_string("briscola", SPECS), "briscola(players=4,flag=true)");
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
