// The one answer every page part needs about the visitor: are we still finding out, signed out,
// or signed in. Account islands set it from supabase-js; the loading overlay on /profile,
// /visa-form and /admin shows while it is 'loading'.
import { atom } from 'nanostores';

/** Still finding out, known to be signed out, or known to be signed in. */
export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

/** The visitor's authentication state, shared by every island and script on the page. */
export const authStatus = atom<AuthStatus>('loading');
