// The one drain loop of both outboxes (the CRM webhook's, ./lead-webhook.ts, and the
// subscriptions', ./subscriptions.ts): due items a few at a time, each claimed before its
// attempt, one attempt per item per drain (a receiver that fails fast waits for its delay),
// until none is due, `signal` aborts or `deadline` passes.
export interface DrainSteps<T, C> {
  due: (limit: number) => Promise<T[]>;
  keyOf: (item: T) => string;
  claim: (item: T) => Promise<C | undefined>;
  /** Something (the attempt's record) when an attempt was made; undefined when none was. */
  attempt: (claimed: C) => Promise<unknown>;
  concurrency: number;
  signal?: AbortSignal | undefined;
  deadline?: (() => boolean) | undefined;
}

export async function drainDue<T, C>(steps: DrainSteps<T, C>): Promise<{ attempted: number }> {
  let attempted = 0;
  const seen = new Set<string>();
  const stopped = () => Boolean(steps.signal?.aborted || steps.deadline?.());
  while (!stopped()) {
    const due = (await steps.due(steps.concurrency * 4)).filter(
      (item) => !seen.has(steps.keyOf(item)),
    );
    if (due.length === 0) break;
    const queue = [...due];
    const worker = async () => {
      for (let item = queue.shift(); item && !stopped(); item = queue.shift()) {
        seen.add(steps.keyOf(item));
        const claimed = await steps.claim(item);
        if (claimed && (await steps.attempt(claimed))) attempted++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(steps.concurrency, queue.length) }, worker));
  }
  return { attempted };
}
