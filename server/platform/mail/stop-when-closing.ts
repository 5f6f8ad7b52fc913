import type { FastifyInstance } from 'fastify';

/** How long mail work under way (a send, a mailbox read) may take to finish once the server is stopping. */
export const CLOSE_GRACE_MS = 2000;

/** True when `work` settled within `ms`, false when the time ran out first (it is not waited for). */
export async function settledWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(settled, settled), outOfTime]);
  } finally {
    clearTimeout(timer);
  }
}
const settled = () => true;

type Stop = () => Promise<void>;
const stopsOf = new WeakMap<FastifyInstance, Stop[]>();

/**
 * Stops what talks to a mail server (SMTP queues, the IMAP reader) as soon as shutdown begins:
 * Fastify's preClose, before the requests in flight are finished, so none of them (nor a timer) can
 * open a connection afterwards. All stops run at once, each with its own grace period, while the
 * requests finish: a silent mail server costs the shutdown one grace, not one per queue. The app's
 * onClose waits for them (before the database closes).
 */
export function stopWhenClosing(app: FastifyInstance, stop: Stop): void {
  (stopsOf.get(app) ?? stopsRunAtClose(app)).push(stop);
}

/** The app's list of stops, and the hooks that run them all at once (once, even if preClose never ran). */
function stopsRunAtClose(app: FastifyInstance): Stop[] {
  const stops: Stop[] = [];
  stopsOf.set(app, stops);
  let stopping: Promise<void> | undefined;
  const stopAll = async () => {
    const outcomes = await Promise.allSettled(stops.map((stop) => stop()));
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') app.log.error({ err: outcome.reason }, 'stopping mail work failed');
  };
  app.addHook('preClose', async () => void (stopping ??= stopAll()));
  app.addHook('onClose', async () => (stopping ??= stopAll()));
  return stops;
}
