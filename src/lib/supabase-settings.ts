// The site's Supabase project: its URL and anon key, checked with zod/mini. Apart from
// supabase.ts (the supabase-js client), so a plain request to the API (the booking form's look-up
// of open slots) reads them without downloading supabase-js.
import * as z from 'zod/mini';

/** The local backend's address (`npm start`, supabase/local/) when no URL is configured. */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
/**
 * The anon key of the local backend: the Supabase CLI's published development key, signed with
 * its well-known local JWT secret. It grants nothing row-level security does not allow anyway.
 */
export const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const supabaseEnvSchema = z.object({
  PUBLIC_SUPABASE_URL: z._default(
    z.url({ protocol: /^https?$/, error: 'PUBLIC_SUPABASE_URL must be an http(s) URL' }),
    LOCAL_SUPABASE_URL,
  ),
  PUBLIC_SUPABASE_ANON_KEY: z._default(
    z.string().check(
      z.regex(/^(?:[\w-]+\.[\w-]+\.[\w-]+|sb_publishable_[\w-]+)$/, 'PUBLIC_SUPABASE_ANON_KEY must be a JWT or a publishable key'),
    ),
    LOCAL_SUPABASE_ANON_KEY,
  ),
});

interface SupabaseSettings {
  url: string;
  anonKey: string;
}

/** Validates the public Supabase settings; empty values fall back to the local backend. */
export function readSupabaseSettings(env: Record<string, string | undefined>): SupabaseSettings {
  const present = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);
  const parsed = supabaseEnvSchema.safeParse({
    PUBLIC_SUPABASE_URL: present(env.PUBLIC_SUPABASE_URL),
    PUBLIC_SUPABASE_ANON_KEY: present(env.PUBLIC_SUPABASE_ANON_KEY),
  });
  if (!parsed.success) {
    throw new Error(`Invalid Supabase settings: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  return { url: parsed.data.PUBLIC_SUPABASE_URL.replace(/\/+$/, ''), anonKey: parsed.data.PUBLIC_SUPABASE_ANON_KEY };
}

/** The site's project URL and anon key, from PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY. */
export function siteSupabaseSettings(): SupabaseSettings {
  return readSupabaseSettings({
    PUBLIC_SUPABASE_URL: import.meta.env.PUBLIC_SUPABASE_URL,
    PUBLIC_SUPABASE_ANON_KEY: import.meta.env.PUBLIC_SUPABASE_ANON_KEY,
  });
}
