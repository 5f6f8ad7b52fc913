/**
 * Reads the TAP one test file printed (tap's own format: `# Subtest: name`, results indented four
 * spaces a level, a YAML block after a failure) into counts and the failures, each named by the
 * subtests it is in and its first assertion's message, for test/run-suite.ts.
 */

export interface Failure {
  /** The subtests the assertion is in, outermost first. */
  path: string[];
  /** The assertion's own name (its message), e.g. "the row is stored" or "timeout!". */
  name: string;
  /** What it found against what it wanted, on one line, when its YAML says so. */
  detail: string;
}

export interface FileResults {
  passed: number;
  failed: number;
  skipped: number;
  failures: Failure[];
  /** The file printed its closing plan (`1..N` at the top level): it ran to its end. */
  complete: boolean;
  /** The subtests still open where its output stops (where a file that died was). */
  unfinished: string[];
}

const SUBTEST = /^( *)# Subtest: ?(.*)$/;
const RESULT = /^( *)(not ok|ok) \d+(?: - (.*?))?(?: # (SKIP|TODO|time=)(.*))?$/i;
const TOP_PLAN = /^1\.\.\d+/;

/** The YAML block that follows a result at `indent` (from its `---` to its `...`), as lines. */
function yamlAfter(lines: string[], index: number, indent: number): string[] {
  const opening = ' '.repeat(indent + 2);
  if (lines[index + 1] !== `${opening}---`) return [];
  const block: string[] = [];
  for (let at = index + 2; at < lines.length && lines[at] !== `${opening}...`; at++)
    block.push(lines[at]!.slice(opening.length));
  return block;
}

/** found/wanted, or the lines a diff takes away and adds, or an error's message, on one short line. */
function detailOf(yaml: string[]): string {
  const value = (key: string) => yaml.find((line) => line.startsWith(`${key}: `))?.slice(key.length + 2);
  const found = value('found');
  const wanted = value('wanted');
  if (found !== undefined || wanted !== undefined) return `found ${found ?? '?'}, wanted ${wanted ?? '?'}`;
  const diffAt = yaml.indexOf('diff: |');
  const diff = diffAt < 0 ? [] : yaml.slice(diffAt + 1).filter((line) => /^ {2}[-+](?!--|\+\+)/.test(line));
  if (diff.length > 0)
    return diff
      .slice(0, 4)
      .map((line) => line.trim())
      .join(' ');
  for (const key of ['message', 'expired', 'signal']) {
    const said = value(key);
    if (said && said !== 'null') return `${key}: ${said.replace(/^['"]|['"]$/g, '')}`;
  }
  return '';
}

export function parseTap(text: string): FileResults {
  const lines = text.split('\n');
  const results: FileResults = { passed: 0, failed: 0, skipped: 0, failures: [], complete: false, unfinished: [] };
  const open: { indent: number; name: string }[] = [];
  lines.forEach((line, index) => {
    if (TOP_PLAN.test(line)) results.complete = true;
    const subtest = SUBTEST.exec(line);
    if (subtest) {
      open.push({ indent: subtest[1]!.length, name: subtest[2] || '(unnamed)' });
      return;
    }
    const result = RESULT.exec(line);
    if (!result) return;
    const indent = result[1]!.length;
    // A result at the indent of the subtest opened last closes that subtest; any other is an assertion.
    if (open.at(-1)?.indent === indent) {
      open.pop();
      return;
    }
    const directive = result[4]?.toUpperCase();
    if (directive === 'SKIP' || directive === 'TODO') results.skipped++;
    else if (result[2] === 'ok') results.passed++;
    else {
      results.failed++;
      results.failures.push({
        path: open.map((subtestOpen) => subtestOpen.name),
        name: result[3] ?? '(unnamed)',
        detail: detailOf(yamlAfter(lines, index, indent)),
      });
    }
  });
  results.unfinished = open.map((subtestOpen) => subtestOpen.name);
  return results;
}

/** One line naming a failure: the file, the subtests and the assertion, and what it found. */
export function failureLine(file: string, { path, name, detail }: Failure): string {
  const where = [file, ...path].join(' > ');
  const line = `FAIL ${where}: ${name}${detail ? ` (${detail})` : ''}`;
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}
