// The enumeration timing comparison for `npm run bench:api` (does the answer time tell who has an account?): a signup for a confirmed
// address against one for a new address, and a first recovery request for a known address
// against one for an unknown address. The backend does the same work on both paths
// (supabase/local/auth/signup.ts and emails.ts); this measures it from another process, as an
// outsider would, and prints the medians and Welch's t over the answer times. A benchmark, not a
// test: in a test process the client shares the event loop with the server, and on a busy
// machine every figure moves with the load.
import { median } from './median.ts';

/** Answer times of two kinds of request, compared. */
interface TimingComparison {
  /** Requests of each kind. */
  n: number;
  /** Medians of the first and the second kind, ms. */
  p50: [number, number];
  /** First minus second, medians, ms. */
  differenceP50: number;
  /** Welch's t over the two samples' means: beyond about ±2 the difference is unlikely to be chance. */
  t: number;
}

export interface EnumerationTiming {
  signup: TimingComparison;
  recover: TimingComparison;
}

const ROUNDS = 40;
const PASSWORD = 'bench-enumeration-password';

/**
 * Creates `ROUNDS` confirmed accounts, then times, alternating one kind with the other and with
 * no pause (so each request also meets whatever the previous one left running): signups of those
 * addresses against signups of new ones, and one first recovery request for each of them against
 * requests for unknown addresses.
 */
export async function enumerationTiming(url: string, anonKey: string, rounds = ROUNDS): Promise<EnumerationTiming> {
  const post = async (path: string, body: unknown): Promise<Response> => {
    const res = await fetch(`${url}/auth/v1/${path}`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return res;
  };
  const run = Date.now().toString(36);
  const known = Array.from({ length: rounds }, (_, i) => `known.${run}.${i}@bench.example`);
  for (const email of known) {
    await post('signup', { email, password: PASSWORD });
    const mail = (await (await fetch(`${url}/mail.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { links: string[] }[] };
    // Confirmed with the link's token, as /verify does (verifyOtp).
    const link = new URL(mail.messages.at(-1)!.links[0]!);
    await post('verify', { token_hash: link.searchParams.get('token_hash'), type: link.searchParams.get('type') });
  }
  const timed = async (send: () => Promise<Response>) => {
    const started = performance.now();
    await send();
    return performance.now() - started;
  };
  const compare = async (first: (i: number) => Promise<Response>, second: (i: number) => Promise<Response>) => {
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < rounds; i++) {
      a.push(await timed(() => first(i)));
      b.push(await timed(() => second(i)));
    }
    return summarize(a, b);
  };
  const stranger = (kind: string, i: number) => `${kind}.${run}.${i}@bench.example`;
  return {
    signup: await compare(
      (i) => post('signup', { email: known[i], password: PASSWORD }),
      (i) => post('signup', { email: stranger('new', i), password: PASSWORD }),
    ),
    recover: await compare(
      (i) => post('recover', { email: known[i] }),
      (i) => post('recover', { email: stranger('nobody', i) }),
    ),
  };
}

function summarize(a: number[], b: number[]): TimingComparison {
  const round = (x: number) => Math.round(x * 100) / 100;
  const p50: [number, number] = [round(median(a)), round(median(b))];
  return { n: a.length, p50, differenceP50: round(p50[0] - p50[1]), t: round(welchT(a, b)) };
}

/** Welch's t statistic: the difference of the means over its standard error, variances unequal. */
function welchT(a: number[], b: number[]): number {
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const variance = (xs: number[], m: number) => xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1);
  const [ma, mb] = [mean(a), mean(b)];
  const se = Math.sqrt(variance(a, ma) / a.length + variance(b, mb) / b.length);
  return se === 0 ? 0 : (ma - mb) / se;
}
