// False on the server and in the first client render, true once the island has hydrated. The
// account forms keep their submit button disabled until then: submitted before hydration, a form
// would fall back to the browser's own GET submission and put the typed password in the URL.
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
