/**
 * A value made on first use and shared by every caller after; a failed attempt is not kept, so the next use
 * tries again (a module that failed to load, a client that could not be built) rather than failing for the
 * server's life, and nothing is made (or rejected unhandled) before something asks for it.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
