// Code loaded on demand, once: every caller of the load shares one promise, and a load that failed (a page offline,
// a redeploy that removed the chunk) is tried again by the next caller. In src/spec, the lowest layer, so that the
// spec's loaders use it as the fixtures' and the runtime's do.

/**
 * `load`, called by the first caller and shared with every caller while it runs or once it resolved; after it
 * rejects (each waiting caller sees the rejection), the next caller calls `load` again.
 * @example const loadDigest = loadOnce(() => import('../domain/digest.js')); await loadDigest();
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}
