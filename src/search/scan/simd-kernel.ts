/**
 * The scanner's inner loops in WebAssembly SIMD (simd-kernel.wat): a scan buffer allocated here lives in a
 * WebAssembly memory, and the byte finder and the newline counters hand its hot loops to the kernel bound to that
 * memory. JavaScript reads about four bytes per nanosecond at best; the kernel tests sixteen at a time. Where the
 * runtime has no WebAssembly SIMD, buffers are plain memory and the JavaScript loops run, with the same results.
 */
import { SIMD_KERNEL_WASM } from "./simd-kernel-wasm.js";

export interface SimdKernel {
  /** First p in [from, to) with (mem[p] | f1) === b1 and (mem[p + 1] | f2) === b2, or -1. */
  pair(from: number, to: number, b1: number, b2: number, f1: number, f2: number): number;
  /** Newlines in [from, to). */
  count(from: number, to: number): number;
  /** The position just after the n-th newline (n ≥ 1) in [from, to), or -1. */
  after(from: number, to: number, n: number): number;
}

/** Bytes the kernel may read past the end it is given (a 16-byte load at the last position, one byte on). */
export const KERNEL_SLACK = 32;

const PAGE = 65_536;

let compiled: WebAssembly.Module | null | undefined;

function kernelModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      const bytes = Buffer.from(SIMD_KERNEL_WASM, "base64");
      compiled = WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
    } catch {
      compiled = null; // no WebAssembly, or no SIMD in it: the JavaScript loops serve
    }
  }
  return compiled;
}

/** The kernel of each memory, keyed by its buffer, so a finder handed any view of that buffer finds it. */
const kernels = new WeakMap<ArrayBufferLike, SimdKernel>();

/** Memory for a buffer of `size` bytes with its kernel, or undefined where the kernel cannot run. */
export function kernelMemory(size: number): ArrayBuffer | undefined {
  const module = kernelModule();
  if (!module) return undefined;
  const pages = Math.ceil((size + KERNEL_SLACK) / PAGE);
  let memory: WebAssembly.Memory;
  try {
    memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  } catch {
    return undefined; // past what one memory may hold, or no address space left for it: plain memory serves
  }
  const instance = new WebAssembly.Instance(module, { scan: { memory } });
  kernels.set(memory.buffer, instance.exports as unknown as SimdKernel);
  return memory.buffer;
}

/** The kernel for `bytes` when they are a view from the start of a kernel memory. */
export function kernelOf(bytes: Uint8Array): SimdKernel | undefined {
  return bytes.byteOffset === 0 ? kernels.get(bytes.buffer) : undefined;
}
