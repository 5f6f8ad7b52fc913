/**
 * Where the quoted history starts in a reply's text: an "On … wrote:" line (possibly wrapped over two
 * lines), "-----Original Message-----", an Outlook header block ("From: …" followed within a few lines
 * by "Sent: …" or "Date: …"), or the first of the lines starting with ">" that run to the end.
 */
function quoteStart(lines: string[]): number {
  // Where the lines that are quotes or blank, to the end, begin (found once: a body of many ">" lines
  // must not be read again from each of them).
  let trailing = lines.length;
  while (trailing > 0 && /^\s*(>|$)/.test(lines[trailing - 1]!)) trailing -= 1;
  for (let n = 0; n < lines.length; n += 1) {
    const line = lines[n]!.trim();
    if (/^-{2,}\s*Original Message\s*-{2,}$/i.test(line)) return n;
    if (/^On\b.*\bwrote:$/i.test(line)) return n;
    if (/^On\b/i.test(line) && /\bwrote:$/i.test(lines[n + 1]?.trim() ?? '')) return n;
    if (/^From:\s*\S/i.test(line) && lines.slice(n + 1, n + 5).some((next) => /^(Sent|Date):\s*\S/i.test(next.trim())))
      return n;
    // Only when everything after it is quotes or blank: a ">" inside the reply stays in the reply.
    if (line.startsWith('>') && n >= trailing) return n;
  }
  return lines.length;
}

/**
 * Splits a reply's text into what the buyer wrote and the quoted history below it (folded behind a
 * disclosure on the timeline). Both are trimmed; `quoted` is '' when there is none. The stored body
 * stays whole: this only decides what is shown first.
 */
export function foldQuoted(body: string): { reply: string; quoted: string } {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const start = quoteStart(lines);
  const reply = lines.slice(0, start).join('\n').trim();
  const quoted = lines.slice(start).join('\n').trim();
  // A message that is nothing but a quote (a bare forward) shows it all.
  if (reply === '') return { reply: quoted, quoted: '' };
  return { reply, quoted };
}
