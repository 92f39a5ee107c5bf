//! Sweep-and-prune: the pairs of bodies whose world boxes overlap
//! (docs/broad-phase.md).
//!
//! Bodies are axis-aligned boxes (from [`shape_aabb`](crate::shape_aabb)
//! or given directly), named by [`Handle`]s. Each call to
//! [`BroadPhase::pairs`]:
//!
//! ```text
//! drop removed bodies, copy the current boxes into the sweep list   O(n)
//! axis: the coordinate with the largest variance of box centres,    O(n N)
//!       kept until another axis's variance exceeds it twice over
//! sort the list by (min along the axis, handle):
//!       insertion sort (the list is mostly sorted between frames)   O(n + swaps)
//!       falling back to a full sort past 4n + 64 swaps or on a new axis
//! grid over the other axes (cell: twice the mean box extent):
//!       one proxy per (body, cell it touches), sorted by cell       O(P log P)
//!       then list position; bodies touching > 64 cells are large
//! sweep each cell: for each proxy a, the proxies b after it while
//!       b.min ≤ a.max along the axis; report (a, b) if the closed
//!       boxes overlap (touching counts, like the narrow phase) and
//!       the lower corner of their overlap lies in this cell (once)
//! each large body against every body                                O(n) each
//! ```
//!
//! One sweep axis alone visits `∝ n^(5/3)` candidates in a 3D scene of
//! constant density; sweeping within the grid's columns brings that back
//! to `O(n)` (docs/broad-phase.md, measured there). Memory is `O(n)` plus
//! the output: `n` bodies at one position make `n (n − 1) / 2` pairs, 2
//! handles (16 bytes) each, and nothing else grows
//! (tests/broad_phase.rs::a_million_identical_boxes_stream_pairs_in_linear_memory).

use alloc::vec::Vec;
use core::cmp::Ordering;
use core::ops::ControlFlow;

use nalgebra::{Point, SVector};

use crate::{Aabb, BroadPhaseError, Real};

mod grid;
mod incremental;

pub use incremental::PairChanges;

/// A body in a [`BroadPhase`]: a slot index and that slot's generation, so
/// that a handle kept after [`BroadPhase::remove`] is refused rather than
/// naming the body that reuses its slot. Ordered by index, then generation.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{Aabb, BroadPhase};
///
/// let mut world = BroadPhase::<f64, 2>::new();
/// let a = world.insert(&Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 1.0)).unwrap());
/// let b = world.insert(&Aabb::new(Point2::new(5.0, 0.0), Point2::new(6.0, 1.0)).unwrap());
/// assert!(a < b);
/// world.remove(a).unwrap();
/// assert!(world.remove(a).is_err()); // a removed handle is refused
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Handle {
    index: u32,
    generation: u32,
}

impl Handle {
    /// The slot index: dense, from 0, reused after a removal.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{Aabb, BroadPhase};
    ///
    /// let mut world = BroadPhase::<f64, 2>::new();
    /// let a = world.insert(&Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 1.0)).unwrap());
    /// assert_eq!(a.index(), 0);
    /// ```
    #[inline]
    #[must_use]
    pub fn index(self) -> usize {
        self.index as usize
    }
}

/// A body's box in the handle-indexed storage. Aligned to a cache line:
/// the pairing pass of [`BroadPhase::update_pairs`] reads the slots of a
/// moved body's neighbours at random, and an `f64` slot in 3D (54 bytes)
/// would otherwise straddle two lines most of the time.
#[derive(Clone, Copy, Debug)]
#[repr(align(64))]
struct Slot<T: Real, const N: usize> {
    min: Point<T, N>,
    max: Point<T, N>,
    generation: u32,
    alive: bool,
    /// Inserted, updated or removed since the last
    /// [`BroadPhase::update_pairs`] (and listed in `dirty`).
    dirty: bool,
}

/// A body's box in the sweep list, copied from its slot before each sweep
/// so that the sweep reads memory in order.
#[derive(Clone, Copy, Debug)]
struct Entry<T: Real, const N: usize> {
    min: Point<T, N>,
    max: Point<T, N>,
    handle: Handle,
}

/// A sweep-and-prune broad phase over axis-aligned boxes in `N`
/// dimensions (module docs for the algorithm and its cost).
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{shape_aabb, Ball, BroadPhase, Pose2};
///
/// let ball = Ball::new(Point2::origin(), 1.0).unwrap();
/// let mut world = BroadPhase::new();
/// let a = world.insert(&shape_aabb(&ball, &Pose2::translation(0.0, 0.0)).unwrap());
/// let b = world.insert(&shape_aabb(&ball, &Pose2::translation(1.5, 0.0)).unwrap());
/// let c = world.insert(&shape_aabb(&ball, &Pose2::translation(9.0, 0.0)).unwrap());
/// let mut pairs = Vec::new();
/// world.pairs(&mut pairs);
/// assert_eq!(pairs, vec![(a, b)]);
/// // c moves next to b.
/// world.update(c, &shape_aabb(&ball, &Pose2::translation(3.0, 0.0)).unwrap()).unwrap();
/// world.pairs(&mut pairs);
/// assert_eq!(pairs, vec![(a, b), (b, c)]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct BroadPhase<T: Real, const N: usize> {
    slots: Vec<Slot<T, N>>,
    /// Free slot indices, reused last in, first out.
    free: Vec<u32>,
    /// The sweep list, sorted by `(min[axis], handle)` after each sweep.
    entries: Vec<Entry<T, N>>,
    /// Whether a body was removed since the last sweep.
    removed: bool,
    /// Scratch, reused between sweeps: one proxy per (body, grid cell).
    proxies: Vec<Proxy<N>>,
    /// Scratch: the sweep-list positions of the bodies too large for the
    /// grid, and a flag per position.
    large: Vec<u32>,
    is_large: Vec<bool>,
    axis: usize,
    len: usize,
    /// The slots touched since the last [`update_pairs`](Self::update_pairs).
    dirty: Vec<u32>,
    /// The pair set kept by [`update_pairs`](Self::update_pairs), built on
    /// its first call.
    tracker: Option<incremental::Tracker<T, N>>,
}

impl<T: Real, const N: usize> BroadPhase<T, N> {
    /// An empty broad phase (sweeping along axis 0 until the first
    /// [`pairs`](Self::pairs) chooses).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{Aabb, BroadPhase};
    ///
    /// let mut world = BroadPhase::<f64, 2>::new();
    /// assert!(world.is_empty());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self {
            slots: Vec::new(),
            free: Vec::new(),
            entries: Vec::new(),
            removed: false,
            proxies: Vec::new(),
            large: Vec::new(),
            is_large: Vec::new(),
            axis: 0,
            len: 0,
            dirty: Vec::new(),
            tracker: None,
        }
    }

    /// How many bodies it holds.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{Aabb, BroadPhase};
    ///
    /// let mut world = BroadPhase::<f64, 2>::new();
    /// world.insert(&Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 1.0)).unwrap());
    /// assert_eq!(world.len(), 1);
    /// ```
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds no body.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{Aabb, BroadPhase};
    ///
    /// let mut world = BroadPhase::<f64, 2>::new();
    /// let a = world.insert(&Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 1.0)).unwrap());
    /// world.remove(a).unwrap();
    /// assert!(world.is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The axis of the last sweep (0 before the first).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{Aabb, BroadPhase};
    ///
    /// let mut world = BroadPhase::<f64, 2>::new();
    /// // Bodies spread along y: the sweep runs along y.
    /// for k in 0..4 {
    ///     let y = f64::from(k) * 10.0;
    ///     world.insert(&Aabb::new(Point2::new(0.0, y), Point2::new(1.0, y + 1.0)).unwrap());
    /// }
    /// world.pairs(&mut Vec::new());
    /// assert_eq!(world.axis(), 1);
    /// ```
    #[inline]
    #[must_use]
    pub fn axis(&self) -> usize {
        self.axis
    }

    /// A body's box, `(min, max)`; `None` for an unknown handle.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{Aabb, BroadPhase};
    ///
    /// let mut world = BroadPhase::<f64, 2>::new();
    /// let a = world.insert(&Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 2.0)).unwrap());
    /// assert_eq!(world.bounds(a), Some((Point2::new(0.0, 0.0), Point2::new(1.0, 2.0))));
    /// ```
    #[must_use]
    pub fn bounds(&self, handle: Handle) -> Option<(Point<T, N>, Point<T, N>)> {
        self.slot(handle).ok().map(|s| (s.min, s.max))
    }

    /// Adds a body with the box `aabb` (finite and ordered by
    /// construction). Allocates when the storage grows.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{Aabb, BroadPhase};
    ///
    /// let mut world = BroadPhase::<f64, 2>::new();
    /// let a = world.insert(&Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 1.0)).unwrap());
    /// let b = world.insert(&Aabb::new(Point2::new(1.0, 0.0), Point2::new(2.0, 1.0)).unwrap());
    /// let mut pairs = Vec::new();
    /// world.pairs(&mut pairs);
    /// assert_eq!(pairs, vec![(a, b)]); // touching counts
    /// ```
    pub fn insert(&mut self, aabb: &Aabb<T, N>) -> Handle {
        self.insert_checked(aabb.min(), aabb.max())
    }

    /// Adds a body with the box `[min, max]`; a flat or point box
    /// (`min = max` along some axis) is allowed.
    ///
    /// # Errors
    /// [`BroadPhaseError::NonFinite`] for a NaN or infinite coordinate,
    /// [`BroadPhaseError::Inverted`] where `min > max`
    /// (tests/broad_phase.rs::bad_bounds_are_errors).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{Aabb, BroadPhase};
    ///
    /// let mut world = BroadPhase::<f64, 2>::new();
    /// let a = world.insert_bounds(&Point2::new(0.0, 0.0), &Point2::new(0.0, 1.0)).unwrap(); // flat
    /// assert!(world.insert_bounds(&Point2::new(1.0, 0.0), &Point2::new(0.0, 1.0)).is_err()); // min > max
    /// assert!(world.insert_bounds(&Point2::new(f64::NAN, 0.0), &Point2::new(0.0, 1.0)).is_err());
    /// assert_eq!(world.len(), 1);
    /// # let _ = a;
    /// ```
    pub fn insert_bounds(
        &mut self,
        min: &Point<T, N>,
        max: &Point<T, N>,
    ) -> Result<Handle, BroadPhaseError> {
        check_bounds(min, max)?;
        Ok(self.insert_checked(*min, *max))
    }

    /// Moves a body to the box `aabb`.
    ///
    /// # Errors
    /// [`BroadPhaseError::UnknownHandle`] for a removed or foreign handle.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{Aabb, BroadPhase};
    ///
    /// let mut world = BroadPhase::<f64, 2>::new();
    /// let a = world.insert(&Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 1.0)).unwrap());
    /// world.update(a, &Aabb::new(Point2::new(5.0, 5.0), Point2::new(6.0, 6.0)).unwrap()).unwrap();
    /// assert_eq!(world.bounds(a).unwrap().0, Point2::new(5.0, 5.0));
    /// ```
    pub fn update(&mut self, handle: Handle, aabb: &Aabb<T, N>) -> Result<(), BroadPhaseError> {
        let slot = self.slot_mut(handle)?;
        slot.min = aabb.min();
        slot.max = aabb.max();
        self.touch(handle.index);
        Ok(())
    }

    /// Moves a body to the box `[min, max]`.
    ///
    /// # Errors
    /// As [`insert_bounds`](Self::insert_bounds), then
    /// [`BroadPhaseError::UnknownHandle`].
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{Aabb, BroadPhase};
    ///
    /// let mut world = BroadPhase::<f64, 2>::new();
    /// let a = world.insert(&Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 1.0)).unwrap());
    /// world.update_bounds(a, &Point2::new(2.0, 2.0), &Point2::new(3.0, 3.0)).unwrap();
    /// assert!(world.update_bounds(a, &Point2::new(3.0, 2.0), &Point2::new(2.0, 3.0)).is_err());
    /// ```
    pub fn update_bounds(
        &mut self,
        handle: Handle,
        min: &Point<T, N>,
        max: &Point<T, N>,
    ) -> Result<(), BroadPhaseError> {
        check_bounds(min, max)?;
        let slot = self.slot_mut(handle)?;
        slot.min = *min;
        slot.max = *max;
        self.touch(handle.index);
        Ok(())
    }

    /// Removes a body; its handle is refused from then on.
    ///
    /// # Errors
    /// [`BroadPhaseError::UnknownHandle`] for a removed or foreign handle.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{Aabb, BroadPhase};
    ///
    /// let mut world = BroadPhase::<f64, 2>::new();
    /// let a = world.insert(&Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 1.0)).unwrap());
    /// world.remove(a).unwrap();
    /// assert_eq!(world.bounds(a), None);
    /// ```
    pub fn remove(&mut self, handle: Handle) -> Result<(), BroadPhaseError> {
        let slot = self.slot_mut(handle)?;
        slot.alive = false;
        slot.generation = slot.generation.wrapping_add(1);
        self.free.push(handle.index);
        self.removed = true;
        self.len -= 1;
        self.touch(handle.index);
        Ok(())
    }

    /// Every pair of bodies whose closed boxes overlap (touching counts),
    /// into `out` (cleared first), each pair once as `(lower handle,
    /// higher handle)`. The order is the sweep's: by grid cell, then by
    /// the first body's position along the sweep axis (ties by handle),
    /// then the pairs of large bodies; the same sequence of operations
    /// gives the same output
    /// (tests/broad_phase.rs::same_operations_give_the_same_order).
    /// Allocates only when `out` or the internal scratch grows.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{Aabb, BroadPhase};
    ///
    /// let mut world = BroadPhase::<f64, 2>::new();
    /// let a = world.insert(&Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 2.0)).unwrap());
    /// let b = world.insert(&Aabb::new(Point2::new(1.0, 1.0), Point2::new(3.0, 3.0)).unwrap());
    /// world.insert(&Aabb::new(Point2::new(9.0, 9.0), Point2::new(10.0, 10.0)).unwrap());
    /// let mut pairs = Vec::new();
    /// world.pairs(&mut pairs);
    /// assert_eq!(pairs, vec![(a, b)]);
    /// ```
    pub fn pairs(&mut self, out: &mut Vec<(Handle, Handle)>) {
        out.clear();
        let _ = self.for_each_pair(|a, b| {
            out.push((a, b));
            ControlFlow::<()>::Continue(())
        });
    }

    /// As [`pairs`](Self::pairs), handing each pair to `visit` in the same
    /// order, stopping when it breaks (its value is returned). Allocates
    /// only when the internal scratch (one proxy per body and grid cell)
    /// grows.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{Aabb, BroadPhase};
    ///
    /// let mut world = BroadPhase::<f64, 2>::new();
    /// use core::ops::ControlFlow;
    /// for k in 0..3 {
    ///     world.insert(&Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 1.0)).unwrap());
    /// }
    /// // Three identical boxes: three pairs; stop after the first.
    /// let mut seen = 0;
    /// let r = world.for_each_pair(|_, _| {
    ///     seen += 1;
    ///     ControlFlow::Break(seen)
    /// });
    /// assert_eq!(r, ControlFlow::Break(1));
    /// ```
    pub fn for_each_pair<B>(
        &mut self,
        mut visit: impl FnMut(Handle, Handle) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.prepare();
        self.bucket();
        let axis = self.axis;
        let entries = &self.entries;
        let proxies = &self.proxies;
        let mut emit = |a: &Entry<T, N>, b: &Entry<T, N>| {
            if a.handle < b.handle {
                visit(a.handle, b.handle)
            } else {
                visit(b.handle, a.handle)
            }
        };
        // Small bodies: sweep within each grid cell; a pair is reported in
        // the one cell holding the lower corner of the two boxes' overlap
        // on the other axes, which both boxes touch.
        let w = self.cell_size();
        for (j, p) in proxies.iter().enumerate() {
            let a = &entries[p.entry as usize];
            let end = a.max[axis];
            for q in &proxies[j + 1..] {
                if q.cell != p.cell {
                    break;
                }
                let b = &entries[q.entry as usize];
                if b.min[axis] > end {
                    break;
                }
                if overlap(a, b) {
                    let corner =
                        Point::from(SVector::<T, N>::from_fn(|k, _| a.min[k].max(b.min[k])));
                    if cell_of(&corner, axis, w) == p.cell {
                        emit(a, b)?;
                    }
                }
            }
        }
        // Large bodies: against every body, once per pair.
        for &g in &self.large {
            let a = &entries[g as usize];
            for (o, b) in entries.iter().enumerate() {
                let o = o as u32;
                if o != g && (!self.is_large[o as usize] || g < o) && overlap(a, b) {
                    emit(a, b)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The grid's cell size: twice the mean extent of the boxes over the
    /// axes other than the sweep axis (1 when that is 0 or not finite).
    fn cell_size(&self) -> T {
        let mut sum = T::zero();
        for e in &self.entries {
            for k in (0..N).filter(|&k| k != self.axis) {
                sum += e.max[k] - e.min[k];
            }
        }
        let count: T = nalgebra::convert((self.entries.len() * N.saturating_sub(1)).max(1) as f64);
        let w = sum / count * nalgebra::convert::<f64, T>(2.0);
        if w > T::zero() && w.is_finite() {
            w
        } else {
            T::one()
        }
    }

    /// Fills the proxies (one per body and grid cell it touches, over the
    /// axes other than the sweep axis), sorted by cell then sweep order,
    /// and the list of bodies touching more than [`MAX_CELLS`] cells.
    fn bucket(&mut self) {
        let w = self.cell_size();
        let axis = self.axis;
        self.proxies.clear();
        self.large.clear();
        self.is_large.clear();
        for (i, e) in self.entries.iter().enumerate() {
            let i = u32::try_from(i).unwrap_or(u32::MAX);
            let Some((lo, hi)) = cell_range(&e.min, &e.max, axis, w) else {
                self.large.push(i);
                self.is_large.push(true);
                continue;
            };
            self.is_large.push(false);
            // Every cell of [lo, hi], an odometer over the axes.
            let mut cell = lo;
            loop {
                self.proxies.push(Proxy { cell, entry: i });
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
                    break;
                }
            }
        }
        self.proxies.sort_unstable_by_key(|p| (p.cell, p.entry));
    }

    /// Brings the sweep list up to date: drops removed bodies, copies the
    /// current boxes, chooses the axis, sorts.
    fn prepare(&mut self) {
        let slots = &self.slots;
        if self.removed {
            self.entries.retain(|e| {
                let s = &slots[e.handle.index()];
                s.alive && s.generation == e.handle.generation
            });
            self.removed = false;
        }
        for e in &mut self.entries {
            let s = &slots[e.handle.index()];
            e.min = s.min;
            e.max = s.max;
        }
        let axis = self.choose_axis();
        if axis == self.axis {
            insertion_sort_or_sort(&mut self.entries, axis);
        } else {
            self.axis = axis;
            self.entries.sort_unstable_by(|a, b| order(a, b, axis));
        }
    }

    /// The axis of largest centre variance, unless the current axis's
    /// variance is at least half of it (hysteresis, so that the axis does
    /// not flip between frames of a scene spread evenly).
    fn choose_axis(&self) -> usize {
        let Some(first) = self.entries.first() else {
            return self.axis;
        };
        let half: T = nalgebra::convert(0.5);
        let centre = |e: &Entry<T, N>, k: usize| e.min[k] * half + e.max[k] * half;
        // Shifted by the first centre, so that far from the origin the
        // variance does not cancel.
        let mut best = (self.axis, T::zero());
        let mut current = T::zero();
        let n: T = nalgebra::convert(self.entries.len() as f64);
        for k in 0..N {
            let pivot = centre(first, k);
            let (mut s1, mut s2) = (T::zero(), T::zero());
            for e in &self.entries {
                let d = centre(e, k) - pivot;
                s1 += d;
                s2 += d * d;
            }
            let mean = s1 / n;
            let var = s2 / n - mean * mean;
            if k == self.axis {
                current = var;
            }
            if var > best.1 {
                best = (k, var);
            }
        }
        let two: T = nalgebra::convert(2.0);
        if best.1 > current * two {
            best.0
        } else {
            self.axis
        }
    }

    fn insert_checked(&mut self, min: Point<T, N>, max: Point<T, N>) -> Handle {
        let handle = if let Some(index) = self.free.pop() {
            let slot = &mut self.slots[index as usize];
            slot.min = min;
            slot.max = max;
            slot.alive = true;
            Handle {
                index,
                generation: slot.generation,
            }
        } else {
            let index = u32::try_from(self.slots.len()).unwrap_or(u32::MAX);
            self.slots.push(Slot {
                min,
                max,
                generation: 0,
                alive: true,
                dirty: false,
            });
            Handle {
                index,
                generation: 0,
            }
        };
        self.entries.push(Entry { min, max, handle });
        self.len += 1;
        self.touch(handle.index);
        handle
    }

    /// Marks a slot as touched for [`update_pairs`](Self::update_pairs).
    #[inline]
    fn touch(&mut self, index: u32) {
        let slot = &mut self.slots[index as usize];
        if !slot.dirty {
            slot.dirty = true;
            self.dirty.push(index);
        }
    }

    fn slot(&self, handle: Handle) -> Result<&Slot<T, N>, BroadPhaseError> {
        match self.slots.get(handle.index()) {
            Some(s) if s.alive && s.generation == handle.generation => Ok(s),
            _ => Err(BroadPhaseError::UnknownHandle),
        }
    }

    fn slot_mut(&mut self, handle: Handle) -> Result<&mut Slot<T, N>, BroadPhaseError> {
        match self.slots.get_mut(handle.index()) {
            Some(s) if s.alive && s.generation == handle.generation => Ok(s),
            _ => Err(BroadPhaseError::UnknownHandle),
        }
    }
}

/// A body in one grid cell: the cell's coordinates over the axes other
/// than the sweep axis (0 on the sweep axis), and the body's position in
/// the sweep list.
#[derive(Clone, Copy, Debug)]
struct Proxy<const N: usize> {
    cell: [i64; N],
    entry: u32,
}

/// How many grid cells a body may touch before it is swept against every
/// body instead (a body much larger than the typical one).
const MAX_CELLS: u64 = 64;

/// The grid cell of `p` over the axes other than `axis`: `⌊pₖ / w⌋`,
/// saturating at the range of `i64`; 0 on `axis`.
#[inline]
fn cell_of<T: Real, const N: usize>(p: &Point<T, N>, axis: usize, w: T) -> [i64; N] {
    core::array::from_fn(|k| {
        if k == axis {
            return 0;
        }
        // ⌊x⌋ from the truncation (a conversion, where `floor` is a
        // library call on targets without SSE4.1): one less for a
        // negative non-integer.
        let x = p[k] / w;
        match num_traits::ToPrimitive::to_i64(&x) {
            Some(i) if x < T::zero() && nalgebra::convert::<f64, T>(i as f64) != x => i - 1,
            Some(i) => i,
            None if x > T::zero() => i64::MAX,
            None => i64::MIN,
        }
    })
}

/// The grid cell of `p` over all axes: `⌊pₖ / w⌋`, saturating.
#[inline]
fn cell_index<T: Real, const N: usize>(p: &Point<T, N>, w: T) -> [i64; N] {
    cell_of(p, N, w)
}

/// The closed range of grid cells (over the axes other than `skip`; pass
/// `N` for all axes) that the box `[min, max]` touches, or `None` when
/// that is more than [`MAX_CELLS`] cells.
#[inline]
fn cell_range<T: Real, const N: usize>(
    min: &Point<T, N>,
    max: &Point<T, N>,
    skip: usize,
    w: T,
) -> Option<([i64; N], [i64; N])> {
    let lo = cell_of(min, skip, w);
    let hi = cell_of(max, skip, w);
    let mut count: u64 = 1;
    for k in 0..N {
        let span = u64::try_from(i128::from(hi[k]) - i128::from(lo[k]) + 1).unwrap_or(u64::MAX);
        count = count.saturating_mul(span);
    }
    (count <= MAX_CELLS).then_some((lo, hi))
}

/// Whether the closed boxes of two slots overlap (touching counts).
#[inline]
fn overlap_bounds<T: Real, const N: usize>(a: &Slot<T, N>, b: &Slot<T, N>) -> bool {
    (0..N).all(|k| a.min[k] <= b.max[k] && b.min[k] <= a.max[k])
}

/// Whether two closed boxes overlap (touching counts).
#[inline]
fn overlap<T: Real, const N: usize>(a: &Entry<T, N>, b: &Entry<T, N>) -> bool {
    (0..N).all(|k| a.min[k] <= b.max[k] && b.min[k] <= a.max[k])
}

/// Finite coordinates, `min <= max` on every axis.
fn check_bounds<T: Real, const N: usize>(
    min: &Point<T, N>,
    max: &Point<T, N>,
) -> Result<(), BroadPhaseError> {
    for (bound, p) in [("min", min), ("max", max)] {
        if let Some(axis) = p.coords.iter().position(|c| !c.is_finite()) {
            return Err(BroadPhaseError::NonFinite { bound, axis });
        }
    }
    match (0..N).find(|&k| min[k] > max[k]) {
        Some(axis) => Err(BroadPhaseError::Inverted { axis }),
        None => Ok(()),
    }
}

/// The sweep order: `min` along `axis`, ties by handle (a total order on
/// finite boxes, so every sort gives the same list).
#[inline]
fn order<T: Real, const N: usize>(a: &Entry<T, N>, b: &Entry<T, N>, axis: usize) -> Ordering {
    a.min[axis]
        .partial_cmp(&b.min[axis])
        .unwrap_or(Ordering::Equal)
        .then(a.handle.cmp(&b.handle))
}

/// Insertion sort (linear on a sorted list, `O(n + swaps)` on a mostly
/// sorted one), abandoned for a full sort past `4n + 64` moves.
fn insertion_sort_or_sort<T: Real, const N: usize>(entries: &mut [Entry<T, N>], axis: usize) {
    let mut budget = 4 * entries.len() + 64;
    for i in 1..entries.len() {
        let mut j = i;
        while j > 0 && order(&entries[j - 1], &entries[j], axis) == Ordering::Greater {
            entries.swap(j - 1, j);
            j -= 1;
            budget = budget.saturating_sub(1);
        }
        if budget == 0 {
            entries.sort_unstable_by(|a, b| order(a, b, axis));
            return;
        }
    }
}
