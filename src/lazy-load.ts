/**
 * Parts whose code loads on first use. The plugin starts in every OpenCode process, so the memory store, the
 * transcripts and the search (and drizzle with them) are imported only when a call first needs them.
 */

/** The names of `T`'s members that are functions returning a promise: the ones that can wait for their code. */
export type AsyncMethodOf<T> = {
  [K in keyof T]-?: T[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof T];

/** `load` run once, on the first call; every call gets the same promise. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
}

/**
 * A `T` whose `methods` load the real one on their first call and forward to it; `eager` holds every other member,
 * known without loading. The compiler checks that each member of `T` is one or the other.
 */
export function lazyObject<T extends object, Method extends AsyncMethodOf<T>>(
  load: () => Promise<T>,
  methods: readonly Method[],
  eager: Omit<T, Method>,
): T {
  const real = loadOnce(load);
  const forwarded: Record<PropertyKey, (...args: unknown[]) => Promise<unknown>> = {};
  for (const name of methods) {
    forwarded[name] = async (...args) => {
      const target = await real();
      return (target[name] as (...a: unknown[]) => Promise<unknown>).apply(target, args);
    };
  }
  return { ...eager, ...forwarded } as T;
}

/** An async function whose code loads on its first call. */
export function lazyFunction<Fn extends (...args: never[]) => Promise<unknown>>(load: () => Promise<Fn>): Fn {
  const real = loadOnce(load);
  const forward = async (...args: Parameters<Fn>) => (await real())(...args);
  return forward as Fn;
}
