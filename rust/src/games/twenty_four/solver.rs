//! The exact Twenty-Four solver: every way to combine four numbers with + − × ÷ and any parentheses,
//! in exact rational arithmetic, deduplicated up to commutativity and associativity.
//!
//! # What counts as a solution
//!
//! An expression in which each of the four numbers appears exactly once as an atom (no concatenation,
//! no unary minus), combined with the binary operators + − × ÷ under any parenthesisation, whose exact
//! value equals the target (default 24). Division by zero anywhere makes an expression invalid.
//! Intermediate results may be negative. With [`Intermediate::Rational`] (the default) they
//! may also be fractions; with [`Intermediate::Integer`] every intermediate value must be a whole number
//! (a house rule), judged on the printed form, which divides last (`a*b/c/d`): a
//! solution is accepted when some writing of it keeps every step whole, and dividing last is such a
//! writing whenever one exists.
//!
//! Two solutions are the same when they have the same canonical form, defined precisely in
//! [`super::canon`]: equal up to commutativity and associativity of + and ×, with − and ÷ read as
//! adding the opposite and multiplying by the inverse (so `a-(b-c)` = `a+c-b`), and with equal numbers
//! interchangeable. [`solve`] prints each solution in that canonical form with minimal parentheses.
//!
//! # Numbers and exactness
//!
//! Numbers are integers `0..=`[`MAX_NUMBER`] (10⁹); the target is any `i64`. Every subexpression over k
//! of the numbers has a numerator and denominator of absolute value at most `8·B⁴` (B the largest number;
//! by induction, `|a·d ± b·c| ≤ 2·C(k₁)C(k₂)·B^(k₁+k₂)` with C(1)=1, C(2)=2, C(3)=4, C(4)=8), so the solver
//! uses unreduced `i64` fractions when `B ≤ 10⁴` (`8·10¹⁶ < 2⁶³`) and `i128` ones up to 10⁹
//! (`8·10³⁶ < 2¹²⁷`): no intermediate can overflow, and the comparison with the target uses a checked
//! multiplication. Debug builds (the test suite) would panic on any overflow; tests run at the bound.
//!
//! # How it works
//!
//! A canonical tree over 4 distinct leaves is a sum or a product whose children are leaves or trees
//! of the other kind; there are 1,260 of them (630 sums, 630 products). They are built once as a DAG
//! of binary operations over the four (sorted) positions, sharing every subexpression (sums of the same
//! blocks, products of the same factors). When numbers repeat, templates that become the same solution
//! are dropped up front: for each of the 8 patterns of equal neighbours among the sorted numbers, only
//! one template per class-labelled canonical form is kept, with just the nodes it needs. Solving is
//! then one sweep over that program (no allocation, no gcd), and every kept root equal to the target is
//! a distinct solution.

use super::canon::{canonical, Expr, Op};
use crate::error::{LudoError, Result};
use std::sync::OnceLock;

/// Largest number accepted (see the module docs for why 10⁹ cannot overflow).
pub const MAX_NUMBER: u64 = 1_000_000_000;
/// Largest number for which the faster `i64` arithmetic is exact.
const SMALL_MAX: u64 = 10_000;
/// How many numbers a problem has.
pub const NUMBERS: usize = 4;

/// Whether intermediate results may be fractions.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Intermediate {
    /// Any rational (the standard rule).
    #[default]
    Rational,
    /// Whole numbers only (house rule; negative values still allowed).
    Integer,
}

impl Intermediate {
    /// Parses `"rational"` or `"integer"`.
    pub fn parse(text: &str) -> Result<Intermediate> {
        match text.trim().to_ascii_lowercase().as_str() {
            "rational" | "fractions" => Ok(Intermediate::Rational),
            "integer" | "integers" => Ok(Intermediate::Integer),
            _ => Err(LudoError::param(
                "intermediate",
                format!("{text:?} is not one of: rational, integer"),
            )),
        }
    }
}

/// Target and arithmetic rule of a problem.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// The value to reach (24).
    pub target: i64,
    /// Whether fractions are allowed along the way.
    pub intermediate: Intermediate,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            target: 24,
            intermediate: Intermediate::Rational,
        }
    }
}

impl Options {
    /// Options for `target` with fractions allowed.
    pub fn target(target: i64) -> Self {
        Options {
            target,
            ..Options::default()
        }
    }
}

// ---------------------------------------------------------------------------------------------------
// The plan: a DAG of binary operations over the four sorted positions.

const LEAF: u8 = 0;
const ADD: u8 = 1;
const SUB: u8 = 2;
const MUL: u8 = 3;
const DIV: u8 = 4;

#[derive(Copy, Clone, Debug)]
struct Node {
    op: u8,
    /// Left operand node, or the position for a leaf.
    a: u16,
    b: u16,
}

/// The templates kept for one pattern of equal neighbours, and the nodes they need in evaluation order.
#[derive(Debug, Default)]
struct Pattern {
    /// Root node of each kept template.
    roots: Vec<u16>,
    /// Template index (into `Plan::all_roots`) of each kept template.
    templates: Vec<u16>,
    program: Vec<u16>,
}

#[derive(Debug)]
struct Plan {
    nodes: Vec<Node>,
    /// Every canonical template over 4 distinct leaves, in enumeration order.
    all_roots: Vec<u16>,
    /// Indexed by `pattern_of(sorted numbers)`.
    patterns: Vec<Pattern>,
}

fn plan() -> &'static Plan {
    static PLAN: OnceLock<Plan> = OnceLock::new();
    PLAN.get_or_init(build_plan)
}

fn build_plan() -> Plan {
    let mut nodes: Vec<Node> = Vec::new();
    let mut push = |op: u8, a: u16, b: u16| {
        nodes.push(Node { op, a, b });
        (nodes.len() - 1) as u16
    };
    const M: usize = 1 << NUMBERS;
    // Per subset of positions: trees whose root is not a sum (leaf or product), not a product (leaf or
    // sum), and unsigned sums / products of one or more such blocks.
    let mut nonsum = vec![Vec::new(); M];
    let mut nonprod = vec![Vec::new(); M];
    let mut sums = vec![Vec::new(); M];
    let mut prods = vec![Vec::new(); M];
    let mut masks: Vec<usize> = (1..M).collect();
    masks.sort_by_key(|m| m.count_ones());
    for &mask in &masks {
        if mask.count_ones() == 1 {
            let id = push(LEAF, mask.trailing_zeros() as u16, 0);
            for list in [&mut nonsum, &mut nonprod, &mut sums, &mut prods] {
                list[mask] = vec![id];
            }
            continue;
        }
        let low = mask & mask.wrapping_neg();
        let proper = |sub: usize| sub != 0 && sub != mask && sub & mask == sub;
        // Two or more blocks: the block holding the lowest position, then the blocks of the rest.
        let (mut sum2, mut prod2) = (Vec::new(), Vec::new());
        for block in (1..mask).filter(|&s| proper(s) && s & low != 0) {
            let rest = mask ^ block;
            for &n in &nonsum[block] {
                for &u in &sums[rest] {
                    sum2.push(push(ADD, n, u));
                }
            }
            for &n in &nonprod[block] {
                for &u in &prods[rest] {
                    prod2.push(push(MUL, n, u));
                }
            }
        }
        // Roots: a plain sum of ≥2 blocks, or (added blocks) − (subtracted blocks); same for products.
        let (mut sum_roots, mut prod_roots) = (sum2.clone(), prod2.clone());
        for plus in (1..mask).filter(|&s| proper(s)) {
            let minus = mask ^ plus;
            for &p in &sums[plus] {
                for &q in &sums[minus] {
                    sum_roots.push(push(SUB, p, q));
                }
            }
            for &p in &prods[plus] {
                for &q in &prods[minus] {
                    prod_roots.push(push(DIV, p, q));
                }
            }
        }
        nonsum[mask] = prod_roots.clone();
        nonprod[mask] = sum_roots.clone();
        sums[mask] = [sum2, prod_roots.clone()].concat();
        prods[mask] = [prod2, sum_roots.clone()].concat();
    }
    let all_roots = [nonprod[M - 1].clone(), nonsum[M - 1].clone()].concat();
    let patterns = (0..1 << (NUMBERS - 1))
        .map(|p| pattern(&nodes, &all_roots, p))
        .collect();
    Plan {
        nodes,
        all_roots,
        patterns,
    }
}

/// Pattern id of sorted numbers: bit i set when `sorted[i] == sorted[i + 1]`.
fn pattern_of(sorted: &[u64; NUMBERS]) -> usize {
    (0..NUMBERS - 1)
        .filter(|&i| sorted[i] == sorted[i + 1])
        .map(|i| 1 << i)
        .sum()
}

fn to_expr(nodes: &[Node], id: u16, leaves: &[u64; NUMBERS]) -> Expr {
    let n = nodes[id as usize];
    let op = match n.op {
        LEAF => return Expr::Num(leaves[n.a as usize]),
        ADD => Op::Add,
        SUB => Op::Sub,
        MUL => Op::Mul,
        _ => Op::Div,
    };
    Expr::bin(op, to_expr(nodes, n.a, leaves), to_expr(nodes, n.b, leaves))
}

fn pattern(nodes: &[Node], all_roots: &[u16], pattern: usize) -> Pattern {
    // Label each position by its class of equal numbers; templates equal after labelling are one solution.
    let mut labels = [1u64; NUMBERS];
    for i in 1..NUMBERS {
        labels[i] = labels[i - 1] + u64::from(pattern & (1 << (i - 1)) == 0);
    }
    let mut seen = std::collections::HashSet::new();
    let templates: Vec<u16> = (0..all_roots.len() as u16)
        .filter(|&k| seen.insert(canonical(&to_expr(nodes, all_roots[k as usize], &labels)).text))
        .collect();
    let roots: Vec<u16> = templates.iter().map(|&k| all_roots[k as usize]).collect();
    let mut needed = vec![false; nodes.len()];
    let mut stack = roots.clone();
    while let Some(id) = stack.pop() {
        if !std::mem::replace(&mut needed[id as usize], true) && nodes[id as usize].op != LEAF {
            stack.extend([nodes[id as usize].a, nodes[id as usize].b]);
        }
    }
    let program = (0..nodes.len() as u16).filter(|&i| needed[i as usize]).collect();
    Pattern {
        roots,
        templates,
        program,
    }
}

// ---------------------------------------------------------------------------------------------------
// Arithmetic: unreduced fractions `[num, den]` (den 0 = invalid) or whole numbers `[value, valid]`.

trait Word:
    Copy
    + Default
    + PartialEq
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
    + std::ops::Rem<Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    fn from_u64(x: u64) -> Self;
    fn from_bool(x: bool) -> Self;
    /// `target × x`, `None` on overflow.
    fn times_target(target: i64, x: Self) -> Option<Self>;
    fn eq_target(self, target: i64) -> bool;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline]
            fn from_u64(x: u64) -> Self {
                x as $t
            }
            #[inline]
            fn from_bool(x: bool) -> Self {
                x as $t
            }
            #[inline]
            fn times_target(target: i64, x: Self) -> Option<Self> {
                (target as $t).checked_mul(x)
            }
            #[inline]
            fn eq_target(self, target: i64) -> bool {
                self == target as $t
            }
        }
    };
}
word!(i64);
word!(i128);

trait Arith {
    type W: Word;
    fn leaf(x: u64) -> [Self::W; 2];
    fn op(op: u8, a: [Self::W; 2], b: [Self::W; 2]) -> [Self::W; 2];
    fn hits(v: [Self::W; 2], target: i64) -> bool;
}

struct Frac<W>(std::marker::PhantomData<W>);
struct Whole<W>(std::marker::PhantomData<W>);

impl<W: Word> Arith for Frac<W> {
    type W = W;
    #[inline]
    fn leaf(x: u64) -> [W; 2] {
        [W::from_u64(x), W::ONE]
    }
    #[inline(always)]
    fn op(op: u8, [an, ad]: [W; 2], [bn, bd]: [W; 2]) -> [W; 2] {
        match op {
            ADD => [an * bd + bn * ad, ad * bd],
            SUB => [an * bd - bn * ad, ad * bd],
            MUL => [an * bn, ad * bd],
            // Dividing by zero (bn = 0) gives den 0; an invalid divisor (bd = 0) must too.
            _ => [an * bd, ad * bn * W::from_bool(bd != W::ZERO)],
        }
    }
    #[inline]
    fn hits([n, d]: [W; 2], target: i64) -> bool {
        d != W::ZERO && W::times_target(target, d) == Some(n)
    }
}

impl<W: Word> Arith for Whole<W> {
    type W = W;
    #[inline]
    fn leaf(x: u64) -> [W; 2] {
        [W::from_u64(x), W::ONE]
    }
    #[inline(always)]
    fn op(op: u8, [a, av]: [W; 2], [b, bv]: [W; 2]) -> [W; 2] {
        match op {
            ADD => [a + b, av * bv],
            SUB => [a - b, av * bv],
            MUL => [a * b, av * bv],
            _ => {
                if b == W::ZERO || a % b != W::ZERO {
                    [W::ZERO, W::ZERO]
                } else {
                    [a / b, av * bv]
                }
            }
        }
    }
    #[inline]
    fn hits([v, ok]: [W; 2], target: i64) -> bool {
        ok != W::ZERO && v.eq_target(target)
    }
}

/// Evaluates the pattern's program, then calls `visit` with the template index of each kept root equal
/// to the target, in enumeration order, until `visit` returns false.
#[inline]
fn sweep<A: Arith>(
    plan: &Plan,
    pat: &Pattern,
    leaves: &[u64; NUMBERS],
    target: i64,
    vals: &mut Vec<[A::W; 2]>,
    mut visit: impl FnMut(u16) -> bool,
) {
    vals.resize(plan.nodes.len(), [A::W::ZERO; 2]);
    let vals = &mut vals[..];
    for &i in &pat.program {
        let n = plan.nodes[i as usize];
        vals[i as usize] = if n.op == LEAF {
            A::leaf(leaves[n.a as usize])
        } else {
            A::op(n.op, vals[n.a as usize], vals[n.b as usize])
        };
    }
    for (&r, &k) in pat.roots.iter().zip(&pat.templates) {
        if A::hits(vals[r as usize], target) && !visit(k) {
            return;
        }
    }
}

/// A solver with its scratch buffers: reuse one for many problems to allocate nothing per problem.
#[derive(Debug, Default, Clone)]
pub struct Solver {
    small: Vec<[i64; 2]>,
    large: Vec<[i128; 2]>,
}

/// Checks and sorts the numbers.
pub fn sorted_numbers(numbers: &[u64]) -> Result<[u64; NUMBERS]> {
    let mut s: [u64; NUMBERS] = numbers.try_into().map_err(|_| {
        LudoError::param(
            "numbers",
            format!(
                "a Twenty-Four problem has exactly {NUMBERS} numbers, got {}",
                numbers.len()
            ),
        )
    })?;
    if let Some(&big) = s.iter().find(|&&x| x > MAX_NUMBER) {
        return Err(LudoError::param(
            "numbers",
            format!("{big} is larger than the supported maximum {MAX_NUMBER}"),
        ));
    }
    s.sort_unstable();
    Ok(s)
}

impl Solver {
    /// A solver with empty scratch space (it grows on first use).
    pub fn new() -> Self {
        Solver::default()
    }

    /// Calls `visit(template)` for each distinct solution until it returns false.
    fn each(&mut self, sorted: &[u64; NUMBERS], opts: &Options, visit: impl FnMut(u16) -> bool) {
        let plan = plan();
        let pat = &plan.patterns[pattern_of(sorted)];
        let t = opts.target;
        match (sorted[NUMBERS - 1] <= SMALL_MAX, opts.intermediate) {
            (true, Intermediate::Rational) => {
                sweep::<Frac<i64>>(plan, pat, sorted, t, &mut self.small, visit)
            }
            (true, Intermediate::Integer) => {
                sweep::<Whole<i64>>(plan, pat, sorted, t, &mut self.small, visit)
            }
            (false, Intermediate::Rational) => {
                sweep::<Frac<i128>>(plan, pat, sorted, t, &mut self.large, visit)
            }
            (false, Intermediate::Integer) => {
                sweep::<Whole<i128>>(plan, pat, sorted, t, &mut self.large, visit)
            }
        }
    }

    /// Number of distinct solutions (0 when unsolvable). Allocation-free after the first call.
    pub fn count_solutions(&mut self, numbers: &[u64], opts: &Options) -> Result<u32> {
        let s = sorted_numbers(numbers)?;
        let mut n = 0;
        self.each(&s, opts, |_| {
            n += 1;
            true
        });
        Ok(n)
    }

    /// Whether any solution exists (stops at the first).
    pub fn is_solvable(&mut self, numbers: &[u64], opts: &Options) -> Result<bool> {
        let s = sorted_numbers(numbers)?;
        let mut found = false;
        self.each(&s, opts, |_| {
            found = true;
            false
        });
        Ok(found)
    }

    /// The first solution in enumeration order (sums before products), printed canonically.
    pub fn first_solution(&mut self, numbers: &[u64], opts: &Options) -> Result<Option<String>> {
        let s = sorted_numbers(numbers)?;
        let mut first = None;
        self.each(&s, opts, |r| {
            first = Some(r);
            false
        });
        Ok(first.map(|k| template_text(k, &s)))
    }

    /// Every distinct solution, printed canonically (see [`super::canon`]), sorted by number of
    /// parentheses, then length, then text.
    pub fn solve(&mut self, numbers: &[u64], opts: &Options) -> Result<Vec<String>> {
        let s = sorted_numbers(numbers)?;
        let mut roots = Vec::new();
        self.each(&s, opts, |r| {
            roots.push(r);
            true
        });
        let mut out: Vec<String> = roots.into_iter().map(|k| template_text(k, &s)).collect();
        out.sort_by_cached_key(|t| (t.matches('(').count(), t.len(), t.clone()));
        Ok(out)
    }

    /// Template indices of every distinct solution of already sorted numbers, in enumeration order.
    pub fn solution_templates(&mut self, sorted: &[u64; NUMBERS], opts: &Options, out: &mut Vec<u16>) {
        out.clear();
        self.each(sorted, opts, |k| {
            out.push(k);
            true
        });
    }
}

/// The canonical text of template `k` over sorted numbers.
pub fn template_text(k: u16, sorted: &[u64; NUMBERS]) -> String {
    canonical(&template_expr(k, sorted)).text
}

/// Template `k` (an index `< TEMPLATES`) applied to sorted numbers, as a binary expression that divides
/// last (so evaluating it as written applies the integer-only rule exactly as the solver does).
pub fn template_expr(k: u16, sorted: &[u64; NUMBERS]) -> Expr {
    let p = plan();
    to_expr(&p.nodes, p.all_roots[k as usize], sorted)
}

/// Number of templates: canonical expressions over four distinct numbers.
pub const TEMPLATES: usize = 1260;

/// The templates kept for sorted numbers: one per distinct expression once equal numbers are
/// interchangeable (all 1,260 when the numbers differ), in enumeration order.
pub fn distinct_templates(sorted: &[u64; NUMBERS]) -> &'static [u16] {
    &plan().patterns[pattern_of(sorted)].templates
}

/// Name of template `k` with the sorted numbers as letters `a ≤ b ≤ c ≤ d` (`c*a-d-b`): a pure
/// function of `k`, used for action names.
pub fn template_name(k: u16) -> &'static str {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        (0..TEMPLATES as u16)
            .map(|k| {
                template_text(k, &[1, 2, 3, 4])
                    .chars()
                    .map(|c| match c {
                        '1'..='4' => (b'a' + (c as u8 - b'1')) as char,
                        c => c,
                    })
                    .collect()
            })
            .collect()
    });
    &names[k as usize]
}

/// Every distinct solution of `numbers` (see [`Solver::solve`]).
pub fn solve(numbers: &[u64], opts: &Options) -> Result<Vec<String>> {
    Solver::new().solve(numbers, opts)
}

/// Whether `numbers` can make the target.
pub fn is_solvable(numbers: &[u64], opts: &Options) -> Result<bool> {
    Solver::new().is_solvable(numbers, opts)
}

/// Number of distinct solutions.
pub fn count_solutions(numbers: &[u64], opts: &Options) -> Result<u32> {
    Solver::new().count_solutions(numbers, opts)
}

/// One solution, found by the fast path that stops at the first.
pub fn first_solution(numbers: &[u64], opts: &Options) -> Result<Option<String>> {
    Solver::new().first_solution(numbers, opts)
}

/// Number of canonical templates over four distinct numbers as built (1,260 = [`TEMPLATES`]).
pub fn template_count() -> usize {
    plan().all_roots.len()
}

/// Number of DAG nodes in the plan (for the docs' cost estimate).
pub fn node_count() -> usize {
    plan().nodes.len()
}

/// All templates over four distinct leaves `leaves`, as expressions (tests compare them with a brute
/// force enumeration).
pub fn templates(leaves: &[u64; NUMBERS]) -> Vec<Expr> {
    let p = plan();
    p.all_roots
        .iter()
        .map(|&r| to_expr(&p.nodes, r, leaves))
        .collect()
}

/// Classifies many problems at once: `solvable[i]` and `counts[i]` (distinct solutions) for row `i`.
/// Rows are checked first (every number `≤ MAX_NUMBER`; an error names the first bad row and changes
/// nothing), then solved in parallel on rayon's pool, one [`Solver`] per chunk, so nothing is allocated
/// per row.
pub fn solve_batch(
    rows: &[[u64; NUMBERS]],
    opts: &Options,
    solvable: &mut [bool],
    counts: &mut [u32],
) -> Result<()> {
    solve_batch_watched(rows, opts, solvable, counts, &crate::batch::Watch::default())
}

/// [`solve_batch`], counting solved rows in `watch` and stopping at the next chunk once it is cancelled
/// (Ctrl-C from Python; the partial output is then discarded by the caller).
pub fn solve_batch_watched(
    rows: &[[u64; NUMBERS]],
    opts: &Options,
    solvable: &mut [bool],
    counts: &mut [u32],
    watch: &crate::batch::Watch,
) -> Result<()> {
    use rayon::prelude::*;
    if solvable.len() != rows.len() || counts.len() != rows.len() {
        return Err(LudoError::Shape {
            expected: format!("output buffers of length {}", rows.len()),
            got: format!("{} and {}", solvable.len(), counts.len()),
        });
    }
    if let Some((i, row)) = rows
        .iter()
        .enumerate()
        .find(|(_, r)| r.iter().any(|&x| x > MAX_NUMBER))
    {
        return Err(LudoError::param(
            "numbers",
            format!("row {i} {row:?} has a number larger than {MAX_NUMBER}"),
        ));
    }
    const CHUNK: usize = 1024;
    rows.par_chunks(CHUNK)
        .zip(solvable.par_chunks_mut(CHUNK))
        .zip(counts.par_chunks_mut(CHUNK))
        .for_each(|((rows, ok), n)| {
            if watch.cancelled() {
                return;
            }
            let mut s = Solver::new();
            for ((row, ok), n) in rows.iter().zip(ok).zip(n) {
                let mut sorted = *row;
                sorted.sort_unstable();
                let mut c = 0;
                s.each(&sorted, opts, |_| {
                    c += 1;
                    true
                });
                *n = c;
                *ok = c > 0;
            }
            watch.add(rows.len() as u64);
        });
    Ok(())
}
