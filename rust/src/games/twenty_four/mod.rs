//! Twenty-Four (the "24 game"): the exact solver, the claim checker and the 2- and 4-player game.
pub mod canon;
pub mod expr;
pub mod rational;
pub mod solver;
#[cfg(test)]
mod solver_tests;
