import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Where one multipart request of the editor stands, for removing what it received. */
interface Receiving {
  /** Temporary files named for it so far (each removed at the end; one the handler kept is gone already). */
  paths: Set<string>;
  /** Files still arriving. */
  arriving: number;
  /** Its handler ran (it may use the files until it answers), and it answered. */
  handled: boolean;
  answered: boolean;
  /** Its connection is done with: the answer sent, or the client gone. */
  closed: boolean;
}

/**
 * The temporary files of the editor's uploads (photos, certificate PDFs, a content import), removed
 * once the request is over whatever its end: answered, refused, or the client gone at any byte, also
 * after the whole body while a file was still being synced to disk. A file is known from the moment
 * its name is chosen, and removed when the connection has closed, no file is still arriving, and the
 * handler (which may still be storing them) has answered or never ran.
 */
export function trackReceivedFiles(admin: FastifyInstance, discard: (tempPath: string) => Promise<void>) {
  const requests = new WeakMap<FastifyRequest, Receiving>();

  const settle = (state: Receiving) => {
    if (!state.closed || state.arriving > 0 || (state.handled && !state.answered)) return;
    for (const path of state.paths) void discard(path);
    state.paths.clear();
  };

  admin.addHook('onRequest', async (request, reply) => {
    if (!request.headers['content-type']?.startsWith('multipart/')) return;
    const state: Receiving = { paths: new Set(), arriving: 0, handled: false, answered: false, closed: false };
    requests.set(request, state);
    reply.raw.once('close', () => {
      state.closed = true;
      settle(state);
    });
  });
  admin.addHook('preHandler', async (request) => {
    const state = requests.get(request);
    if (state) state.handled = true;
  });
  admin.addHook('onSend', async (request) => {
    const state = requests.get(request);
    if (state) {
      state.answered = true;
      settle(state);
    }
  });

  return {
    /** One file of this request begins to arrive: `named` records its temporary file, `settled` says it ended. */
    arriving(request: FastifyRequest) {
      const state = requests.get(request);
      if (state) state.arriving += 1;
      return {
        named: (path: string) => state?.paths.add(path),
        settled: () => {
          if (!state) return;
          state.arriving -= 1;
          settle(state);
        },
      };
    },
  };
}
