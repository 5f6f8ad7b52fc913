/** Why an upload was not let in: its network has too many under way (429), or the site has (503). */
export type SlotRefusal = 429 | 503;

/**
 * Uploads under way at once, per client network and overall: a slow or stalled client holds a
 * socket, a temporary file and memory for as long as its upload lasts, so past these caps a new one
 * is refused at once, before its body is read.
 */
export function createUploadSlots(limits: { perNetwork: number; overall: number }) {
  const byNetwork = new Map<string, number>();
  let inUse = 0;

  return {
    /** A slot for this network's upload (release it exactly once, when the upload is over), or why not. */
    take(network: string): { release(): void } | SlotRefusal {
      const held = byNetwork.get(network) ?? 0;
      if (held >= limits.perNetwork) return 429;
      if (inUse >= limits.overall) return 503;
      byNetwork.set(network, held + 1);
      inUse += 1;
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          inUse -= 1;
          const left = (byNetwork.get(network) ?? 1) - 1;
          if (left > 0) byNetwork.set(network, left);
          else byNetwork.delete(network);
        },
      };
    },
    get inUse(): number {
      return inUse;
    },
  };
}

export type UploadSlots = ReturnType<typeof createUploadSlots>;
