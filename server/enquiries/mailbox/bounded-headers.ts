/**
 * Header fields as the mailbox reader reads them: each cut to a few KB, whatever the sender wrote, so
 * that parsing a message's headers costs the same for a References of 40,000 ids as for one of 10.
 */

/** How many of the message ids a reply names are kept and looked up: the most recent ones. */
export const MAX_MENTIONS = 100;
/** The most of one header field that is read: References keeps its end (the newest ids), the others their start. */
export const MAX_FIELD_CHARS = 4096;
/** The most header fields read (a header block of thousands of fields is read to this many). */
const MAX_FIELDS = 500;

/** A header value cut to MAX_FIELD_CHARS: its last ids (at an id's start) for lists of ids, its start otherwise. */
export function boundedValue(value: string, keepEnd: boolean): string {
  if (value.length <= MAX_FIELD_CHARS) return value;
  if (!keepEnd) return value.slice(0, MAX_FIELD_CHARS);
  const tail = value.slice(-MAX_FIELD_CHARS);
  const start = tail.indexOf('<');
  return start >= 0 ? tail.slice(start) : tail;
}

/** Header fields whose end matters (lists of message ids, oldest first). */
const ID_LIST_FIELDS = /^(references|in-reply-to):/i;

/**
 * A message's raw header block with every field cut to MAX_FIELD_CHARS (see boundedValue), so that
 * what is parsed on the way to matching is a few KB whatever the sender wrote.
 */
export function boundedHeaders(raw: Buffer): Buffer {
  const fields = raw.toString('latin1').split(/\r?\n(?![ \t])/);
  const kept = fields
    .filter((field) => field.trim() !== '')
    .slice(0, MAX_FIELDS)
    .map((field) => {
      const colon = field.indexOf(':');
      if (colon < 0 || field.length <= MAX_FIELD_CHARS) return field;
      return `${field.slice(0, colon + 1)} ${boundedValue(field.slice(colon + 1).trim(), ID_LIST_FIELDS.test(field))}`;
    });
  return Buffer.from(`${kept.join('\r\n')}\r\n`, 'latin1');
}

/**
 * A whole message with its top-level header block bounded as above (the body as it came): mailparser
 * refuses a header block larger than its limit, and would read a long References id by id.
 */
export function boundedMessage(source: Buffer): Buffer {
  let end = source.indexOf('\r\n\r\n');
  let separator = 4;
  const bare = source.indexOf('\n\n');
  if (bare >= 0 && (end < 0 || bare < end)) [end, separator] = [bare, 2];
  if (end < 0 || end <= MAX_FIELD_CHARS) return source;
  return Buffer.concat([
    boundedHeaders(source.subarray(0, end)),
    Buffer.from('\r\n'),
    source.subarray(end + separator),
  ]);
}
