// False on the server and in the first client render, true once the island has hydrated. The
// account forms hydrated after paint (reset, set-password, verify) keep their submit button disabled
// until then; /login and /signup hydrate on first use and hold an early submit instead
// (src/page-scripts/hold-early-submits.ts; their forms post, so nothing typed reaches a URL). The
// nav's auth menu and the profile wait for it too, so their first render equals the server's even
// when the auth store has already settled.
import { useEffect, useState } from 'react';

/** Whether the island has hydrated (false on the server and in the first client render). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
