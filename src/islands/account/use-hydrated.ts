// False on the server and in the first client render, true once the island has hydrated. The
// account forms keep their submit button disabled until then: submitted before hydration, a form
// would fall back to the browser's own GET submission and put the typed password in the URL. The
// nav's auth menu and the profile wait for it too, so their first render equals the server's even
// when the auth store has already settled.
import { useEffect, useState } from 'react';

/** Whether the island has hydrated (false on the server and in the first client render). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
