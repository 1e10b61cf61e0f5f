// Work that must not be part of an answer: /recover and /resend reply {} at once and look up the
// address, issue the token and send the email afterwards, so neither the status, the body nor the
// time taken tells whether the address has an account.

/** Runs tasks one after another, each started after the current answer has been written. */
export class BackgroundQueue {
  private tail: Promise<void> = Promise.resolve();

  /** Queues `task`; a failure is logged under `label`, never thrown at the caller. */
  enqueue(label: string, task: () => Promise<void>): void {
    this.tail = this.tail.then(
      // setImmediate lets the response that queued the task go out first.
      () =>
        new Promise<void>((resolve) => setImmediate(resolve))
          .then(task)
          .catch((err: unknown) => console.error(`[auth] ${label} failed: ${err instanceof Error ? err.message : String(err)}`)),
    );
  }

  /** Resolves once every task queued so far has finished (tests and the mailbox wait on it). */
  settled(): Promise<void> {
    return this.tail;
  }
}
