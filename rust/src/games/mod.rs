//! One module per game. Each exposes a type implementing [`crate::registry::Registered`].
pub mod briscola;
pub mod carioca;
pub mod east_west;
pub mod go;
pub mod kabu;
pub mod razz;
pub mod reversis;
pub mod samba;
pub mod schafkopf;
pub mod skelly;
pub mod solo;
pub mod tarok;
pub mod twenty_four;
pub mod tysiac;
pub mod xiangqi;
pub mod zole;
