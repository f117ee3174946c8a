//! The solver against the published counts of solvable deals and against independent brute force.
//! (A unit-test module: Cargo.toml declares no integration-test directory under rust/tests yet.)

use crate::games::twenty_four::canon::{canonical, Expr, Op};
use crate::games::twenty_four::rational::Ratio;
use crate::games::twenty_four::solver::{self, Intermediate, Options, Solver, MAX_NUMBER};
use std::collections::BTreeSet;

const INT: Options = Options {
    target: 24,
    intermediate: Intermediate::Integer,
};

/// Every multiset of four values from `1..=hi`, with its number of deals from a deck holding each
/// value in four suits (∏ C(4, multiplicity)).
fn multisets(hi: u64) -> Vec<([u64; 4], u64)> {
    let mut out = Vec::new();
    for a in 1..=hi {
        for b in a..=hi {
            for c in b..=hi {
                for d in c..=hi {
                    let v = [a, b, c, d];
                    let weight = v
                        .iter()
                        .collect::<BTreeSet<_>>()
                        .iter()
                        .map(|x| match v.iter().filter(|y| y == x).count() {
                            1 => 4,
                            2 => 6,
                            3 => 4,
                            _ => 1,
                        })
                        .product();
                    out.push((v, weight));
                }
            }
        }
    }
    out
}

/// (solvable multisets, total multisets, solvable deals, total deals).
fn tally(hi: u64, opts: &Options) -> (usize, usize, u64, u64) {
    let mut s = Solver::new();
    let all = multisets(hi);
    let solvable: Vec<_> = all
        .iter()
        .filter(|(v, _)| s.is_solvable(v, opts).unwrap())
        .collect();
    (
        solvable.len(),
        all.len(),
        solvable.iter().map(|(_, w)| w).sum(),
        all.iter().map(|(_, w)| w).sum(),
    )
}

#[test]
fn published_counts_values_1_to_10() {
    let (n, total, deals, all_deals) = tally(10, &Options::default());
    assert_eq!((n, total), (566, 715));
    assert_eq!(all_deals, 91_390, "C(40,4)");
    assert_eq!(deals, 79_936);
    // The spec's "87.5 %" is this exact probability rounded: 39,968/45,695 = 0.874669...
    let p = Ratio::new(deals as i128, all_deals as i128).unwrap();
    assert_eq!((p.num(), p.den()), (39_968, 45_695));
    assert!(p > Ratio::new(8746, 10_000).unwrap() && p < Ratio::new(8747, 10_000).unwrap());
}

#[test]
fn published_counts_without_fractions() {
    let (n, _, deals, all_deals) = tally(10, &INT);
    assert_eq!(n, 556);
    assert_eq!((deals, all_deals), (78_916, 91_390));
}

#[test]
fn published_counts_values_1_to_13() {
    let (n, total, deals, all_deals) = tally(13, &Options::default());
    assert_eq!((n, total), (1362, 1820));
    assert_eq!((deals, all_deals), (217_817, 270_725));
}

#[test]
fn the_ten_fraction_only_sets() {
    let fraction_only: Vec<[u64; 4]> = multisets(10)
        .into_iter()
        .map(|(v, _)| v)
        .filter(|v| {
            solver::is_solvable(v, &Options::default()).unwrap() && !solver::is_solvable(v, &INT).unwrap()
        })
        .collect();
    let expected = [
        [1, 3, 4, 6],
        [1, 4, 5, 6],
        [1, 5, 5, 5],
        [1, 6, 6, 8],
        [2, 4, 10, 10],
        [2, 5, 5, 10],
        [2, 7, 7, 10],
        [3, 3, 7, 7],
        [3, 3, 8, 8],
        [4, 4, 7, 7],
    ];
    assert_eq!(fraction_only, expected);
    assert_eq!(
        solver::solve(&[3, 3, 8, 8], &Options::default()).unwrap(),
        vec!["8/(3-8/3)"]
    );
    assert_eq!(
        solver::solve(&[1, 3, 4, 6], &Options::default()).unwrap(),
        vec!["6/(1-3/4)"]
    );
}

#[test]
fn examples_from_the_rules() {
    let d = Options::default();
    for v in [
        [1, 1, 1, 1],
        [1, 1, 1, 2],
        [1, 1, 2, 2],
        [1, 2, 2, 2],
        [1, 1, 5, 9],
        [9, 9, 9, 9],
        [10, 10, 10, 10],
    ] {
        assert!(!solver::is_solvable(&v, &d).unwrap(), "{v:?}");
        assert_eq!(solver::first_solution(&v, &d).unwrap(), None);
        assert!(solver::solve(&v, &d).unwrap().is_empty());
    }
    for (v, s) in [
        ([5, 5, 5, 5], "5*5-5/5"),
        ([6, 6, 6, 6], "6+6+6+6"),
        ([1, 1, 1, 8], "8*(1+1+1)"),
        ([4, 4, 10, 10], "(10*10-4)/4"),
        ([5, 7, 8, 9], "8*5-9-7"),
    ] {
        let all = solver::solve(&v, &d).unwrap();
        assert!(all.iter().any(|x| x == s), "{v:?}: {all:?}");
        assert_eq!(all.len() as u32, solver::count_solutions(&v, &d).unwrap());
        assert!(all.contains(&solver::first_solution(&v, &d).unwrap().unwrap()));
    }
    assert_eq!(solver::solve(&[1, 1, 1, 8], &d).unwrap(), vec!["8*(1+1+1)"]);
    assert_eq!(
        solver::solve(&[6, 6, 6, 6], &d).unwrap(),
        vec!["6*6-6-6", "6+6+6+6"]
    );
}

#[test]
fn the_number_order_does_not_matter() {
    let d = Options::default();
    assert_eq!(
        solver::solve(&[9, 5, 8, 7], &d).unwrap(),
        solver::solve(&[5, 7, 8, 9], &d).unwrap()
    );
}

/// Every binary expression over the numbers in every order (4! orders × 5 shapes × 4³ operators).
fn brute_force(v: &[u64; 4]) -> Vec<Expr> {
    fn trees(nums: &[u64]) -> Vec<Expr> {
        if nums.len() == 1 {
            return vec![Expr::Num(nums[0])];
        }
        let mut out = Vec::new();
        for split in 1..nums.len() {
            for l in trees(&nums[..split]) {
                for r in trees(&nums[split..]) {
                    for op in [Op::Add, Op::Sub, Op::Mul, Op::Div] {
                        out.push(Expr::bin(op, l.clone(), r.clone()));
                    }
                }
            }
        }
        out
    }
    let mut out = Vec::new();
    let mut idx = [0, 1, 2, 3];
    // Heap's algorithm would do; 24 orders by lexicographic next permutation.
    loop {
        out.extend(trees(&idx.map(|i| v[i])));
        let Some(i) = (0..3).rev().find(|&i| idx[i] < idx[i + 1]) else {
            break;
        };
        let j = (i + 1..4).rev().find(|&j| idx[j] > idx[i]).unwrap();
        idx.swap(i, j);
        idx[i + 1..].reverse();
    }
    out
}

fn brute_solutions(v: &[u64; 4], integer_only: bool) -> BTreeSet<String> {
    brute_solutions_to(v, integer_only, 24)
}

fn brute_solutions_to(v: &[u64; 4], integer_only: bool, target: i128) -> BTreeSet<String> {
    let target = Ratio::int(target);
    brute_force(v)
        .iter()
        .map(canonical)
        .filter(|c| c.value == Some(target))
        .filter(|c| !integer_only || whole_when_dividing_last(c))
        .map(|c| c.text)
        .collect()
}

/// Integer mode judges the canonical writing (divisions last): every node value whole.
fn whole_when_dividing_last(c: &crate::games::twenty_four::canon::Canon) -> bool {
    use crate::games::twenty_four::canon::Kind;
    c.value.is_some_and(|v| v.is_integer())
        && match &c.kind {
            Kind::Num(_) => true,
            Kind::Sum(p, m) | Kind::Prod(p, m) => p.iter().chain(m).all(whole_when_dividing_last),
        }
}

#[test]
fn templates_are_exactly_the_canonical_forms_of_all_expressions() {
    let v = [2, 3, 5, 7];
    let brute: BTreeSet<String> = brute_force(&v).iter().map(|e| canonical(e).text).collect();
    let ours: Vec<String> = solver::templates(&v).iter().map(|e| canonical(e).text).collect();
    assert_eq!(ours.len(), 1260);
    assert_eq!(solver::template_count(), 1260);
    assert_eq!(
        ours.iter().cloned().collect::<BTreeSet<_>>(),
        brute,
        "complete and without repeats"
    );
}

#[test]
fn distinct_solutions_match_brute_force_deduplication() {
    let mut cases: Vec<[u64; 4]> = vec![
        [5, 5, 5, 5],
        [6, 6, 6, 6],
        [1, 2, 3, 4],
        [1, 1, 1, 8],
        [3, 3, 8, 8],
        [2, 2, 6, 6],
        [1, 5, 5, 5],
        [4, 4, 7, 7],
        [12, 12, 12, 12],
        [0, 0, 4, 6],
        [1, 1, 3, 8],
        [6, 6, 12, 12],
    ];
    // A spread of other multisets from 1..13, chosen by a fixed stride.
    cases.extend(multisets(13).into_iter().step_by(97).map(|(v, _)| v));
    let mut s = Solver::new();
    for v in cases {
        for (opts, int) in [(Options::default(), false), (INT, true)] {
            let ours = s.solve(&v, &opts).unwrap();
            let brute = brute_solutions(&v, int);
            assert_eq!(
                ours.iter().cloned().collect::<BTreeSet<_>>(),
                brute,
                "{v:?} integer={int}"
            );
            assert_eq!(ours.len(), brute.len(), "{v:?}: no repeats");
            assert_eq!(s.count_solutions(&v, &opts).unwrap() as usize, brute.len());
        }
    }
}

/// Integer mode against brute force where a quotient's numerator already broke the rule: `1/2` is
/// not whole, so `(1/2+48)/2` (24.25 anyway) and `(1/2+3)/5` are no solutions, although an invalid
/// step keeps a value computed as if it were 0 (`0+48`, which 2 divides). Such roots are only seen
/// when that value is a multiple of the divisor, so the sets are built for it, with targets 24 and 0.
#[test]
fn integer_mode_never_counts_the_quotient_of_a_broken_numerator() {
    let mut s = Solver::new();
    for (v, target) in [
        ([1, 2, 2, 48], 24),
        ([1, 2, 3, 72], 24),
        ([1, 3, 5, 120], 24),
        ([1, 2, 3, 5], 0),
        ([2, 3, 7, 11], 0),
        ([5, 7, 9, 13], 0),
    ] {
        let opts = Options {
            target,
            intermediate: Intermediate::Integer,
        };
        let ours: BTreeSet<String> = s.solve(&v, &opts).unwrap().into_iter().collect();
        let brute = brute_solutions_to(&v, true, target as i128);
        assert_eq!(ours, brute, "{v:?} -> {target}");
        assert_eq!(s.is_solvable(&v, &opts).unwrap(), !brute.is_empty(), "{v:?}");
    }
    assert!(!s
        .solve(&[1, 2, 2, 48], &INT)
        .unwrap()
        .iter()
        .any(|x| x.contains("1/2")));
}

/// Independent check of solvability: the classic "combine two, recurse" search over reduced rationals.
fn solvable_by_search(nums: &[Ratio], target: Ratio) -> bool {
    if nums.len() == 1 {
        return nums[0] == target;
    }
    for i in 0..nums.len() {
        for j in 0..nums.len() {
            if i == j {
                continue;
            }
            let rest: Vec<Ratio> = (0..nums.len())
                .filter(|&k| k != i && k != j)
                .map(|k| nums[k])
                .collect();
            let (a, b) = (nums[i], nums[j]);
            for r in [
                a.checked_add(b),
                a.checked_sub(b),
                a.checked_mul(b),
                a.checked_div(b),
            ]
            .into_iter()
            .flatten()
            {
                let mut next = rest.clone();
                next.push(r);
                if solvable_by_search(&next, target) {
                    return true;
                }
            }
        }
    }
    false
}

#[test]
fn solvability_matches_an_independent_search_with_other_targets() {
    let mut s = Solver::new();
    for target in [24, 10, -3, 0, 100] {
        for (v, _) in multisets(9).into_iter().step_by(7) {
            let nums: Vec<Ratio> = v.iter().map(|&x| Ratio::int(x as i128)).collect();
            let expected = solvable_by_search(&nums, Ratio::int(target as i128));
            assert_eq!(
                s.is_solvable(&v, &Options::target(target)).unwrap(),
                expected,
                "{v:?} → {target}"
            );
        }
    }
}

#[test]
fn large_numbers_at_the_bound_are_exact() {
    let m = MAX_NUMBER;
    let d = |t| Options::target(t);
    // m/m + m/m = 2; m·m·m·m would overflow i64 but not the i128 path.
    assert!(solver::solve(&[m, m, m, m], &d(2))
        .unwrap()
        .contains(&format!("{m}/{m}+{m}/{m}")));
    assert_eq!(
        solver::count_solutions(&[m, m, m, m], &d(0)).unwrap(),
        solver::count_solutions(&[7, 7, 7, 7], &d(0)).unwrap()
    );
    // (m − 1)·m + m ... reaches m² exactly.
    let t = (m as i64) * (m as i64);
    assert!(solver::is_solvable(&[m, m - 1, m, 1], &d(t)).unwrap());
    assert!(solver::is_solvable(&[0, 0, 0, 0], &d(0)).unwrap());
    assert!(!solver::is_solvable(&[0, 0, 0, 0], &d(24)).unwrap());
    // Around the i64/i128 switch the answers agree with scaling: 10⁴ and 10⁴+1 behave like any number.
    for x in [10_000u64, 10_001] {
        assert_eq!(
            solver::count_solutions(&[x, x, x, x], &d(1)).unwrap(),
            solver::count_solutions(&[5, 5, 5, 5], &d(1)).unwrap()
        );
    }
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let d = Options::default();
    assert!(solver::solve(&[1, 2, 3], &d)
        .unwrap_err()
        .to_string()
        .contains("exactly 4 numbers"));
    assert!(solver::is_solvable(&[1, 2, 3, 4, 5], &d).is_err());
    assert!(solver::count_solutions(&[1, 2, 3, MAX_NUMBER + 1], &d)
        .unwrap_err()
        .to_string()
        .contains("larger than"));
    assert!(Intermediate::parse("floats").is_err());
    assert_eq!(Intermediate::parse("Integer").unwrap(), Intermediate::Integer);
}

/// Timing of the speed goal (run with `cargo test --release -- --ignored --nocapture
/// classify_all_1820`): solvable flag and number of distinct solutions for every multiset of 1..13.
#[test]
#[ignore]
fn classify_all_1820_timing() {
    let sets: Vec<[u64; 4]> = multisets(13).into_iter().map(|(v, _)| v).collect();
    let mut s = Solver::new();
    let d = Options::default();
    s.count_solutions(&sets[0], &d).unwrap(); // builds the plan once
    let mut best = f64::MAX;
    let mut total = 0;
    for _ in 0..20 {
        let t = std::time::Instant::now();
        total = sets
            .iter()
            .map(|v| s.count_solutions(v, &d).unwrap())
            .filter(|&n| n > 0)
            .count();
        best = best.min(t.elapsed().as_secs_f64());
    }
    assert_eq!(total, 1362);
    let mut best_first = f64::MAX;
    for _ in 0..20 {
        let t = std::time::Instant::now();
        total = sets.iter().filter(|v| s.is_solvable(*v, &d).unwrap()).count();
        best_first = best_first.min(t.elapsed().as_secs_f64());
    }
    assert_eq!(total, 1362);
    println!(
        "classify 1820 multisets: best of 20 = {:.3} ms; is_solvable (first-solution path) {:.3} ms; plan: {} nodes, {} templates",
        best * 1e3,
        best_first * 1e3,
        solver::node_count(),
        solver::template_count()
    );
}

#[test]
fn the_first_solution_path_agrees_with_the_full_sweep() {
    let mut s = Solver::new();
    for (v, _) in multisets(13).into_iter().step_by(3) {
        for opts in [
            Options::default(),
            INT,
            Options::target(10),
            Options {
                target: 7,
                intermediate: Intermediate::Integer,
            },
        ] {
            let all = s.solve(&v, &opts).unwrap();
            assert_eq!(
                s.is_solvable(&v, &opts).unwrap(),
                !all.is_empty(),
                "{v:?} {opts:?}"
            );
            let first = s.first_solution(&v, &opts).unwrap();
            assert!(
                first.as_ref().map_or(all.is_empty(), |f| all.contains(f)),
                "{v:?} {opts:?}: {first:?}"
            );
        }
    }
    // Large numbers take the i128 path of the same code.
    assert_eq!(
        s.first_solution(&[MAX_NUMBER, 1, 1, 1], &Options::target(MAX_NUMBER as i64 + 3))
            .unwrap()
            .as_deref(),
        Some("1000000000+1+1+1")
    );
}

#[test]
fn solve_batch_agrees_with_single_calls_and_rejects_bad_rows() {
    let rows: Vec<[u64; 4]> = multisets(13)
        .into_iter()
        .map(|(v, _)| [v[2], v[0], v[3], v[1]])
        .collect();
    let (mut ok, mut n) = (vec![false; rows.len()], vec![0u32; rows.len()]);
    solver::solve_batch(&rows, &Options::default(), &mut ok, &mut n).unwrap();
    assert_eq!(ok.iter().filter(|&&b| b).count(), 1362);
    let mut s = Solver::new();
    for (i, r) in rows.iter().enumerate().step_by(13) {
        assert_eq!(n[i], s.count_solutions(r, &Options::default()).unwrap());
    }
    let bad = [[1, 2, 3, 4], [5, MAX_NUMBER + 1, 1, 1]];
    let e = solver::solve_batch(&bad, &Options::default(), &mut [false; 2], &mut [0; 2]).unwrap_err();
    assert!(e.to_string().contains("row 1"), "{e}");
    assert!(solver::solve_batch(&bad, &Options::default(), &mut [false; 1], &mut [0; 2]).is_err());
}

#[test]
fn solve_batch_checks_each_output_buffer_and_the_largest_number_and_the_plan_has_a_node_a_template() {
    // One slot a row in each output buffer: either buffer short alone (the other right) is refused.
    // Numbers up to MAX_NUMBER are accepted (the bound itself included); one above is refused.
    let o = Options::default();
    let rows = [[1, 2, 3, 4], [4, 4, 4, 4]];
    assert!(solver::solve_batch(&rows, &o, &mut [false; 2], &mut [0; 1]).is_err());
    assert!(solver::solve_batch(&rows, &o, &mut [false; 1], &mut [0; 2]).is_err());
    let mut ok = [false; 1];
    assert!(solver::solve_batch(&[[MAX_NUMBER, 1, 1, 1]], &o, &mut ok, &mut [0; 1]).is_ok());
    assert!(solver::solve_batch(&[[MAX_NUMBER + 1, 1, 1, 1]], &o, &mut ok, &mut [0; 1]).is_err());
    // Each of the 1,260 canonical templates is its own root node of the plan's DAG, so the DAG has
    // at least that many nodes.
    assert_eq!(solver::template_count(), 1260);
    assert!(solver::node_count() >= 1260, "{}", solver::node_count());
}
