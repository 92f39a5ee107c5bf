//! A static bounding-volume hierarchy over a compound's parts: axis-aligned
//! boxes in the compound's frame, built once by median split, stored in one
//! flat `Vec`, traversed with fixed-size stacks (no heap per query).
//!
//! ```text
//! build(items):                                  items: (part, local box)
//!     box = union of the items' boxes
//!     one item            → leaf (the part's index)
//!     else axis = the longest side of the box of the items' centres
//!          split at the median centre along it (ties by part index)
//!          → internal node; children at `left` and `left + 1`
//! ```
//!
//! A median split halves the items at every level, so the depth is at most
//! `⌈log₂ n⌉ + 1`: 33 for `u32::MAX` parts, well within [`STACK`].

use alloc::vec::Vec;
use nalgebra::{Point, SVector};

use crate::{Aabb, Pose, Real};

/// The most entries of a traversal stack. A tree of at most `2³²` parts is
/// at most 33 levels deep; one tree's traversal holds at most one pending
/// node per level, a pair traversal at most one pending pair per level of
/// either tree.
pub(crate) const STACK: usize = 72;

/// One node: its box in the compound's frame, and either a part (a leaf)
/// or the index of its left child (the right one follows it). Crate
/// internal (the hierarchy's module is private); the layout of a
/// three-part compound:
///
/// ```text
/// nodes[0]  box of all          → children at 1 and 2
/// nodes[1]  box of parts 0, 1   → children at 3 and 4
/// nodes[2]  box of part 2       leaf: part 2
/// nodes[3]  box of part 0       leaf: part 0
/// nodes[4]  box of part 1       leaf: part 1
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Node<T: Real, const N: usize> {
    /// The box's low corner.
    pub(crate) lo: Point<T, N>,
    /// The box's high corner.
    pub(crate) hi: Point<T, N>,
    /// A leaf's part index, or an internal node's left child.
    pub(crate) index: u32,
    /// Whether this is a leaf.
    pub(crate) leaf: bool,
}

impl<T: Real, const N: usize> Node<T, N> {
    /// A leaf for `part` with `bounds`.
    pub(crate) fn leaf(part: usize, bounds: &Aabb<T, N>) -> Self {
        Self {
            lo: bounds.min(),
            hi: bounds.max(),
            index: u32::try_from(part).unwrap_or(u32::MAX),
            leaf: true,
        }
    }

    /// The centre and half extents.
    #[inline]
    pub(crate) fn centre_half(&self) -> (Point<T, N>, SVector<T, N>) {
        let half: T = nalgebra::convert(0.5);
        (
            Point::from((self.lo.coords + self.hi.coords) * half),
            (self.hi - self.lo) * half,
        )
    }

    /// The box seen from another frame, as the centre and half extents of
    /// an axis-aligned box there that holds it: `pose · centre` and
    /// `|R| · half`, padded by a bound on the rounding of both, so that
    /// boxes that touch still touch.
    #[inline]
    pub(crate) fn moved(&self, pose: &Pose<T, N>) -> (Point<T, N>, SVector<T, N>) {
        let (c, h) = self.centre_half();
        let rot = pose.rotation.matrix();
        let centre = pose * c;
        let slack: T = nalgebra::convert(4.0 * (N as f64 + 4.0));
        let k = slack * T::default_epsilon();
        let half = SVector::from_fn(|i, _| {
            let mut e = T::zero();
            let mut size = pose.translation.vector[i].abs();
            for j in 0..N {
                e += rot[(i, j)].abs() * h[j];
                size += (rot[(i, j)] * c[j]).abs();
            }
            e + k * (size + e)
        });
        (centre, half)
    }
}

/// The hierarchy of a compound with at least one part: `nodes[0]` is the
/// root.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Bvh<T: Real, const N: usize> {
    pub(crate) nodes: Vec<Node<T, N>>,
}

impl<T: Real, const N: usize> Bvh<T, N> {
    /// Builds the tree over `boxes` (one per part, at least one), by median
    /// split (module docs). Deterministic: the same boxes give the same
    /// tree.
    pub(crate) fn build(boxes: &[Aabb<T, N>]) -> Self {
        let mut items: Vec<usize> = (0..boxes.len()).collect();
        let mut nodes = Vec::with_capacity(2 * boxes.len());
        nodes.push(Node::leaf(0, &boxes[0]));
        build(&mut nodes, 0, &mut items, boxes);
        Self { nodes }
    }

    /// How deep the tree is (1 for one leaf).
    #[cfg(test)]
    fn depth(&self, k: usize) -> usize {
        let n = &self.nodes[k];
        if n.leaf {
            1
        } else {
            let l = n.index as usize;
            1 + self.depth(l).max(self.depth(l + 1))
        }
    }
}

/// Fills `nodes[slot]` with the subtree over `items`.
fn build<T: Real, const N: usize>(
    nodes: &mut Vec<Node<T, N>>,
    slot: usize,
    items: &mut [usize],
    boxes: &[Aabb<T, N>],
) {
    let mut lo = boxes[items[0]].min();
    let mut hi = boxes[items[0]].max();
    let mut clo = boxes[items[0]].center();
    let mut chi = clo;
    for &i in items.iter() {
        let (bmin, bmax, c) = (boxes[i].min(), boxes[i].max(), boxes[i].center());
        for d in 0..N {
            lo[d] = lo[d].min(bmin[d]);
            hi[d] = hi[d].max(bmax[d]);
            clo[d] = clo[d].min(c[d]);
            chi[d] = chi[d].max(c[d]);
        }
    }
    if items.len() == 1 {
        nodes[slot] = Node {
            lo,
            hi,
            index: u32::try_from(items[0]).unwrap_or(u32::MAX),
            leaf: true,
        };
        return;
    }
    let spread = chi - clo;
    let axis = (0..N).fold(0, |best, d| if spread[d] > spread[best] { d } else { best });
    let mid = items.len() / 2;
    items.select_nth_unstable_by(mid, |&a, &b| {
        let (ca, cb) = (boxes[a].center()[axis], boxes[b].center()[axis]);
        ca.partial_cmp(&cb)
            .unwrap_or(core::cmp::Ordering::Equal)
            .then(a.cmp(&b))
    });
    let left = nodes.len();
    let placeholder = nodes[slot];
    nodes.push(placeholder);
    nodes.push(placeholder);
    nodes[slot] = Node {
        lo,
        hi,
        index: u32::try_from(left).unwrap_or(u32::MAX),
        leaf: false,
    };
    let (first, second) = items.split_at_mut(mid);
    build(nodes, left, first, boxes);
    build(nodes, left + 1, second, boxes);
}

/// Whether the box `(lo, hi)` and the box `centre ± half` come within
/// `margin` of each other along every axis (touching counts). NaN gives
/// `false`.
#[inline]
pub(crate) fn boxes_meet<T: Real, const N: usize>(
    lo: &Point<T, N>,
    hi: &Point<T, N>,
    centre: &Point<T, N>,
    half: &SVector<T, N>,
    margin: T,
) -> bool {
    (0..N).all(|i| centre[i] - half[i] <= hi[i] + margin && lo[i] - margin <= centre[i] + half[i])
}

/// The distance between the box `(lo, hi)` and the box `centre ± half`: a
/// lower bound of the distance between anything they hold. NaN propagates.
#[inline]
pub(crate) fn box_distance<T: Real, const N: usize>(
    lo: &Point<T, N>,
    hi: &Point<T, N>,
    centre: &Point<T, N>,
    half: &SVector<T, N>,
) -> T {
    let mut sum = T::zero();
    for i in 0..N {
        let below = lo[i] - (centre[i] + half[i]);
        let above = (centre[i] - half[i]) - hi[i];
        let gap = below.max(above).max(T::zero());
        // NaN in either bound: keep it.
        let gap = if crate::real::is_nan(below + above) {
            below + above
        } else {
            gap
        };
        sum += gap * gap;
    }
    sum.sqrt()
}

/// Where a ray `o + t d`, `t ∈ [0, max_toi]`, enters the box `(lo, hi)`
/// (slab test), `None` when it misses. Conservative: a ray within rounding
/// of a side counts as meeting it.
#[inline]
pub(crate) fn ray_enters<T: Real, const N: usize>(
    lo: &Point<T, N>,
    hi: &Point<T, N>,
    o: &Point<T, N>,
    d: &SVector<T, N>,
    max_toi: T,
) -> Option<T> {
    let mut t0 = T::zero();
    let mut t1 = max_toi;
    let pad: T = T::default_epsilon() * nalgebra::convert(16.0);
    for i in 0..N {
        let slack = pad * (lo[i].abs() + hi[i].abs() + o[i].abs());
        let (l, h) = (lo[i] - slack, hi[i] + slack);
        if d[i] == T::zero() {
            if o[i] < l || o[i] > h {
                return None;
            }
            continue;
        }
        let inv = T::one() / d[i];
        let (mut a, mut b) = ((l - o[i]) * inv, (h - o[i]) * inv);
        if a > b {
            core::mem::swap(&mut a, &mut b);
        }
        // Rounding of the divisions: widen a little.
        let w = pad * (a.abs().max(b.abs()));
        t0 = t0.max(a - w);
        t1 = t1.min(b + w);
        if t0 > t1 {
            return None;
        }
    }
    (t0 <= t1).then_some(t0)
}

#[cfg(test)]
mod tests {
    use nalgebra::Point2;

    use super::*;

    fn unit_box(x: f64, y: f64) -> Aabb<f64, 2> {
        Aabb::new(Point2::new(x, y), Point2::new(x + 1.0, y + 1.0)).unwrap()
    }

    #[test]
    fn median_split_keeps_the_tree_shallow_and_every_part_once() {
        for n in [1_usize, 2, 3, 7, 64, 1000] {
            let boxes: Vec<_> = (0..n)
                .map(|i| unit_box((i * 7 % 13) as f64, i as f64))
                .collect();
            let bvh = Bvh::build(&boxes);
            assert_eq!(bvh.nodes.len(), 2 * n - 1);
            let mut seen: Vec<u32> = bvh
                .nodes
                .iter()
                .filter(|n| n.leaf)
                .map(|n| n.index)
                .collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..n as u32).collect::<Vec<_>>());
            let bound = (usize::BITS - (n - 1).leading_zeros()) as usize + 1;
            assert!(
                bvh.depth(0) <= bound,
                "n = {n}: depth {} > {bound}",
                bvh.depth(0)
            );
            // Every node's box holds its children's.
            for node in bvh.nodes.iter().filter(|n| !n.leaf) {
                for c in [node.index as usize, node.index as usize + 1] {
                    let child = &bvh.nodes[c];
                    assert!((0..2).all(|d| node.lo[d] <= child.lo[d] && child.hi[d] <= node.hi[d]));
                }
            }
        }
    }

    #[test]
    fn box_tests_by_hand() {
        let lo = Point2::new(0.0_f64, 0.0);
        let hi = Point2::new(1.0, 1.0);
        let c = Point2::new(3.0, 0.5);
        let h = nalgebra::Vector2::new(1.0, 1.0);
        assert!(boxes_meet(&lo, &hi, &c, &h, 1.0)); // touching with the margin
        assert!(!boxes_meet(&lo, &hi, &c, &h, 0.5));
        assert_eq!(box_distance(&lo, &hi, &c, &h).to_bits(), 1.0_f64.to_bits());
        let d = nalgebra::Vector2::new(1.0, 0.0);
        let o = Point2::new(-2.0, 0.5);
        assert!((ray_enters(&lo, &hi, &o, &d, 10.0).unwrap() - 2.0).abs() < 1e-12);
        assert_eq!(ray_enters(&lo, &hi, &o, &d, 1.0), None);
    }
}
