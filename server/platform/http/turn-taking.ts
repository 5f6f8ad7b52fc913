/**
 * Work that takes its turn: each `next()` resolves on a turn of the event loop of its own, one at a time,
 * in the order asked, with the loop's poll for new requests in between. The enquiry routes take a turn
 * before their checks and another before their answer, so that a burst of enquiries is handled one at a
 * time between the requests arriving meanwhile: a page asked for during the burst waits for one
 * enquiry's work, not for every enquiry that arrived or was committed with it.
 */
export function createTurnTaking() {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  function turn() {
    const resolve = waiting.shift()!;
    // An immediate set during the check phase runs in the next turn, after that turn's poll.
    if (waiting.length > 0) setImmediate(turn);
    else scheduled = false;
    resolve();
  }
  return {
    /** Resolves on a later turn of the event loop than the work asked before it. */
    next(): Promise<void> {
      return new Promise((resolve) => {
        waiting.push(resolve);
        if (!scheduled) {
          scheduled = true;
          setImmediate(turn);
        }
      });
    },
  };
}
