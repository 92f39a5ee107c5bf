//! The hashed grid of [`BroadPhase::update_pairs`](super::BroadPhase::update_pairs):
//! one flat open-addressed table of cells, each cell a chain of
//! fixed-capacity chunks in one shared pool (docs/broad-phase.md §5).
//!
//! ```text
//! cells:  [key, head] … open addressing, linear probing, ≤ half full
//! chunks: [next, len, slots[K], boxes[K]] …   one pool for every cell
//! a cell's chain: its head chunk may be part full, every later one is full
//! insert: into the head chunk, or a new head chunk when it is full
//! remove: the item's place takes the head chunk's last item; an emptied
//!         head chunk goes back to the pool
//! visit:  every item of a cell, its box writable (a body that stays in
//!         its cells takes its new box while it is paired)
//! ```
//!
//! An item is a body's slot index and its box clipped to the cell and
//! quantised to a byte per coordinate (10 bytes in 3D instead of 80 for
//! a cell, a slot and an `f64` box), so a look-up reads a cell's
//! candidates from a few consecutive lines; the quantised box only
//! filters (rounded outwards, it never rejects an overlapping pair), and
//! the pairs it passes are decided on the exact boxes. Within a chunk the
//! slot indices are stored apart from the boxes, so that finding a body's
//! own item (to remove it) reads one line per chunk.

use alloc::vec::Vec;

use nalgebra::Point;

use crate::Real;

/// Items per chunk: 16 slot indices fill one 64-byte line.
const CHUNK: usize = 16;

/// No chunk.
const NONE: u32 = u32::MAX;

/// The number of steps of the quantised boxes across a cell: levels
/// `1..=255` inside the cell, level 0 for "starts before the cell".
const LEVELS: f64 = 254.0;

/// A body's box as seen from one cell: clipped to the cell and quantised
/// to [`LEVELS`] steps across it, `min` rounded down and `max` up, on
/// levels `1..=255`; a `min` in an earlier cell (the body's lowest cell
/// along that axis is below this one) is level 0. The map from a
/// coordinate to its level is a chain of rounded operations, each
/// non-decreasing, followed by a clamp, and a coordinate in an earlier
/// cell lies below every coordinate in this one, so `a ≤ b` gives
/// `level(a) ≤ level(b)`: two exact boxes that overlap (touching counts)
/// have quantised boxes that overlap in every cell they share. The filter
/// never rejects a pair; it passes pairs less than a step apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Quantized<const N: usize> {
    min: [u8; N],
    max: [u8; N],
}

impl<const N: usize> Quantized<N> {
    /// The box `[min, max]` (finite), whose lowest cell is `lo`, seen
    /// from the cell `cell` of side `w` (a cell the box touches).
    #[inline]
    pub(super) fn new<T: Real>(
        min: &Point<T, N>,
        max: &Point<T, N>,
        lo: &[i64; N],
        cell: &[i64; N],
        w: T,
    ) -> Self {
        let w = w.to_f64().unwrap_or(1.0);
        let scale = LEVELS / w;
        let level = |x: T, k: usize| {
            #[allow(
                clippy::cast_precision_loss,
                reason = "any origin will do, the same for every item of the cell"
            )]
            let origin = cell[k] as f64 * w;
            (x.to_f64().unwrap_or(0.0) - origin) * scale
        };
        Self {
            min: core::array::from_fn(|k| {
                if lo[k] < cell[k] {
                    0
                } else {
                    1 + level_down(level(min[k], k))
                }
            }),
            max: core::array::from_fn(|k| 1 + level_up(level(max[k], k))),
        }
    }

    /// Whether the quantised boxes overlap (touching counts).
    #[inline]
    pub(super) fn overlaps(&self, other: &Self) -> bool {
        (0..N).all(|k| self.min[k] <= other.max[k] && other.min[k] <= self.max[k])
    }

    /// Whether this cell holds the lower corner of the two boxes' overlap
    /// (the cell where their pair is reported): along every axis, one of
    /// the two boxes starts in this cell. The corner is `max(a.min,
    /// b.min)`, and the cell index `⌊x / w⌋` is non-decreasing in `x`, so
    /// its cell is the larger of the two boxes' lowest cells, axis by
    /// axis; both are at most this cell (both boxes touch it).
    #[inline]
    pub(super) fn owner_with(&self, other: &Self) -> bool {
        (0..N).all(|k| self.min[k] != 0 || other.min[k] != 0)
    }
}

/// `⌊v⌋` clamped to `[0, LEVELS]` (0 for NaN, the whole cell).
#[inline]
fn level_down(v: f64) -> u8 {
    if v.is_nan() {
        return 0;
    }
    // Truncation is the floor on the clamped, non-negative value.
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "clamped to [0, 254]"
    )]
    let l = v.clamp(0.0, LEVELS) as u8;
    l
}

/// `⌈v⌉` clamped to `[0, LEVELS]` (`LEVELS` for NaN, the whole cell).
#[inline]
fn level_up(v: f64) -> u8 {
    if v.is_nan() {
        return 254;
    }
    let v = v.clamp(0.0, LEVELS);
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "clamped to [0, 254]"
    )]
    let l = v as u8;
    if f64::from(l) < v {
        l + 1
    } else {
        l
    }
}

/// A cell of the table: its coordinates and the head of its chain
/// (32 bytes in 3D, aligned so that a probe reads one line).
#[derive(Clone, Copy, Debug)]
#[repr(align(32))]
struct Cell<const N: usize> {
    key: [i64; N],
    /// The first chunk, [`NONE`] when the cell holds nothing.
    head: u32,
    used: bool,
}

/// Up to [`CHUNK`] items of one cell, and the next chunk of its chain.
/// Aligned to a cache line, the fields in this order: in 3D the length
/// and the first 14 slots fill the first line, and a chunk of up to 9
/// items is read in two lines.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
struct Chunk<const N: usize> {
    next: u32,
    len: u32,
    slots: [u32; CHUNK],
    boxes: [Quantized<N>; CHUNK],
}

/// The grid: cells hashed into one table, items in one pool of chunks.
#[derive(Clone, Debug, Default)]
pub(super) struct Grid<const N: usize> {
    /// Open-addressed, a power of two long (or empty), at most half used.
    cells: Vec<Cell<N>>,
    used: usize,
    chunks: Vec<Chunk<N>>,
    /// Chunks given back, reused first.
    free: Vec<u32>,
}

impl<const N: usize> Grid<N> {
    /// Empties the grid, keeping its memory; sized for about `cells` cells.
    pub(super) fn clear(&mut self, cells: usize) {
        let len = (2 * cells).next_power_of_two().max(64);
        self.cells.clear();
        self.cells.resize(
            len,
            Cell {
                key: [0; N],
                head: NONE,
                used: false,
            },
        );
        self.used = 0;
        self.chunks.clear();
        self.free.clear();
    }

    /// The table position of `key`, if the cell was ever used.
    #[inline]
    fn find(&self, key: &[i64; N]) -> Option<usize> {
        let mask = self.cells.len().checked_sub(1)?;
        let mut i = hash(key) & mask;
        loop {
            let c = &self.cells[i];
            if !c.used {
                return None;
            }
            if c.key == *key {
                return Some(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// The table position of `key`, adding the cell (and growing the
    /// table past half full).
    fn find_or_add(&mut self, key: &[i64; N]) -> usize {
        if let Some(i) = self.find(key) {
            return i;
        }
        if 2 * (self.used + 1) > self.cells.len() {
            self.grow();
        }
        let mask = self.cells.len() - 1;
        let mut i = hash(key) & mask;
        while self.cells[i].used {
            i = (i + 1) & mask;
        }
        self.cells[i] = Cell {
            key: *key,
            head: NONE,
            used: true,
        };
        self.used += 1;
        i
    }

    /// Doubles the table, re-placing the cells (their chains stay).
    fn grow(&mut self) {
        let len = (2 * self.cells.len()).max(64);
        let old = core::mem::replace(
            &mut self.cells,
            alloc::vec![
                Cell {
                    key: [0; N],
                    head: NONE,
                    used: false,
                };
                len
            ],
        );
        let mask = len - 1;
        for c in old.into_iter().filter(|c| c.used) {
            let mut i = hash(&c.key) & mask;
            while self.cells[i].used {
                i = (i + 1) & mask;
            }
            self.cells[i] = c;
        }
    }

    /// Adds slot `s` with box `b` to the cell `key`.
    pub(super) fn insert(&mut self, key: &[i64; N], s: u32, b: Quantized<N>) {
        let i = self.find_or_add(key);
        let head = self.cells[i].head;
        let head = if head == NONE || self.chunks[head as usize].len as usize == CHUNK {
            let chunk = Chunk {
                next: head,
                len: 0,
                slots: [0; CHUNK],
                boxes: [b; CHUNK],
            };
            let c = if let Some(c) = self.free.pop() {
                self.chunks[c as usize] = chunk;
                c
            } else {
                self.chunks.push(chunk);
                u32::try_from(self.chunks.len() - 1).unwrap_or(NONE)
            };
            self.cells[i].head = c;
            c
        } else {
            head
        };
        let chunk = &mut self.chunks[head as usize];
        let j = chunk.len as usize;
        chunk.slots[j] = s;
        chunk.boxes[j] = b;
        chunk.len += 1;
    }

    /// Where slot `s` sits in cell `i`'s chain: (chunk, place).
    #[inline]
    fn locate(&self, i: usize, s: u32) -> Option<(usize, usize)> {
        let mut c = self.cells[i].head;
        while c != NONE {
            let chunk = &self.chunks[c as usize];
            if let Some(j) = chunk.slots[..chunk.len as usize]
                .iter()
                .position(|&x| x == s)
            {
                return Some((c as usize, j));
            }
            c = chunk.next;
        }
        None
    }

    /// Takes slot `s` out of the cell `key` (nothing if it is not there).
    pub(super) fn remove(&mut self, key: &[i64; N], s: u32) {
        let Some(i) = self.find(key) else {
            return;
        };
        let Some((c, j)) = self.locate(i, s) else {
            return;
        };
        let head = self.cells[i].head as usize;
        let last = self.chunks[head].len as usize - 1;
        let (ls, lb) = (self.chunks[head].slots[last], self.chunks[head].boxes[last]);
        self.chunks[c].slots[j] = ls;
        self.chunks[c].boxes[j] = lb;
        self.chunks[head].len -= 1;
        if last == 0 {
            self.cells[i].head = self.chunks[head].next;
            self.free.push(u32::try_from(head).unwrap_or(NONE));
        }
    }

    /// Calls `visit(slot, quantised box)` on every item of the cell `key`;
    /// `visit` may rewrite the box.
    #[inline]
    pub(super) fn for_each_in(
        &mut self,
        key: &[i64; N],
        mut visit: impl FnMut(u32, &mut Quantized<N>),
    ) {
        let Some(i) = self.find(key) else {
            return;
        };
        let mut c = self.cells[i].head;
        while c != NONE {
            let chunk = &mut self.chunks[c as usize];
            let len = chunk.len as usize;
            for (s, b) in chunk.slots[..len].iter().zip(&mut chunk.boxes[..len]) {
                visit(*s, b);
            }
            c = chunk.next;
        }
    }
}

/// A cell's place in a table of a power-of-two length: a multiplicative
/// hash of its coordinates, whose high bits are the well-mixed ones.
#[inline]
fn hash<const N: usize>(cell: &[i64; N]) -> usize {
    let mut h: u64 = 0x243F_6A88_85A3_08D3;
    for &c in cell {
        h = (h ^ c.cast_unsigned()).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    (h >> 32) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantised_boxes_keep_every_overlap() {
        // Two boxes touching at x = 0.3 in the cell [0, 1)², and the
        // same pair far out and at a huge cell size.
        for (origin, w) in [(0.0_f64, 1.0_f64), (1e6, 1.0), (-3.7, 1e-3), (1e300, 1e300)] {
            let cell = [0_i64, 0];
            let p = |x: f64, y: f64| Point::from([origin + x * w, origin + y * w]);
            let a = Quantized::new(&p(0.1, 0.1), &p(0.3, 0.2), &cell, &cell, w);
            let b = Quantized::new(&p(0.3, 0.15), &p(0.9, 0.5), &cell, &cell, w);
            assert!(a.overlaps(&b), "{origin} {w}");
        }
        // Apart by more than a step: rejected.
        let cell = [2_i64, -1];
        let a = Quantized::new(
            &Point::from([2.1, -0.9]),
            &Point::from([2.2, -0.8]),
            &cell,
            &cell,
            1.0,
        );
        let b = Quantized::new(
            &Point::from([2.5, -0.9]),
            &Point::from([2.6, -0.8]),
            &cell,
            &cell,
            1.0,
        );
        assert!(!a.overlaps(&b));
        // Beyond the cell: clamped, and level 0 for a box starting in an
        // earlier cell.
        let c = Quantized::new(
            &Point::from([-5.0, -5.0]),
            &Point::from([9.0, 9.0]),
            &[-5, -5],
            &cell,
            1.0,
        );
        assert_eq!((c.min, c.max), ([0, 0], [255, 255]));
        // Touching exactly on the cell's lower side: one box ends there
        // (its max is level 1), the other starts there (its min is level
        // 1): kept.
        let d = Quantized::new(
            &Point::from([1.5, -0.5]),
            &Point::from([2.0, -0.5]),
            &[1, -1],
            &cell,
            1.0,
        );
        let e = Quantized::new(
            &Point::from([2.0, -0.5]),
            &Point::from([2.5, -0.5]),
            &cell,
            &cell,
            1.0,
        );
        assert_eq!((d.min[0], d.max[0], e.min[0]), (0, 1, 1));
        assert!(d.overlaps(&e));
        assert_eq!((level_down(f64::NAN), level_up(f64::NAN)), (0, 254));
        assert_eq!((level_down(2.5), level_up(2.5)), (2, 3));
    }

    #[test]
    fn quantised_owner_is_the_cell_of_the_overlap_corner() {
        // Boxes on a lattice of quarter cells, so that many start exactly
        // on a cell side: in every cell both touch, the quantised test
        // names the cell of max(a.min, b.min), and exactly one such cell.
        let w = 1.0_f64;
        let cell_of = |x: f64| x.floor() as i64;
        let coords = [-1.0, -0.75, -0.25, 0.0, 0.5, 1.0, 1.25];
        let mut checked = 0;
        for &a0 in &coords {
            for &a1 in coords.iter().filter(|&&x| x >= a0) {
                for &b0 in &coords {
                    for &b1 in coords.iter().filter(|&&x| x >= b0) {
                        // Along y a fixed overlap in cell 0, along x the lattice.
                        let (amin, amax) = (Point::from([a0, 0.2]), Point::from([a1, 0.4]));
                        let (bmin, bmax) = (Point::from([b0, 0.3]), Point::from([b1, 0.6]));
                        let (alo, blo) = ([cell_of(a0), 0], [cell_of(b0), 0]);
                        let lo = cell_of(a0).max(cell_of(b0));
                        let hi = cell_of(a1).min(cell_of(b1));
                        let corner = a0.max(b0);
                        let mut owners = 0;
                        for c in lo..=hi {
                            let cell = [c, 0];
                            let qa = Quantized::new(&amin, &amax, &alo, &cell, w);
                            let qb = Quantized::new(&bmin, &bmax, &blo, &cell, w);
                            let here = qa.owner_with(&qb);
                            assert_eq!(here, c == cell_of(corner), "{a0} {a1} {b0} {b1} {c}");
                            if a0 <= b1 && b0 <= a1 {
                                assert!(qa.overlaps(&qb));
                            }
                            owners += usize::from(here);
                            checked += 1;
                        }
                        if a0 <= b1 && b0 <= a1 {
                            assert_eq!(owners, 1);
                        }
                    }
                }
            }
        }
        assert!(checked > 500, "{checked}");
    }

    #[test]
    fn insert_remove_update_keep_every_item_once() {
        let mut g = Grid::<2>::default();
        g.clear(4);
        let b = |x: u8| Quantized {
            min: [x, 0],
            max: [x + 1, 1],
        };
        // 40 items in one cell (three chunks), 200 cells beside (growth).
        for s in 0..40 {
            g.insert(&[0, 0], s, b(s as u8));
        }
        for k in 0..200 {
            g.insert(&[k, 1], 1000 + k as u32, b(0));
        }
        for s in (0..40).step_by(3) {
            g.remove(&[0, 0], s);
        }
        g.for_each_in(&[0, 0], |s, r| {
            if s == 7 {
                *r = b(200);
            }
        });
        let mut seen = Vec::new();
        g.for_each_in(&[0, 0], |s, r| seen.push((s, r.min[0])));
        seen.sort_by_key(|&(s, _)| s);
        let want: Vec<(u32, u8)> = (0..40)
            .filter(|s| s % 3 != 0)
            .map(|s| (s, if s == 7 { 200 } else { s as u8 }))
            .collect();
        assert_eq!(seen, want);
        let mut count = 0;
        g.for_each_in(&[199, 1], |s, _| {
            assert_eq!(s, 1199);
            count += 1;
        });
        assert_eq!(count, 1);
        g.for_each_in(&[5, 5], |_, _| panic!("an unused cell is empty"));
    }
}
