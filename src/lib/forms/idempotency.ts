// One idempotency key per submission: the key the table's unique `client_key` column enforces. A
// retry of the same values (after a failure whose answer was lost) reuses the key, so the row is
// stored once; changed values, or a new submission after a success, get a new key.

/** A random UUID v4; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface SubmissionKeys {
  /** The key for sending `payload`: the pending one if the payload is unchanged, else a new one. */
  keyFor(payload: unknown): string;
  /** The submission was stored: the next one gets a new key. */
  settled(): void;
}

export function submissionKeys(makeKey: () => string = randomKey): SubmissionKeys {
  let pending: { key: string; payload: string } | undefined;
  return {
    keyFor(payload) {
      const text = JSON.stringify(payload);
      if (pending?.payload !== text) pending = { key: makeKey(), payload: text };
      return pending.key;
    },
    settled() {
      pending = undefined;
    },
  };
}
