// The functions' supabase-js client, typed with the `Database` that `npm run db:types` generates
// from the migrations (database.types.ts beside this file): a renamed column or function fails
// `npm run check`, not a delivery after five retries.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import type { Database } from '../../../common/database.types.ts';

export type { Database, Enums, Json, Tables } from '../../../common/database.types.ts';

/** A client of the project with the service key, typed with the generated `Database`. */
export type ServiceClient = SupabaseClient<Database>;

/** What a function of the public schema returns. */
export type FunctionReturns<Name extends keyof Database['public']['Functions']> = Database['public']['Functions'][Name]['Returns'];
