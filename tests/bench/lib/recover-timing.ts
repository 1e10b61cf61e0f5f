// The enumeration timing check for `npm run bench:api`: /auth/v1/recover answers {} for every
// address and does the look-up, the token and the email afterwards (supabase/local/auth/emails.ts),
// so a known address must not answer slower than an unknown one. Measured here, from another
// process as an outsider would, not in a test: in the test process the client shares the event
// loop with the server's queued email work, and the figure then flips with the machine's load.

export interface RecoverTiming {
  rounds: number;
  knownP50: number;
  unknownP50: number;
  knownP95: number;
  unknownP95: number;
  /** Known minus unknown, medians, ms. */
  differenceP50: number;
}

const ROUNDS = 100;
// Long enough for the queued work of one request (look-up, token, email) to finish before the
// next, so each answer is timed alone, as a probing outsider would see it.
const PAUSE_MS = 30;

/** Times `rounds` recover requests each for `knownEmail` and for new unknown addresses, alternating which goes first. */
export async function recoverTiming(url: string, anonKey: string, knownEmail: string, rounds = ROUNDS): Promise<RecoverTiming> {
  const known: number[] = [];
  const unknown: number[] = [];
  const time = async (email: string) => {
    const started = performance.now();
    const res = await fetch(`${url}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email }),
    });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`recover answered ${res.status}`);
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    return ms;
  };
  for (let i = 0; i < rounds; i++) {
    const stranger = `nobody.${Date.now().toString(36)}.${i}@bench.example`;
    if (i % 2) {
      known.push(await time(knownEmail));
      unknown.push(await time(stranger));
    } else {
      unknown.push(await time(stranger));
      known.push(await time(knownEmail));
    }
  }
  const q = (xs: number[], p: number) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! * 100) / 100;
  };
  const knownP50 = q(known, 0.5);
  const unknownP50 = q(unknown, 0.5);
  return {
    rounds,
    knownP50,
    unknownP50,
    knownP95: q(known, 0.95),
    unknownP95: q(unknown, 0.95),
    differenceP50: Math.round((knownP50 - unknownP50) * 100) / 100,
  };
}
