//! The sweep status: an AVL tree over a fixed arena of items (the
//! polygon's edges, by index), threaded by a doubly linked list in tree
//! order.
//!
//! What the sweep needs of it: insert an item at the place a comparison
//! against the items present finds (`O(log n)` comparisons, the tree's
//! height being at most `1.44 log₂ n`), the item's neighbours below and
//! above (`O(1)`, read off the list), and removal by the item's own index
//! (no comparison at all, `O(log n)` relinking). A `BTreeSet` of edges
//! needed a search for each neighbour query and for each removal: about
//! six searches per edge where this needs one.
//!
//! Each item present has a slot in an arena, holding its links and the
//! key `K` the comparison reads (the edge's two end points) next to its
//! child links, so that a step of the descent touches one slot. A removed
//! item's slot is reused by the next insertion: the arena is as large as
//! the most items ever present at once, not the number of items, which
//! keeps the tree in cache.

use alloc::vec;
use alloc::vec::Vec;

/// No item.
const NIL: usize = usize::MAX;

/// What a step of the descent reads: the children and the key.
#[derive(Clone, Copy)]
struct Hot<K> {
    /// Left (below) and right (above) child: indexed by the comparison's
    /// outcome, so that the descent does not branch on it.
    child: [usize; 2],
    key: K,
}

/// What only the rebalancing and the neighbour queries read.
#[derive(Clone, Copy)]
struct Cold {
    parent: usize,
    prev: usize,
    next: usize,
    /// The item in this slot.
    item: usize,
    height: u8,
}

/// An ordered set of items `0..capacity`, each with a key fixed at
/// insertion. Links are between slots.
pub(crate) struct Status<K> {
    hot: Vec<Hot<K>>,
    cold: Vec<Cold>,
    /// Per item: its slot while present.
    slot: Vec<usize>,
    /// Slots of removed items, for reuse.
    free: Vec<usize>,
    root: usize,
}

impl<K: Copy> Status<K> {
    /// An empty set for items `0..capacity`.
    pub(crate) fn new(capacity: usize) -> Self {
        Self {
            hot: Vec::new(),
            cold: Vec::new(),
            slot: vec![NIL; capacity],
            free: Vec::new(),
            root: NIL,
        }
    }

    /// The item in slot `s`, if `s` is one.
    #[inline]
    fn item(&self, s: usize) -> Option<usize> {
        (s != NIL).then(|| self.cold[s].item)
    }

    /// The item just below `x` (present), if any.
    #[inline]
    pub(crate) fn below(&self, x: usize) -> Option<usize> {
        self.item(self.cold[self.slot[x]].prev)
    }

    /// The item just above `x` (present), if any.
    #[inline]
    pub(crate) fn above(&self, x: usize) -> Option<usize> {
        self.item(self.cold[self.slot[x]].next)
    }

    /// The key item `x` (present) was inserted with.
    #[inline]
    pub(crate) fn key(&self, x: usize) -> &K {
        &self.hot[self.slot[x]].key
    }

    /// Inserts item `x` (absent) with `key`; `above(key, key_other)` says
    /// whether `x` goes above (`Some(true)`) or below (`Some(false)`) the
    /// present item with key `key_other`, `None` for a tie, which the
    /// items' indices break (the larger above).
    pub(crate) fn insert(
        &mut self,
        x: usize,
        key: K,
        mut above: impl FnMut(&K, &K) -> Option<bool>,
    ) {
        let hot = Hot {
            child: [NIL; 2],
            key,
        };
        let cold = Cold {
            parent: NIL,
            prev: NIL,
            next: NIL,
            item: x,
            height: 1,
        };
        let n = if let Some(n) = self.free.pop() {
            self.hot[n] = hot;
            self.cold[n] = cold;
            n
        } else {
            self.hot.push(hot);
            self.cold.push(cold);
            self.hot.len() - 1
        };
        self.slot[x] = n;
        if self.root == NIL {
            self.root = n;
            return;
        }
        let mut p = self.root;
        let side = loop {
            let node = &self.hot[p];
            let up = match above(&key, &node.key) {
                Some(up) => up,
                None => x > self.cold[p].item,
            };
            let side = usize::from(up);
            let c = node.child[side];
            if c == NIL {
                break side;
            }
            p = c;
        };
        self.hot[p].child[side] = n;
        self.cold[n].parent = p;
        if side == 0 {
            // n comes just before p.
            let before = self.cold[p].prev;
            self.cold[n].prev = before;
            self.cold[n].next = p;
            self.cold[p].prev = n;
            if before != NIL {
                self.cold[before].next = n;
            }
        } else {
            // n comes just after p.
            let after = self.cold[p].next;
            self.cold[n].next = after;
            self.cold[n].prev = p;
            self.cold[p].next = n;
            if after != NIL {
                self.cold[after].prev = n;
            }
        }
        self.retrace(p);
    }

    /// Removes item `x` (present).
    pub(crate) fn remove(&mut self, item: usize) {
        let x = self.slot[item];
        self.slot[item] = NIL;
        self.free.push(x);
        let Cold {
            parent,
            prev,
            next,
            height,
            ..
        } = self.cold[x];
        let [left, right] = self.hot[x].child;
        let start = if left != NIL && right != NIL {
            // The successor s (leftmost of the right subtree, no left
            // child) takes x's place.
            let s = next;
            let sp = self.cold[s].parent;
            let start = if sp == x {
                s
            } else {
                let sr = self.hot[s].child[1];
                self.hot[sp].child[0] = sr;
                if sr != NIL {
                    self.cold[sr].parent = sp;
                }
                self.hot[s].child[1] = right;
                self.cold[right].parent = s;
                sp
            };
            self.hot[s].child[0] = left;
            self.cold[left].parent = s;
            self.replace_child(parent, x, s);
            self.cold[s].parent = parent;
            self.cold[s].height = height;
            start
        } else {
            let child = if left != NIL { left } else { right };
            self.replace_child(parent, x, child);
            if child != NIL {
                self.cold[child].parent = parent;
            }
            parent
        };
        if prev != NIL {
            self.cold[prev].next = next;
        }
        if next != NIL {
            self.cold[next].prev = prev;
        }
        self.retrace(start);
    }

    /// The height of the subtree at `x` (0 for none).
    #[inline]
    fn height(&self, x: usize) -> u8 {
        if x == NIL {
            0
        } else {
            self.cold[x].height
        }
    }

    /// Points `parent`'s link to `old` (or the root, for no parent) at
    /// `new`.
    #[inline]
    fn replace_child(&mut self, parent: usize, old: usize, new: usize) {
        if parent == NIL {
            self.root = new;
        } else {
            let node = &mut self.hot[parent];
            let side = usize::from(node.child[1] == old);
            node.child[side] = new;
        }
    }

    /// Sets `x`'s height from its children's.
    #[inline]
    fn update(&mut self, x: usize) {
        let [l, r] = self.hot[x].child;
        let h = self.height(l).max(self.height(r));
        self.cold[x].height = h + 1;
    }

    /// Turns the subtree at `x` so that its child on side `side` (0 left,
    /// 1 right) is its root; returns that root.
    fn rotate(&mut self, x: usize, side: usize) -> usize {
        let y = self.hot[x].child[side];
        let parent = self.cold[x].parent;
        let inner = self.hot[y].child[1 - side];
        self.hot[x].child[side] = inner;
        if inner != NIL {
            self.cold[inner].parent = x;
        }
        self.hot[y].child[1 - side] = x;
        self.cold[x].parent = y;
        self.replace_child(parent, x, y);
        self.cold[y].parent = parent;
        self.update(x);
        self.update(y);
        y
    }

    /// Restores the AVL balance (children's heights differ by at most
    /// one) from `x` up, after a change below `x`: each subtree rebalanced
    /// by at most two rotations; it stops where a subtree's height is what
    /// it was, as nothing above can have changed.
    fn retrace(&mut self, mut x: usize) {
        while x != NIL {
            let old = self.cold[x].height;
            let [l, r] = self.hot[x].child;
            let (hl, hr) = (self.height(l), self.height(r));
            let top = if hl.abs_diff(hr) > 1 {
                // The taller side, and within it, the inner grandchild
                // taller than the outer one → first a rotation below.
                let side = usize::from(hr > hl);
                let c = self.hot[x].child[side];
                let [cl, cr] = self.hot[c].child;
                let (outer, inner) = if side == 0 { (cl, cr) } else { (cr, cl) };
                if self.height(outer) < self.height(inner) {
                    self.rotate(c, 1 - side);
                }
                self.rotate(x, side)
            } else {
                self.update(x);
                x
            };
            if self.cold[top].height == old {
                return;
            }
            x = self.cold[top].parent;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::collections::BTreeSet;

    /// The tree's order, its list and its balance, checked against a
    /// `BTreeSet` under random insertions and removals of integer keys.
    #[test]
    fn agrees_with_a_btreeset() {
        let mut state = 0x5EED_u64;
        let mut rand = move |n: usize| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize % n
        };
        for round in 0..40 {
            let n = 1 + round * 13;
            let keys: Vec<i64> = (0..n).map(|_| rand(50) as i64).collect();
            let mut tree: Status<i64> = Status::new(n);
            let mut set = BTreeSet::new();
            for _ in 0..6 * n {
                let x = rand(n);
                if set.contains(&(keys[x], x)) {
                    tree.remove(x);
                    set.remove(&(keys[x], x));
                } else {
                    tree.insert(x, keys[x], |k, ko| (k != ko).then_some(k > ko));
                    set.insert((keys[x], x));
                }
                check(&tree, &set, &keys);
                assert!(tree.hot.len() <= n);
            }
        }
    }

    fn check(tree: &Status<i64>, set: &BTreeSet<(i64, usize)>, keys: &[i64]) {
        let order: Vec<usize> = set.iter().map(|&(_, x)| x).collect();
        // In-order walk of the tree, with heights and parents checked.
        fn walk(t: &Status<i64>, x: usize, parent: usize, out: &mut Vec<usize>) -> u8 {
            if x == NIL {
                return 0;
            }
            let node = t.hot[x];
            assert_eq!(t.cold[x].parent, parent);
            let hl = walk(t, node.child[0], x, out);
            out.push(t.cold[x].item);
            let hr = walk(t, node.child[1], x, out);
            assert!(hl.abs_diff(hr) <= 1, "unbalanced at {x}");
            assert_eq!(t.cold[x].height, hl.max(hr) + 1);
            hl.max(hr) + 1
        }
        let mut walked = Vec::new();
        walk(tree, tree.root, NIL, &mut walked);
        assert_eq!(walked, order);
        for (i, &x) in order.iter().enumerate() {
            assert_eq!(tree.below(x), i.checked_sub(1).map(|j| order[j]));
            assert_eq!(tree.above(x), order.get(i + 1).copied());
            assert_eq!(*tree.key(x), keys[x]);
        }
    }
}
