/** Zod pieces the command schemas share, handed to each command's `schema` (see `command.ts`). */
import type { ZodRawShape, z } from "zod";

type Zod = typeof z;

const STATUS_VALUES = ["candidate", "active", "superseded", "rejected", "all"] as const;

/** Zod pieces the command schemas share. */
export function shared(z: Zod) {
  const globals = {
    "data-dir": z.string().trim().min(1, "must name a folder").optional(),
    json: z.boolean().optional(),
    help: z.boolean().optional(),
  };
  const int = (min: number, max: number) =>
    z
      .string()
      .regex(/^\d+$/, "must be a whole number")
      .transform(Number)
      .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
  const scope = z.string().trim().min(1, 'must be a folder, "project", "team", "global" or "all"').optional();
  const progress = z.boolean().optional();
  const id = z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "is not an entry id (letters, digits, - and _, as list shows them)");
  /** Exactly one positional, checked by `item`; the command reads it as a string. */
  const one = (item: ReturnType<Zod["string"]>, message: string) =>
    z
      .array(z.string())
      .length(1, message)
      .transform((args) => args[0] ?? "")
      .pipe(item);
  /** The schema of `entryFilterFlags`. */
  const entryFilters = (limitDefault: number) => ({
    scope,
    status: z.enum(STATUS_VALUES, { error: `must be one of ${STATUS_VALUES.join(", ")}` }).optional(),
    kind: z.string().trim().min(1, "must not be empty").optional(),
    trash: z.boolean().optional(),
    limit: int(1, 1000).default(limitDefault),
    offset: int(0, 1_000_000_000).default(0),
  });
  /** A command's whole input: its own flags and positionals (`shape`) with the global flags, nothing else. */
  const input = <T extends ZodRawShape>(shape: T) => z.strictObject({ ...globals, ...shape });
  return { globals, int, scope, progress, id, one, entryFilters, input };
}

/** What `shared` gives a command's schema. */
export type SharedSchemas = ReturnType<typeof shared>;
