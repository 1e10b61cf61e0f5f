// One way for an island to fetch what it shows (the carousel's slides, the profile's applications).
// The admin dashboard uses react-query, but react-query would add about 10 KB of gzip to the home
// page's carousel, whose whole island is under 2 KB: these islands need only what this hook does.
// A request whose answer is no longer wanted (the island unmounted, or asked for something else) is
// aborted and its answer ignored; `retry` asks again, once per call, on the visitor's action.
import { useCallback, useEffect, useState } from 'react';

/** Where a fetch stands: under way, answered, or failed (the loader threw or rejected). */
export type Fetched<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: unknown };

/**
 * Runs `load` when the island mounts, again when `key` changes (the key names everything `load`
 * depends on), and again on `retry()`.
 */
export function useFetch<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Fetched<T> & { retry: () => void } {
  const [state, setState] = useState<Fetched<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState((current) => (current.status === 'loading' ? current : { status: 'loading' }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => controller.abort();
    // Not `load`: it is a new closure on every render, and `key` stands for what it depends on.
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, retry };
}
