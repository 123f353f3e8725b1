;; The scanner's inner loops over a scan buffer, 16 bytes at a time (WebAssembly SIMD). The buffer lives in the
;; imported memory; positions are byte indices into it. Loads may read up to 17 bytes past `to`: the buffer keeps
;; that much slack. Built into simd-kernel-wasm.ts by `npm run build:wasm`.
(module
  (import "scan" "memory" (memory 1))

  ;; First p in [from, to) with (mem[p] | f1) == b1 and (mem[p + 1] | f2) == b2, or -1.
  (func (export "pair") (param $from i32) (param $to i32) (param $b1 i32) (param $b2 i32) (param $f1 i32) (param $f2 i32)
    (result i32)
    (local $p1 v128) (local $p2 v128) (local $m1 v128) (local $m2 v128) (local $bits i32) (local $p i32)
    (local.set $p1 (i8x16.splat (local.get $b1)))
    (local.set $p2 (i8x16.splat (local.get $b2)))
    (local.set $m1 (i8x16.splat (local.get $f1)))
    (local.set $m2 (i8x16.splat (local.get $f2)))
    (local.set $p (local.get $from))
    (block $none
      (loop $next
        (br_if $none (i32.ge_s (local.get $p) (local.get $to)))
        (local.set $bits
          (i8x16.bitmask
            (v128.and
              (i8x16.eq (v128.or (v128.load (local.get $p)) (local.get $m1)) (local.get $p1))
              (i8x16.eq (v128.or (v128.load offset=1 (local.get $p)) (local.get $m2)) (local.get $p2)))))
        (if (local.get $bits)
          (then
            (local.set $p (i32.add (local.get $p) (i32.ctz (local.get $bits))))
            (return (select (local.get $p) (i32.const -1) (i32.lt_s (local.get $p) (local.get $to))))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $next)))
    (i32.const -1))

  ;; Newlines in [from, to).
  (func (export "count") (param $from i32) (param $to i32) (result i32)
    (local $nl v128) (local $p i32) (local $n i32)
    (local.set $nl (i8x16.splat (i32.const 10)))
    (local.set $p (local.get $from))
    (block $tail
      (loop $block
        (br_if $tail (i32.gt_s (i32.add (local.get $p) (i32.const 16)) (local.get $to)))
        (local.set $n
          (i32.add (local.get $n)
            (i32.popcnt (i8x16.bitmask (i8x16.eq (v128.load (local.get $p)) (local.get $nl))))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $block)))
    (block $done
      (loop $byte
        (br_if $done (i32.ge_s (local.get $p) (local.get $to)))
        (local.set $n (i32.add (local.get $n) (i32.eq (i32.load8_u (local.get $p)) (i32.const 10))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $byte)))
    (local.get $n))

  ;; The position just after the n-th newline (n >= 1) in [from, to), or -1 when there are fewer.
  (func (export "after") (param $from i32) (param $to i32) (param $n i32) (result i32)
    (local $nl v128) (local $p i32) (local $bits i32) (local $c i32)
    (local.set $nl (i8x16.splat (i32.const 10)))
    (local.set $p (local.get $from))
    (block $tail
      (loop $block
        (br_if $tail (i32.gt_s (i32.add (local.get $p) (i32.const 16)) (local.get $to)))
        (local.set $bits (i8x16.bitmask (i8x16.eq (v128.load (local.get $p)) (local.get $nl))))
        (local.set $c (i32.popcnt (local.get $bits)))
        (if (i32.ge_u (local.get $c) (local.get $n))
          (then
            ;; Drop the first n - 1 newlines of the block; the lowest bit left is the n-th.
            (block $found
              (loop $drop
                (br_if $found (i32.le_u (local.get $n) (i32.const 1)))
                (local.set $bits (i32.and (local.get $bits) (i32.sub (local.get $bits) (i32.const 1))))
                (local.set $n (i32.sub (local.get $n) (i32.const 1)))
                (br $drop)))
            (return (i32.add (i32.add (local.get $p) (i32.ctz (local.get $bits))) (i32.const 1)))))
        (local.set $n (i32.sub (local.get $n) (local.get $c)))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $block)))
    (block $done
      (loop $byte
        (br_if $done (i32.ge_s (local.get $p) (local.get $to)))
        (if (i32.eq (i32.load8_u (local.get $p)) (i32.const 10))
          (then
            (local.set $n (i32.sub (local.get $n) (i32.const 1)))
            (if (i32.eqz (local.get $n)) (then (return (i32.add (local.get $p) (i32.const 1)))))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $byte)))
    (i32.const -1))
)
