// One way for an island to fetch what it shows (the carousel's slides, the profile's applications).
// The admin dashboard uses react-query, but react-query would add about 10 KB of gzip to the home
// page's carousel, whose whole island is under 2 KB: these islands need only what this hook does.
// A request whose answer is no longer wanted (the island unmounted, or asked for something else) is
// aborted and its answer ignored; `retry` asks again, once per call, on the visitor's action.
import { useCallback, useEffect, useState } from 'react';
import { failed, type Result } from '../../lib/result.ts';

/**
 * Runs `load` when the island mounts, again when `key` changes (the key names everything `load`
 * depends on), and again on `retry()`. `result` is undefined while the fetch is under way, then
 * what `load` answered. A loader answers its failures as a Result with the words to show; one that
 * rejects instead is a bug, logged, and reads as an unexpected failure without words.
 */
export function useFetch<T>(key: string, load: (signal: AbortSignal) => Promise<Result<T>>): { result: Result<T> | undefined; retry: () => void } {
  const [result, setResult] = useState<Result<T>>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setResult(undefined);
    load(controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setResult(answer);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('A loader rejected instead of answering a Result:', error);
        setResult(failed('unexpected', ''));
      },
    );
    return () => controller.abort();
    // Not `load`: it is a new closure on every render, and `key` stands for what it depends on.
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { result, retry };
}
