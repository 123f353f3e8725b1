/**
 * One backfill at a time across every OpenCode process (and the command line) sharing a data folder: a lease file
 * `<transcripts>/.locks/backfill.lock` holding "<pid> <taken at> <token>", created whole in one step (written under a
 * temporary name, then hard-linked, which fails when it exists). The holder renews it (its mtime) as it goes; a lease
 * whose process is gone, or that was not renewed for `staleMs`, is taken over, so a backfill killed with `kill -9`
 * is resumed by the next process that starts. The others skip the backfill: they never wait for it.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ensurePrivateDir } from "../../store/private-path.js";
import { LOCK_DIR, processAlive, tryCreate } from "../export/lock.js";

export const LEASE_FILE = "backfill.lock";
/** Not renewed for this long: its holder is stuck or gone (renewed at least every few seconds while it works). */
export const LEASE_STALE_MS = 120_000;

export interface Lease {
  /** Marks the lease as still held (cheap: one utimes). */
  renew(): void;
  release(): void;
}

export interface LeaseHolder {
  pid: number;
  since: number;
}

export function leaseFile(transcriptsDir: string): string {
  return path.join(transcriptsDir, LOCK_DIR, LEASE_FILE);
}

/** Who holds the lease now, or undefined when nobody (or only a stale holder) does. */
export function leaseHolder(transcriptsDir: string, staleMs = LEASE_STALE_MS): LeaseHolder | undefined {
  const held = read(leaseFile(transcriptsDir));
  return held && !isStale(held, staleMs) ? { pid: held.pid, since: held.since } : undefined;
}

interface Held extends LeaseHolder {
  raw: string;
  renewed: number;
}

function read(file: string): Held | undefined {
  try {
    const raw = fs.readFileSync(file, "utf8");
    const renewed = fs.statSync(file).mtimeMs;
    const [pid, since] = raw.split(" ").map(Number);
    return { raw, pid: pid || 0, since: since || 0, renewed };
  } catch {
    return undefined;
  }
}

function isStale(held: Held, staleMs: number): boolean {
  if (Date.now() - held.renewed > staleMs) return true;
  return held.pid !== process.pid && !processAlive(held.pid);
}

/**
 * Takes the lease, or answers who holds it. A stale lease is removed only when it is still the one that was read
 * (compared by content), so two processes that both found it stale never both take it: the second link fails.
 */
export function takeLease(transcriptsDir: string, staleMs = LEASE_STALE_MS): Lease | LeaseHolder {
  const file = leaseFile(transcriptsDir);
  ensurePrivateDir(path.dirname(transcriptsDir));
  ensurePrivateDir(transcriptsDir);
  ensurePrivateDir(path.dirname(file));
  const mine = `${process.pid} ${Date.now()} ${randomUUID()}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(file, mine)) return ownLease(file, mine);
    const held = read(file);
    if (!held) continue; // released in between
    if (!isStale(held, staleMs)) return { pid: held.pid, since: held.since };
    // Rename first: only one process can move this very file away, and only that one removes it.
    const moved = `${file}.stale.${process.pid}.${randomUUID()}`;
    try {
      fs.renameSync(file, moved);
    } catch {
      continue;
    }
    const taken = read(moved);
    fs.rmSync(moved, { force: true });
    if (taken?.raw !== held.raw && taken) {
      // Someone renewed or replaced it between our read and the rename: put theirs back and stand aside.
      if (!tryCreate(file, taken.raw)) continue;
      return { pid: taken.pid, since: taken.since };
    }
  }
  const held = read(file);
  return { pid: held?.pid ?? 0, since: held?.since ?? 0 };
}

function ownLease(file: string, mine: string): Lease {
  return {
    renew() {
      const now = new Date();
      try {
        fs.utimesSync(file, now, now);
      } catch {
        // Gone (a person removed it): the work goes on; the next holder's exports wait on the per-session lock.
      }
    },
    release() {
      if (read(file)?.raw === mine) fs.rmSync(file, { force: true });
    },
  };
}

export function isLease(value: Lease | LeaseHolder): value is Lease {
  return "release" in value;
}
