/** Why an upload was not let in: its network has too many under way (429), or the site has (503). */
export type SlotRefusal = 429 | 503;

/** An upload's slot: released exactly once, when the upload is over. */
export interface UploadSlot {
  release(): void;
}

/** The share of the slots kept for buyers the site has reason to trust (a fifth, rounded down). */
export const reservedSlots = (overall: number) => Math.floor(overall / 5);

/**
 * Uploads under way at once, per client network and overall: a slow or stalled client holds a
 * socket, a temporary file and memory for as long as its upload lasts, so past these caps a new one
 * is refused at once. A fifth of the slots is reserved for uploads from a `trusted` sender (a form
 * filled in at a person's pace, or a network that sent enquiries before): a flood from many networks
 * that fills the rest does not keep a real buyer's drawing out.
 */
export function createUploadSlots(limits: { perNetwork: number; overall: number }) {
  const byNetwork = new Map<string, number>();
  const reserved = reservedSlots(limits.overall);
  let inUse = 0;

  return {
    /** Whether this network holds every slot it may: its next upload is refused before its body is read. */
    full: (network: string): boolean => (byNetwork.get(network) ?? 0) >= limits.perNetwork,

    /**
     * A slot for this network's upload, or why not.
     * `trusted` is asked only when the slots not reserved are all taken.
     */
    take(network: string, trusted: () => boolean): UploadSlot | SlotRefusal {
      const held = byNetwork.get(network) ?? 0;
      if (held >= limits.perNetwork) return 429;
      if (inUse >= limits.overall || (inUse >= limits.overall - reserved && !trusted())) return 503;
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
