import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { MAX_SIGNATURE_LENGTH, REPLY_FIELDS, type DraftSaved, type TypedReply } from '../../../shared/admin/reply.js';
import { REPLY_TEXT } from '../../../shared/admin/texts.js';

/** Where the kept draft stands: saved on the server (when), being saved, not saved, or the session ended. */
export type DraftState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'failed'; message: string }
  | { kind: 'signed-out' };

/** A pause this long after the last key saves the draft. */
const DRAFT_PAUSE_MS = 800;
/** The text typed when the session ended, kept in this browser's tab until the enquiry is open again. */
const signedOutKey = (enquiryId: number) => `forge-reply-${enquiryId}`;

const parsed = (kept: string): TypedReply | null => {
  try {
    const typed = JSON.parse(kept) as Partial<TypedReply>;
    return typeof typed.body === 'string'
      ? { body: typed.body, signature: typed.signature ?? null, cc: typed.cc ?? '', bcc: typed.bcc ?? '' }
      : null;
  } catch {
    return null;
  }
};
const keptIn = (enquiryId: number): string | null => {
  try {
    return window.sessionStorage.getItem(signedOutKey(enquiryId));
  } catch {
    return null;
  }
};
const noChanges = () => () => {};

/**
 * The reply typed before the session ended, put back in the form once this tab opens the enquiry
 * again (read once hydrated: the server's page has none): `restore` sets the form's fields, and
 * `restored` runs after, once (the draft is saved). The tab forgets it once the server kept it.
 */
export function useSignedOutReply(
  enquiryId: number,
  restore: (typed: TypedReply) => void,
  restored: (typed: TypedReply) => void,
): boolean {
  const kept = useSyncExternalStore(
    noChanges,
    () => keptIn(enquiryId),
    () => null,
  );
  const [taken, setTaken] = useState<string | null>(null);
  const typed = taken === null ? null : parsed(taken);
  if (kept !== null && kept !== taken) {
    setTaken(kept);
    const next = parsed(kept);
    if (next) restore(next);
  }
  useEffect(() => {
    if (typed) restored(typed);
    // Once per text taken.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [taken]);
  return typed !== null;
}

/** The server has the text now (a draft saved, a reply sent): this tab need not keep it. */
export function forgetSignedOutReply(enquiryId: number): void {
  try {
    window.sessionStorage.removeItem(signedOutKey(enquiryId));
  } catch {
    // Storage refused: it was not kept either.
  }
}

/** Keeps what was typed in this tab when the session ended (the sign-in link brings it back). */
export function keepSignedOutReply(enquiryId: number, typed: TypedReply): void {
  try {
    window.sessionStorage.setItem(signedOutKey(enquiryId), JSON.stringify(typed));
  } catch {
    // Storage refused (private mode, full): the text stays in the form, as before.
  }
}

/**
 * The reply form's draft kept on the server as it is typed (with JavaScript): `changed` after each
 * key; a pause saves it (POST …/draft with the CSRF token). `settle` cancels a save still to come and
 * waits for one under way, so that sending the reply (which removes the draft) comes after it.
 */
export function useDraftAutosave(action: string, csrfToken: string, enquiryId: number, savedAt?: string) {
  const [state, setState] = useState<DraftState>(savedAt ? { kind: 'saved', at: savedAt } : { kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const running = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const save = async (typed: TypedReply) => {
    const form = new FormData();
    form.append(REPLY_FIELDS.body, typed.body);
    if (typed.signature !== null) form.append(REPLY_FIELDS.signature, typed.signature);
    form.append(REPLY_FIELDS.cc, typed.cc);
    form.append(REPLY_FIELDS.bcc, typed.bcc);
    setState({ kind: 'saving' });
    try {
      const response = await fetch(action, {
        method: 'POST',
        headers: { accept: 'application/json', 'x-csrf-token': csrfToken },
        body: form,
      });
      if (response.status === 401) {
        keepSignedOutReply(enquiryId, typed);
        return setState({ kind: 'signed-out' });
      }
      const answer = (await response.json().catch(() => null)) as (Partial<DraftSaved> & { message?: string }) | null;
      if (!response.ok || !answer?.savedAt) throw new Error(answer?.message ?? REPLY_TEXT.draftNotSaved);
      forgetSignedOutReply(enquiryId);
      setState({ kind: 'saved', at: answer.savedAt });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error ? error.message : REPLY_TEXT.draftNotSaved });
    }
  };
  return {
    state,
    setState,
    changed(typed: TypedReply) {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        running.current = running.current.then(() => save(typed));
      }, DRAFT_PAUSE_MS);
    },
    /** Saves now (the Save draft button). */
    saveNow(typed: TypedReply) {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      running.current = running.current.then(() => save(typed));
    },
    async settle() {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      await running.current;
    },
  };
}

/** The draft's state beside the Save draft button ("Draft saved"); the session's end with its sign-in link. */
export function DraftStatus({ state, signInHref }: { state: DraftState; signInHref: string }) {
  if (state.kind === 'signed-out')
    return (
      <p className="notice notice--error" role="alert">
        {`${REPLY_TEXT.signedOut} `}
        <a href={signInHref}>{REPLY_TEXT.signIn}</a>.
      </p>
    );
  const text =
    state.kind === 'saved'
      ? REPLY_TEXT.draftSaved
      : state.kind === 'saving'
        ? REPLY_TEXT.draftSaving
        : state.kind === 'failed'
          ? state.message
          : '';
  return (
    <span className={`reply-form__draft${state.kind === 'failed' ? ' field__error' : ''}`} role="status">
      {text}
    </span>
  );
}

/** The signature below the reply, editable for this reply (the usual one is on the Templates screen). */
export function SignatureField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (signature: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={`${id}-signature`}>{REPLY_TEXT.signatureLabel}</label>
      <p id={`${id}-signature-hint`} className="field__hint">
        {REPLY_TEXT.signatureHint}
      </p>
      <textarea
        id={`${id}-signature`}
        name={REPLY_FIELDS.signature}
        rows={3}
        maxLength={MAX_SIGNATURE_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-signature-hint`}
      />
    </div>
  );
}

/**
 * The reply's text and signature as typed: each change goes to the draft's autosave; the text typed
 * before the session ended comes back once (useSignedOutReply). `typed` is what the draft keeps (the
 * signature only when it is not the usual one).
 */
export function useTypedReply(
  enquiryId: number,
  start: TypedReply,
  usual: string,
  draftSaver: Pick<ReturnType<typeof useDraftAutosave>, 'changed'>,
) {
  const [body, setBody] = useState(start.body);
  const [signature, setSignature] = useState(start.signature ?? usual);
  const [copies, setCopies] = useState({ cc: start.cc, bcc: start.bcc });
  const typed = (next: Partial<TypedReply> = {}): TypedReply => {
    const now = { body, signature, ...copies, ...next };
    return { ...now, signature: now.signature === usual ? null : now.signature };
  };
  const restored = useSignedOutReply(
    enquiryId,
    (kept) => {
      setBody(kept.body);
      if (kept.signature !== null) setSignature(kept.signature);
      setCopies({ cc: kept.cc, bcc: kept.bcc });
    },
    (kept) => draftSaver.changed(kept),
  );
  return {
    body,
    signature,
    copies,
    typed,
    restored,
    change: (next: Partial<TypedReply>) => {
      if (next.body !== undefined) setBody(next.body);
      if (next.signature != null) setSignature(next.signature);
      if (next.cc !== undefined || next.bcc !== undefined)
        setCopies((now) => ({ cc: next.cc ?? now.cc, bcc: next.bcc ?? now.bcc }));
      draftSaver.changed(typed(next));
    },
    /** Sent: an empty reply with the usual signature, copied to no one. */
    clear: () => {
      setBody('');
      setSignature(usual);
      setCopies({ cc: '', bcc: '' });
    },
  };
}
