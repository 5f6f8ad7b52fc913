import { isEmailAddress } from '../enquiry/validation.js';
import { REPLY_TEXT } from './texts.js';

/** The most addresses a reply's CC, or its BCC, may hold. */
export const MAX_COPIES = 10;
/** The longest CC or BCC field a draft keeps as typed: MAX_COPIES of the longest addresses, with separators. */
export const MAX_COPIES_TYPED = MAX_COPIES * 256;

/** How a reply's CC or BCC is stored (enquiry_messages.cc, .bcc): "a@x.example, b@y.example"; empty: none. */
export const joinAddresses = (addresses: readonly string[]): string => addresses.join(', ');
export const splitAddresses = (stored: string): string[] => stored.split(', ').filter(Boolean);

/** A reply's CC or BCC as parsed: the addresses, or why the field is refused. */
export type Copies = { addresses: string[] } | { error: string };

/**
 * The addresses typed in a reply's CC or BCC field: separated by commas, semicolons, spaces or lines
 * (as pasted from a mail program), each checked as an e-mail address, each once, at most MAX_COPIES.
 * `label` names the field in the message ("CC", "BCC").
 */
export function copiesOf(typed: string, label: string): Copies {
  const parts = typed.split(/[\s,;]+/).filter(Boolean);
  const wrong = parts.find((part) => part.length > 254 || !isEmailAddress(part));
  if (wrong !== undefined) return { error: REPLY_TEXT.copyNotAnAddress(label, wrong) };
  const lower = parts.map((part) => part.toLowerCase());
  const addresses = parts.filter((_, index) => lower.indexOf(lower[index]!) === index);
  if (addresses.length > MAX_COPIES) return { error: REPLY_TEXT.tooManyCopies(label, MAX_COPIES) };
  return { addresses };
}
