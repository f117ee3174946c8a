//! Extra-action ids: a game's non-card actions (bids, calls, claims, exchanges) as a list of kinds in
//! id order, grouped so that a kind's offset is its group's first id plus its index in the group.
//! Each parameter set lists only the kinds it can use, so ids stay dense, names stay a pure function
//! of the id, and looking an action up is constant time (an auction lists dozens of bids per turn).

use std::fmt::Debug;

/// Most groups a layout can hold.
pub const MAX_GROUPS: usize = 16;

/// One kind of extra action of a game (usually an enum with data: `Bid(points)`, `Call(card)`).
pub trait ActionKind: Copy + Eq + Debug {
    /// The group of a kind (below [`MAX_GROUPS`]) and its index inside the group: the kinds of a
    /// group are listed consecutively, in index order, so `offset = first id of group + index`.
    /// Out-of-range values (a bid of 130) may return any index: [`Layout::offset`] checks.
    fn group_and_index(self) -> (usize, u32);
}

/// The extra actions of one parameter set, in id (offset) order.
#[derive(Clone, Debug)]
pub struct Layout<K> {
    kinds: Vec<K>,
    /// First offset of each group, if the variant has it.
    first: [Option<u32>; MAX_GROUPS],
}

impl<K> Default for Layout<K> {
    fn default() -> Self {
        Layout {
            kinds: Vec::new(),
            first: [None; MAX_GROUPS],
        }
    }
}

impl<K: ActionKind> Layout<K> {
    /// A layout of `kinds` in offset order (each group's kinds consecutive, in index order).
    pub fn new(kinds: Vec<K>) -> Self {
        let mut first = [None; MAX_GROUPS];
        for (i, k) in kinds.iter().enumerate().rev() {
            first[k.group_and_index().0] = Some(i as u32);
        }
        let layout = Layout { kinds, first };
        debug_assert!(
            (0..layout.len() as u32).all(|i| layout.offset(layout.kind(i)) == Some(i)),
            "kinds of a group must be consecutive and in index order"
        );
        layout
    }
    /// Number of extra actions.
    pub fn len(&self) -> usize {
        self.kinds.len()
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }
    /// The action at an offset (`offset < len()`).
    pub fn kind(&self, offset: u32) -> K {
        self.kinds[offset as usize]
    }
    /// The offset of an action, if this variant has it (constant time).
    pub fn offset(&self, kind: K) -> Option<u32> {
        let (group, index) = kind.group_and_index();
        let offset = (*self.first.get(group)?)?.checked_add(index)?;
        // Out-of-range indices land on another kind or past the end.
        (self.kinds.get(offset as usize) == Some(&kind)).then_some(offset)
    }
    /// A sink that turns the kinds extended into it into offsets appended to `out` (kinds the variant
    /// lacks are skipped): legal-action lists without a temporary list of kinds.
    pub fn offsets_into<'a>(&'a self, out: &'a mut Vec<u32>) -> Offsets<'a, K> {
        Offsets { layout: self, out }
    }
}

/// See [`Layout::offsets_into`].
pub struct Offsets<'a, K> {
    layout: &'a Layout<K>,
    out: &'a mut Vec<u32>,
}

impl<K: ActionKind> Extend<K> for Offsets<'_, K> {
    fn extend<I: IntoIterator<Item = K>>(&mut self, kinds: I) {
        for kind in kinds {
            if let Some(offset) = self.layout.offset(kind) {
                self.out.push(offset);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Copy, Clone, Debug, PartialEq, Eq)]
    enum Toy {
        Pass,
        Bid(u8),
        Call(u8),
    }

    impl ActionKind for Toy {
        fn group_and_index(self) -> (usize, u32) {
            match self {
                Toy::Pass => (0, 0),
                Toy::Bid(p) => (1, p.wrapping_sub(10) as u32),
                Toy::Call(c) => (2, c as u32),
            }
        }
    }

    #[test]
    fn offsets_are_dense_and_inverse_to_kinds_and_absent_kinds_have_none() {
        let with_bids = Layout::new([Toy::Pass].into_iter().chain((10..15).map(Toy::Bid)).collect());
        assert_eq!(with_bids.len(), 6);
        assert_eq!(with_bids.offset(Toy::Bid(12)), Some(3));
        assert_eq!(with_bids.offset(Toy::Bid(15)), None, "past the group");
        assert_eq!(with_bids.offset(Toy::Bid(9)), None, "below the group");
        assert_eq!(with_bids.offset(Toy::Call(0)), None, "a group the variant lacks");
        let calls = Layout::new((0..3).map(Toy::Call).collect());
        assert_eq!(calls.offset(Toy::Call(2)), Some(2));
        assert_eq!(calls.offset(Toy::Pass), None);
        let mut out = Vec::new();
        with_bids
            .offsets_into(&mut out)
            .extend([Toy::Bid(14), Toy::Call(1), Toy::Pass]);
        assert_eq!(out, [5, 0]);
    }

    #[test]
    fn a_layout_of_no_kinds_is_empty_and_one_of_a_single_kind_is_not() {
        // A variant with no extra actions (a game played with cards alone) and one with only a pass.
        let none: Layout<Toy> = Layout::new(Vec::new());
        assert!(none.is_empty());
        assert_eq!(none.len(), 0);
        let pass = Layout::new(vec![Toy::Pass]);
        assert!(!pass.is_empty());
        assert_eq!(pass.len(), 1);
        assert!(Layout::<Toy>::default().is_empty());
    }
}
