//! One module per game. Each exposes a type implementing [`crate::registry::Registered`].
pub mod briscola;
pub mod twenty_four;
pub mod go;
