//! The incremental pair set of [`BroadPhase::update_pairs`]: each body
//! keeps the list of its partners between calls, and only the bodies
//! inserted, moved or removed since the last call are looked at again
//! (docs/broad-phase.md §5).
//!
//! ```text
//! first call, or the body count left [n₀/2, 2 n₀] since the grid was built:
//!     cell w = 2 × mean box extent; hash every body into the cells it touches
//!     the sweep's pairs (section 3 of the chapter), sorted, into the
//!     partner lists                                            O(n log n)
//! later calls, with D the bodies touched since the last call:
//!     the old pairs of D: D's own partner lists, sorted and
//!         deduplicated (a pair of two bodies of D comes twice)   O(Σ deg)
//!     re-hash each body of D (old cells out, new cells in)      O(|D|)
//!     each live body of D: the bodies sharing a cell with it,
//!         a pair reported in the one cell holding the lower
//!         corner of the two boxes' overlap; when both bodies
//!         are in D, by the lower index only                   O(|D| · local)
//!     sort the found pairs; added = found − old,
//!     removed = old − found                                   O(f log f)
//!     the removed pairs out of both ends' lists, the added
//!         pairs into them                                     O(changes)
//! ```
//!
//! Nothing in a call is proportional to the pairs of untouched bodies:
//! a step where `m` bodies move costs about `m` look-ups, and the lists
//! of their partners are read and written only for the pairs that
//! changed.
//!
//! Bodies that touch more than [`MAX_CELLS`] cells are not hashed: they
//! are checked against every body when they move, and every moving body
//! checks them.

use alloc::vec::Vec;
use nalgebra::Point;

use super::grid::{Grid, Quantized};
use super::{cell_range, overlap_bounds, BroadPhase, Handle};
use crate::Real;

/// The grid's cell size in mean box extents.
const CELL_FACTOR: f64 = 2.0;

/// Where a slot's body is registered in the grid.
#[derive(Clone, Copy, Debug)]
enum Registered<const N: usize> {
    /// Nowhere: the slot is free, or was never registered.
    No,
    /// In every cell of the closed range `[lo, hi]`.
    Cells([i64; N], [i64; N]),
    /// In the list of large bodies.
    Large,
}

/// What changed in the pair set at the last [`BroadPhase::update_pairs`],
/// as slices into the broad phase's storage, each sorted by `(lower
/// handle, higher handle)`. The whole set is
/// [`BroadPhase::current_pairs`].
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{Aabb, BroadPhase};
///
/// let unit = |x: f64| Aabb::new(Point2::new(x, 0.0), Point2::new(x + 1.0, 1.0)).unwrap();
/// let mut world = BroadPhase::<f64, 2>::new();
/// let a = world.insert(&unit(0.0));
/// let b = world.insert(&unit(0.5));
/// let c = world.insert(&unit(5.0));
/// assert_eq!(world.update_pairs().added, &[(a, b)]);
/// // c moves onto b; a and b stay put.
/// world.update(c, &unit(1.2)).unwrap();
/// let changes = world.update_pairs();
/// assert_eq!(changes.added, &[(b, c)]);
/// assert!(changes.removed.is_empty());
/// assert_eq!(changes.refreshed, &[(b, c)]); // the pairs with a moved body
/// let mut all = Vec::new();
/// world.current_pairs(&mut all);
/// assert_eq!(all, [(a, b), (b, c)]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PairChanges<'a> {
    /// The pairs that overlap now and did not after the previous call.
    pub added: &'a [(Handle, Handle)],
    /// The pairs of the previous call that are gone: a box moved away, or
    /// a body was removed (its handle is then stale).
    pub removed: &'a [(Handle, Handle)],
    /// The pairs that overlap now with a body inserted or updated since
    /// the previous call (`added` among them): the pairs whose narrow-phase
    /// answer may have changed. A pair of two bodies that were not touched
    /// keeps its previous answer.
    pub refreshed: &'a [(Handle, Handle)],
}

/// The state kept between calls to [`BroadPhase::update_pairs`].
#[derive(Clone, Debug)]
pub(super) struct Tracker<T: Real, const N: usize> {
    /// The grid's cell size.
    w: T,
    /// The live body count when the grid was built.
    built_len: usize,
    /// The cells, each holding its bodies' slots and quantised boxes
    /// (src/broad_phase/grid.rs).
    grid: Grid<N>,
    /// Where each slot is registered, by slot index.
    registered: Vec<Registered<N>>,
    /// The slots of the large bodies.
    large: Vec<u32>,
    /// Each slot's handle when it was registered (so that the pairs of a
    /// removed body are reported with its handle of then).
    handles: Vec<Handle>,
    /// Each slot's partners: the bodies whose boxes overlap its box.
    partners: Vec<Vec<Handle>>,
    added: Vec<(Handle, Handle)>,
    removed: Vec<(Handle, Handle)>,
    refreshed: Vec<(Handle, Handle)>,
    /// Scratch: the old pairs of the touched bodies.
    scratch: Vec<(Handle, Handle)>,
}

impl<T: Real, const N: usize> BroadPhase<T, N> {
    /// Brings the kept pair set up to date with the bodies inserted,
    /// updated and removed since the last call, and returns what changed.
    /// The set is [`pairs`](Self::pairs)'s (the same closed boxes,
    /// touching counts, each pair once as `(lower handle, higher
    /// handle)`), read with [`current_pairs`](Self::current_pairs); the
    /// cost follows the motion: a call after `m` bodies moved costs `O(m)`
    /// grid look-ups and partner-list edits, nothing per untouched pair
    /// (docs/broad-phase.md §5,
    /// tests/broad_phase.rs::incremental_pairs_match_brute_force).
    ///
    /// Memory: the pair set is kept, `16 P` bytes for `P` pairs, plus one
    /// grid entry per (body, cell it touches); a scene with too many pairs
    /// to hold should stream them with
    /// [`for_each_pair`](Self::for_each_pair) instead. Allocates when the
    /// kept storage grows.
    ///
    /// ```
    /// use nalgebra::Point3;
    /// use separating_axis::{Aabb, BroadPhase};
    ///
    /// let cube = |x: f64| Aabb::new(Point3::new(x, 0.0, 0.0), Point3::new(x + 1.0, 1.0, 1.0)).unwrap();
    /// let mut world = BroadPhase::<f64, 3>::new();
    /// let a = world.insert(&cube(0.0));
    /// let b = world.insert(&cube(1.0)); // touching counts
    /// assert_eq!(world.update_pairs().added, &[(a, b)]);
    /// world.remove(a).unwrap();
    /// let changes = world.update_pairs();
    /// assert!(changes.added.is_empty());
    /// assert_eq!(changes.removed, &[(a, b)]);
    /// ```
    pub fn update_pairs(&mut self) -> PairChanges<'_> {
        let rebuild = self
            .tracker
            .as_ref()
            .is_none_or(|t| self.len > 2 * t.built_len.max(32) || 2 * self.len < t.built_len);
        if rebuild {
            self.rebuild_tracker();
        } else {
            self.refresh_tracker();
        }
        for &s in &self.dirty {
            self.slots[s as usize].dirty = false;
        }
        self.dirty.clear();
        let t = self.tracker.as_ref().expect("built above");
        PairChanges {
            added: &t.added,
            removed: &t.removed,
            refreshed: &t.refreshed,
        }
    }

    /// Every pair of the kept set, into `out` (cleared first), sorted by
    /// `(lower handle, higher handle)`: after
    /// [`update_pairs`](Self::update_pairs), the pairs whose closed boxes
    /// overlap (empty before its first call). `O(P log d)` for `P` pairs
    /// and partner lists of length `d`.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{Aabb, BroadPhase};
    ///
    /// let mut world = BroadPhase::<f64, 2>::new();
    /// let a = world.insert(&Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 2.0)).unwrap());
    /// let b = world.insert(&Aabb::new(Point2::new(1.0, 1.0), Point2::new(3.0, 3.0)).unwrap());
    /// world.update_pairs();
    /// let mut out = Vec::new();
    /// world.current_pairs(&mut out);
    /// assert_eq!(out, [(a, b)]);
    /// ```
    pub fn current_pairs(&self, out: &mut Vec<(Handle, Handle)>) {
        out.clear();
        let Some(t) = &self.tracker else {
            return;
        };
        for (s, list) in t.partners.iter().enumerate() {
            let me = t.handles[s];
            let start = out.len();
            out.extend(list.iter().filter(|o| o.index > me.index).map(|&o| (me, o)));
            out[start..].sort_unstable();
        }
    }

    /// Builds the grid and the partner lists from scratch (the sweep's
    /// pairs), reporting the difference from the previous set.
    fn rebuild_tracker(&mut self) {
        let mut old = Vec::new();
        self.current_pairs(&mut old);
        let mut t = self.tracker.take().unwrap_or_else(|| Tracker {
            w: T::one(),
            built_len: 0,
            grid: Grid::default(),
            registered: Vec::new(),
            large: Vec::new(),
            handles: Vec::new(),
            partners: Vec::new(),
            added: Vec::new(),
            removed: Vec::new(),
            refreshed: Vec::new(),
            scratch: Vec::new(),
        });
        t.w = self.mean_extent_cell();
        t.built_len = self.len;
        t.grid.clear(self.len);
        t.registered.clear();
        t.registered.resize(self.slots.len(), Registered::No);
        t.handles.resize(
            self.slots.len(),
            Handle {
                index: 0,
                generation: 0,
            },
        );
        t.partners.resize_with(self.slots.len(), Vec::new);
        t.partners.iter_mut().for_each(Vec::clear);
        t.large.clear();
        for (s, slot) in self.slots.iter().enumerate() {
            if slot.alive {
                t.register(s as u32, &slot.min, &slot.max);
            }
            t.handles[s] = Handle {
                index: s as u32,
                generation: slot.generation,
            };
        }
        // The pairs from the sweep (section 3 of docs/broad-phase.md):
        // faster from scratch than one grid look-up per body.
        let mut found = core::mem::take(&mut t.refreshed);
        self.pairs(&mut found);
        found.sort_unstable_by_key(|&p| pair_key(p));
        for &(a, b) in &found {
            t.partners[a.index()].push(b);
            t.partners[b.index()].push(a);
        }
        difference(&found, &old, &mut t.added);
        difference(&old, &found, &mut t.removed);
        t.refreshed.clear();
        let slots = &self.slots;
        t.refreshed.extend(
            found
                .iter()
                .filter(|(a, b)| slots[a.index()].dirty || slots[b.index()].dirty),
        );
        self.tracker = Some(t);
    }

    /// Re-hashes the touched bodies and re-pairs them (module docs).
    fn refresh_tracker(&mut self) {
        let Some(mut t) = self.tracker.take() else {
            return;
        };
        let n = self.slots.len();
        t.registered.resize(n, Registered::No);
        t.handles.resize(
            n,
            Handle {
                index: 0,
                generation: 0,
            },
        );
        t.partners.resize_with(n, Vec::new);
        // The old pairs of the touched bodies, with the handles of then,
        // read from their own lists only (a pair of two touched bodies
        // comes twice and is dropped once below): the partners' memory is
        // not read.
        t.scratch.clear();
        for &s in &self.dirty {
            let me = t.handles[s as usize];
            t.scratch
                .extend(t.partners[s as usize].iter().map(|&o| order_pair(me, o)));
        }
        t.scratch.sort_unstable_by_key(|&p| pair_key(p));
        t.scratch.dedup();
        for &s in &self.dirty {
            let slot = &self.slots[s as usize];
            t.handles[s as usize] = Handle {
                index: s,
                generation: slot.generation,
            };
            // A body that moved within the cells it touched stays put in
            // the grid (the common case: small motions in cells twice the
            // mean size).
            let same = match (slot.alive, t.registered[s as usize]) {
                (true, Registered::Cells(lo, hi)) => {
                    cell_range(&slot.min, &slot.max, N, t.w) == Some((lo, hi))
                }
                _ => false,
            };
            // A body staying in its cells takes its new box in
            // `pair_body`'s pass over them.
            if !same {
                t.unregister(s);
                if slot.alive {
                    t.register(s, &slot.min, &slot.max);
                }
            }
        }
        // Pair each live touched body again, from the highest slot down:
        // a touched body's items still hold its old box until its own
        // turn, and the touched bodies it is paired with from this side
        // (the higher slots) have had theirs.
        t.refreshed.clear();
        self.dirty.sort_unstable_by(|a, b| b.cmp(a));
        for &s in &self.dirty {
            if self.slots[s as usize].alive {
                t.pair_body(&self.slots, s);
            }
        }
        t.refreshed.sort_unstable_by_key(|&p| pair_key(p));
        difference(&t.refreshed, &t.scratch, &mut t.added);
        difference(&t.scratch, &t.refreshed, &mut t.removed);
        // Only the pairs that changed edit the lists: most pairs of a
        // moved body are kept, and their partners' lists are not touched.
        for &(a, b) in &t.removed {
            unlist(&mut t.partners[a.index()], b);
            unlist(&mut t.partners[b.index()], a);
        }
        for &(a, b) in &t.added {
            t.partners[a.index()].push(b);
            t.partners[b.index()].push(a);
        }
        self.tracker = Some(t);
    }

    /// The grid's cell size for the pair set: twice the mean box extent
    /// over all axes (1 when that is 0 or not finite).
    fn mean_extent_cell(&self) -> T {
        let mut sum = T::zero();
        for s in self.slots.iter().filter(|s| s.alive) {
            for k in 0..N {
                sum += s.max[k] - s.min[k];
            }
        }
        let count: T = nalgebra::convert((self.len * N).max(1) as f64);
        let w = sum / count * nalgebra::convert::<f64, T>(CELL_FACTOR);
        if w > T::zero() && w.is_finite() {
            w
        } else {
            T::one()
        }
    }
}

impl<T: Real, const N: usize> Tracker<T, N> {
    /// Puts slot `s` with box `[min, max]` in the cells it touches, or in
    /// the large list.
    fn register(&mut self, s: u32, min: &Point<T, N>, max: &Point<T, N>) {
        let reg = match cell_range(min, max, N, self.w) {
            Some((lo, hi)) => {
                let (w, grid) = (self.w, &mut self.grid);
                for_each_cell(&lo, &hi, |cell| {
                    grid.insert(&cell, s, Quantized::new(min, max, &lo, &cell, w));
                });
                Registered::Cells(lo, hi)
            }
            None => {
                self.large.push(s);
                Registered::Large
            }
        };
        self.registered[s as usize] = reg;
    }

    /// Takes slot `s` out of the grid (or the large list).
    fn unregister(&mut self, s: u32) {
        match core::mem::replace(&mut self.registered[s as usize], Registered::No) {
            Registered::No => {}
            Registered::Large => self.large.retain(|&x| x != s),
            Registered::Cells(lo, hi) => for_each_cell(&lo, &hi, |cell| self.grid.remove(&cell, s)),
        }
    }

    /// Pushes to `refreshed` the pairs of the live slot `s` with the
    /// bodies whose boxes overlap its box: every such body that was not
    /// touched, and the touched ones of higher index (they pair with `s`
    /// from their side otherwise). The grid's quantised boxes filter the
    /// candidates (those of touched bodies of higher slot are already
    /// new); the exact boxes in the slots decide. Writes `s`'s new box into
    /// its own items on the way.
    fn pair_body(&mut self, slots: &[super::Slot<T, N>], s: u32) {
        let me = &slots[s as usize];
        let handle = |i: u32| Handle {
            index: i,
            generation: slots[i as usize].generation,
        };
        let wanted = |o: u32| o != s && (!slots[o as usize].dirty || s < o);
        let push = |o: u32, out: &mut Vec<(Handle, Handle)>| {
            out.push(order_pair(handle(s), handle(o)));
        };
        match self.registered[s as usize] {
            Registered::Large => {
                for (o, other) in slots.iter().enumerate() {
                    let o = o as u32;
                    if other.alive && wanted(o) && overlap_bounds(me, other) {
                        push(o, &mut self.refreshed);
                    }
                }
                return;
            }
            Registered::Cells(lo, hi) => {
                let (w, grid, refreshed) = (self.w, &mut self.grid, &mut self.refreshed);
                for_each_cell(&lo, &hi, |cell| {
                    let mine = Quantized::new(&me.min, &me.max, &lo, &cell, w);
                    grid.for_each_in(&cell, |o, b| {
                        if o == s {
                            *b = mine; // its new box, in the same cells
                            return;
                        }
                        // The quantised boxes decide, before the other
                        // body's slot is read, whether the boxes may
                        // overlap and whether this is the cell of the
                        // pair (the one holding the lower corner of the
                        // overlap, so that a pair sharing several cells is
                        // reported once).
                        if !mine.overlaps(b) {
                            return;
                        }
                        let here = mine.owner_with(b);
                        let other = &slots[o as usize];
                        debug_assert!(
                            !overlap_bounds(me, other)
                                || here == (owner_cell(&me.min, &other.min, w) == cell),
                            "the quantised owner test is the exact one"
                        );
                        if here && wanted(o) && overlap_bounds(me, other) {
                            push(o, refreshed);
                        }
                    });
                });
            }
            Registered::No => return,
        }
        for &o in &self.large {
            if wanted(o) && overlap_bounds(me, &slots[o as usize]) {
                push(o, &mut self.refreshed);
            }
        }
    }
}

/// The cell holding the lower corner of the overlap of two overlapping
/// boxes: both boxes touch it, and it is one cell, so a pair found in
/// several shared cells is reported once. (The pairing pass decides this
/// on the quantised boxes, `Quantized::owner_with`; debug builds check
/// that both agree.)
#[inline]
fn owner_cell<T: Real, const N: usize>(a_min: &Point<T, N>, b_min: &Point<T, N>, w: T) -> [i64; N] {
    let corner = Point::from(a_min.coords.sup(&b_min.coords));
    super::cell_index(&corner, w)
}

/// Calls `visit` on every cell of the closed range `[lo, hi]`.
#[inline]
fn for_each_cell<const N: usize>(lo: &[i64; N], hi: &[i64; N], mut visit: impl FnMut([i64; N])) {
    let mut cell = *lo;
    loop {
        visit(cell);
        let mut k = 0;
        while k < N {
            if cell[k] < hi[k] {
                cell[k] += 1;
                break;
            }
            cell[k] = lo[k];
            k += 1;
        }
        if k == N {
            return;
        }
    }
}

/// Takes `h` out of a partner list (order not kept; nothing if absent).
#[inline]
fn unlist(list: &mut Vec<Handle>, h: Handle) {
    if let Some(i) = list.iter().position(|&x| x == h) {
        list.swap_remove(i);
    }
}

/// `out = a − b` for sorted, duplicate-free `a` and `b`.
fn difference(a: &[(Handle, Handle)], b: &[(Handle, Handle)], out: &mut Vec<(Handle, Handle)>) {
    out.clear();
    let mut j = 0;
    for &x in a {
        while j < b.len() && b[j] < x {
            j += 1;
        }
        if j == b.len() || b[j] != x {
            out.push(x);
        }
    }
}

/// The sort key of a pair: its slot indices, packed in one integer. Within
/// one list each slot appears with one generation only (the pairs of a
/// call are all current, or all of the previous call), so this orders a
/// list as the handles' order does.
#[inline]
fn pair_key((a, b): (Handle, Handle)) -> u64 {
    (u64::from(a.index) << 32) | u64::from(b.index)
}

/// A pair as `(lower handle, higher handle)`.
#[inline]
fn order_pair(a: Handle, b: Handle) -> (Handle, Handle) {
    if a < b {
        (a, b)
    } else {
        (b, a)
    }
}
