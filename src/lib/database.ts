// The site's view of the database: the types `npm run db:types` generates from the migrations
// (kept in common/ so the Edge Functions and the local backend import the same file), and the
// supabase-js client typed with them. A renamed column or function fails `npm run check`.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../common/database.types.ts';

export type { Database, Enums, Json, Tables, TablesInsert, TablesUpdate } from '../../common/database.types.ts';

/** The site's supabase-js client, typed with the generated `Database`. */
export type SiteClient = SupabaseClient<Database>;

/** What a function of the public schema returns (`supabase.rpc(name)`'s data). */
export type FunctionReturns<Name extends keyof Database['public']['Functions']> = Database['public']['Functions'][Name]['Returns'];
