/**
 * A real small disk for disk-full tests: a tmpfs of a few megabytes mounted on a folder (as root, or through
 * passwordless sudo, as on CI runners), then filled to the last byte. Where neither works (a container without
 * CAP_SYS_ADMIN, a machine without sudo), `mountSmallDisk` throws saying so; LEDGER_SKIP_DISK_FULL=1 skips these tests
 * on purpose. Nothing is simulated: the writes fail with the kernel's own ENOSPC.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const SKIP_DISK_FULL = process.env.LEDGER_SKIP_DISK_FULL === "1";

function privileged(args: string[]): { ok: boolean; error: string } {
  const asRoot = process.getuid?.() === 0;
  const [command, ...rest] = asRoot ? args : ["sudo", "-n", ...args];
  const result = spawnSync(command as string, rest, { encoding: "utf8" });
  return { ok: result.status === 0, error: (result.stderr || result.error?.message || "").trim() };
}

export interface SmallDisk {
  dir: string;
  /** Writes a filler file until the disk is full, leaving `leave` bytes free (rounded to pages). */
  fill(leave?: number): void;
  /** Removes the filler: the disk has room again. */
  free(): void;
  unmount(): void;
}

/**
 * Runs `fn` with a small disk mounted on `dir` and unmounts it afterwards, inside the test itself: test runners order
 * their after-each hooks differently (Bun runs the temp-folder cleanup first, which cannot remove a mount point).
 */
export async function onSmallDisk<T>(dir: string, bytes: number, fn: (disk: SmallDisk) => Promise<T>): Promise<T> {
  const disk = mountSmallDisk(dir, bytes);
  try {
    return await fn(disk);
  } finally {
    disk.unmount();
  }
}

export function mountSmallDisk(dir: string, bytes: number): SmallDisk {
  fs.mkdirSync(dir, { recursive: true });
  const uid = process.getuid?.() ?? 0;
  const gid = process.getgid?.() ?? 0;
  const mounted = privileged([
    "mount",
    "-t",
    "tmpfs",
    "-o",
    `size=${bytes},mode=0700,uid=${uid},gid=${gid}`,
    "tmpfs",
    dir,
  ]);
  if (!mounted.ok) {
    throw new Error(
      `the disk-full tests mount a ${bytes}-byte tmpfs on ${dir} and could not (${mounted.error}). Run them as root or with passwordless sudo, or set LEDGER_SKIP_DISK_FULL=1 to skip them knowingly.`,
    );
  }
  const filler = path.join(dir, ".filler");
  return {
    dir,
    fill(leave = 0) {
      const fd = fs.openSync(filler, "a");
      const chunk = Buffer.alloc(64 * 1024, 0x2e);
      let written = fs.fstatSync(fd).size;
      try {
        for (;;) written += fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
      if (leave > 0) fs.ftruncateSync(fd, Math.max(0, written - leave));
      fs.closeSync(fd);
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    unmount() {
      const done = privileged(["umount", "-l", dir]);
      if (!done.ok) throw new Error(`could not unmount the test disk ${dir}: ${done.error}`);
    },
  };
}
