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

    /// One SplitMix64 output from `state`, by rand_xoshiro's published SplitMix64.
    fn reference_splitmix64(state: u64) -> u64 {
        use rand_core::{RngCore, SeedableRng};
        rand_xoshiro::SplitMix64::from_seed(state.to_le_bytes()).next_u64()
    }

    #[test]
    fn splitmix64_is_the_published_step() {
        for z in [0u64, 1, 42, 0x5851_F42D_4C95_7F2D, u64::MAX] {
            assert_eq!(splitmix64(z), reference_splitmix64(z), "{z:#x}");
        }
    }

    #[test]
    fn a_game_stream_is_the_published_generator_seeded_as_documented() {
        // Game `index` under `seed` is Xoshiro256++ seeded (rand's `seed_from_u64`) with
        // SplitMix64(seed xor SplitMix64(index + 0x5851F42D4C957F2D)): the derivation every seeded
        // result (simulate, VectorEnv, records) depends on, so it must never change.
        use rand_core::{RngCore, SeedableRng};
        for (seed, index) in [(0u64, 0u64), (7, 0), (7, 1), (7, 12_345), (u64::MAX, 3)] {
            let key =
                reference_splitmix64(seed ^ reference_splitmix64(index.wrapping_add(0x5851_F42D_4C95_7F2D)));
            let mut reference = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(key);
            let mut ours = Rng::for_stream(seed, index);
            for _ in 0..10 {
                assert_eq!(
                    ours.next_u64(),
                    reference.next_u64(),
                    "seed {seed}, index {index}"
                );
            }
        }
    }

    #[test]
    fn an_all_zero_state_becomes_the_stream_of_seed_0() {
        // Xoshiro's all-zero state is a fixed point (zeros for ever): refused, replaced by seed 0.
        let mut r = Rng::from_state([0; 4]);
        let mut zero = Rng::new(0);
        assert_eq!(r.state(), zero.state());
        assert_ne!(r.next_u64(), 0);
        assert_eq!(r.next_u64(), {
            zero.next_u64();
            zero.next_u64()
        });
    }

    #[test]
    fn unit_takes_the_top_53_bits_as_a_fraction_in_0_1() {
        // The usual conversion (as rand's `Standard` f64): the top 53 bits of a word over 2^53.
        use rand_core::{RngCore, SeedableRng};
        let mut ours = Rng::new(5);
        let mut reference = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
        let (mut low, mut high, mut sum) = (1.0f64, 0.0f64, 0.0f64);
        for _ in 0..10_000 {
            let u = ours.unit();
            let w = reference.next_u64();
            assert_eq!(u, (w >> 11) as f64 / 9_007_199_254_740_992.0);
            assert!((0.0..1.0).contains(&u), "{u}");
            (low, high, sum) = (low.min(u), high.max(u), sum + u);
        }
        assert!(low < 0.001 && high > 0.999, "{low} {high}");
        assert!((sum / 10_000.0 - 0.5).abs() < 0.01, "mean {}", sum / 10_000.0);
    }

    #[test]
    fn below_is_the_multiply_shift_of_the_top_32_bits() {
        // Lemire's map of the word's top 32 bits: floor(top32 * n / 2^32).
        use rand_core::{RngCore, SeedableRng};
        let mut ours = Rng::new(11);
        let mut reference = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
        for n in [1u32, 2, 3, 52, 108, u32::MAX] {
            for _ in 0..100 {
                let top = reference.next_u64() >> 32;
                assert_eq!(ours.below(n) as u128, (top as u128 * n as u128) >> 32, "n {n}");
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
