// The hosted Edge Function: `supabase functions deploy unsubscribe --no-verify-jwt` (mail clients
// post without a key). SUPABASE_URL and SUPABASE_ANON_KEY are set by Supabase; SITE_URL is a
// secret: `supabase secrets set SITE_URL=https://www.bridgewayvisa.com`.
import { handleUnsubscribe } from './handler.ts';

// Deno's globals, declared here because the project's TypeScript checks this file as Node code.
declare const Deno: { serve(handler: (req: Request) => Promise<Response>): void; env: { get(name: string): string | undefined } };

const setting = (name: string): string => {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

Deno.serve((req) => handleUnsubscribe(req, { supabaseUrl: setting('SUPABASE_URL'), apiKey: setting('SUPABASE_ANON_KEY'), siteUrl: setting('SITE_URL') }));
