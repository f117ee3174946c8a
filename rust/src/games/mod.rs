//! One module per game. Each exposes a type implementing [`crate::registry::Registered`].
pub mod briscola;
pub mod calabrasella;
pub mod carioca;
pub mod go;
pub mod razz;
pub mod samba;
pub mod schafkopf;
pub mod skelly;
pub mod solo;
pub mod tetka;
pub mod twenty_four;
pub mod xiangqi;
pub mod zole;
