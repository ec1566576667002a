// Asking for the world to be read again, without knowing what shows it: a panel that acted, or the token form
// once given a token, asks here; refreshing.ts, which owns what is read again and when, answers.

type Listener = () => Promise<void>;
const listeners = new Set<Listener>();

/**
 * Asks for everything but the journal to be read again; settles once it has been.
 * @example await requestRefresh()
 */
export async function requestRefresh(): Promise<void> {
  await Promise.all([...listeners].map((listener) => listener()));
}

/**
 * Answers requestRefresh() with `listener`; returns what stops it.
 * @example onRefreshRequested(refresh)
 */
export function onRefreshRequested(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
