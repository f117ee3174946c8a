//! The named, seedable PRNG used everywhere: Xoshiro256++, seeded through SplitMix64 exactly as
//! `rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64` does (a test checks the two streams are equal).
//!
//! `rand`'s `StdRng` may change between versions; this one is fixed by name, so a seed gives the same
//! game on every platform and version. The generator is written out here (ten lines) because a state
//! with seeded chance must be serialisable, and that needs the four words of the generator's state.

/// Seedable random stream (Xoshiro256++).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    s: [u64; 4],
}

/// SplitMix64 step, used to derive independent stream seeds from `(seed, index)`.
#[inline]
pub fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// A stream from a 64-bit seed.
    pub fn new(seed: u64) -> Self {
        // rand_core's seed_from_u64 for 64-bit words: successive SplitMix64 outputs.
        let mut z = seed;
        let mut s = [0u64; 4];
        for w in &mut s {
            *w = splitmix64(z);
            z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        }
        Rng { s }
    }

    /// The generator's internal state, for serialisation.
    pub fn state(&self) -> [u64; 4] {
        self.s
    }

    /// Rebuilds a generator from [`Rng::state`]. An all-zero state (which would stay zero) is replaced by
    /// the stream of seed 0.
    pub fn from_state(s: [u64; 4]) -> Self {
        if s == [0; 4] {
            Rng::new(0)
        } else {
            Rng { s }
        }
    }

    /// The stream of game (or environment) `index` under `seed`: independent of any other index,
    /// so results do not depend on how games are split across threads or processes.
    pub fn for_stream(seed: u64, index: u64) -> Self {
        Rng::new(splitmix64(
            seed ^ splitmix64(index.wrapping_add(0x5851_F42D_4C95_7F2D)),
        ))
    }

    /// Next raw 64 bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// Uniform integer in `0..n` (Lemire's multiply-shift; `n` must be > 0).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        (((self.next_u64() >> 32) * n as u64) >> 32) as u32
    }

    /// Uniform float in `[0, 1)`.
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let (mut a, mut b) = (Rng::new(42), Rng::new(42));
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
    }

    #[test]
    fn matches_the_published_xoshiro256plusplus() {
        use rand_core::{RngCore, SeedableRng};
        for seed in [0u64, 1, 42, u64::MAX] {
            let mut ours = Rng::new(seed);
            let mut reference = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
            for _ in 0..1000 {
                assert_eq!(ours.next_u64(), reference.next_u64());
            }
        }
    }

    #[test]
    fn state_round_trips() {
        let mut a = Rng::new(9);
        a.next_u64();
        let mut b = Rng::from_state(a.state());
        assert_eq!(a.next_u64(), b.next_u64());
    }

    #[test]
    fn streams_differ_by_index() {
        let a = Rng::for_stream(1, 0).next_u64();
        let b = Rng::for_stream(1, 1).next_u64();
        assert_ne!(a, b);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = Rng::new(3);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[r.below(7) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800 && c < 1200), "{seen:?}");
    }
}
