/**
 * The docs a newcomer reads (docs/README.md): each doc in docs/ is at most 1,500 words, has a heading
 * at least every 400 words, and every link to a doc (from the docs, README.md or a code comment)
 * reaches a file that exists and, when it names a section, a heading of that file. Each doc is listed
 * in its folder's README.md (docs/README.md, docs/decisions/README.md).
 */
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import t from 'tap';
import { projectRoot } from '../../server/platform/paths.js';

const MAX_WORDS = 1500;
const MAX_WORDS_WITHOUT_HEADING = 400;
const CODE_ROOTS = ['server', 'client', 'shared', 'test'];
const CODE = /\.(ts|tsx|mjs)$/;
/** A Markdown link's target: `[text](target)`. */
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;
/** A doc named in a code comment: `docs/backup.md` or `docs/enquiry-desk-search.md`. */
const DOC_MENTION = /\bdocs\/[\w/-]+\.md(?:#[\w-]+)?/g;

function filesUnder(folder: string, pattern: RegExp): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'fixtures' ? [] : filesUnder(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

type Line = { text: string; heading: string | null };

/** The doc's lines outside code fences, each with the heading it is, if it is one. */
function proseLines(text: string): Line[] {
  let inFence = false;
  const lines: Line[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    const heading = !inFence ? (/^#{1,6}\s+(.*)$/.exec(line)?.[1] ?? null) : null;
    lines.push({ text: line, heading });
  }
  return lines;
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const headings = proseLines(readFileSync(file, 'utf8')).flatMap((line) => (line.heading ? [line.heading] : []));
  return new Set(headings.map(anchorOf));
}

/** The longest run of words with no heading in it, and the heading it follows. */
function longestStretch(text: string): { words: number; after: string } {
  let longest = { words: 0, after: '(start)' };
  let current = { words: 0, after: '(start)' };
  for (const line of proseLines(text)) {
    if (line.heading !== null) current = { words: 0, after: line.heading };
    else current.words += wordCount(line.text);
    if (current.words > longest.words) longest = { ...current };
  }
  return longest;
}

/** Why a link to `target` (a path with an optional #anchor, relative to `from`'s folder) is broken, or null. */
function brokenLink(fromFolder: string, target: string): string | null {
  const [path = '', anchor] = target.split('#');
  const file = path === '' ? null : resolve(fromFolder, path);
  if (file !== null && !existsSync(file)) return `${relative(projectRoot, file)} does not exist`;
  if (anchor && file !== null && file.endsWith('.md') && !anchorsOf(file).has(anchor)) {
    return `${relative(projectRoot, file)} has no heading #${anchor}`;
  }
  return null;
}

const docsFolder = join(projectRoot, 'docs');
const docs = filesUnder(docsFolder, /\.md$/);
const name = (path: string) => relative(projectRoot, path);

t.test('every doc is at most 1,500 words', async (t) => {
  const counts = docs.map((doc) => ({ doc: name(doc), words: wordCount(readFileSync(doc, 'utf8')) }));
  t.same(
    counts.filter(({ words }) => words > MAX_WORDS),
    [],
    'docs over the limit',
  );
  t.ok(docs.length > 10, `${docs.length} docs read`);
});

t.test('no doc runs 400 words without a heading', async (t) => {
  const walls = docs
    .map((doc) => ({ doc: name(doc), ...longestStretch(readFileSync(doc, 'utf8')) }))
    .filter(({ words }) => words > MAX_WORDS_WITHOUT_HEADING);
  t.same(walls, [], 'stretches without a heading');
});

t.test('every link from a doc to a file reaches one that exists', async (t) => {
  const broken = docs.flatMap((doc) =>
    [...readFileSync(doc, 'utf8').matchAll(MARKDOWN_LINK)]
      .map((match) => match[1] ?? '')
      .filter((target) => !/^[a-z]+:/.test(target))
      .map((target) => {
        const local = target.startsWith('#') ? `${basename(doc)}${target}` : target;
        const why = brokenLink(dirname(doc), local);
        return why && `${name(doc)} → ${target}: ${why}`;
      })
      .filter((why) => why !== null),
  );
  t.same(broken, [], 'broken links');
});

t.test("README.md's links and the code comments that name a doc reach it", async (t) => {
  const readme = join(projectRoot, 'README.md');
  const readmeLinks = [...readFileSync(readme, 'utf8').matchAll(MARKDOWN_LINK)]
    .map((match) => match[1] ?? '')
    .filter((target) => target.startsWith('docs/'))
    .map((target) => ({ from: 'README.md', target }));
  const mentions = CODE_ROOTS.flatMap((root) => filesUnder(join(projectRoot, root), CODE)).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(DOC_MENTION)].map((match) => ({ from: name(file), target: match[0] })),
  );
  t.ok(mentions.length > 10, `${mentions.length} mentions of docs in the code`);
  const broken = [...readmeLinks, ...mentions]
    .map(({ from, target }) => ({ from, target, why: brokenLink(projectRoot, target) }))
    .filter(({ why }) => why !== null);
  t.same(broken, [], 'broken links');
});

t.test("every doc is listed in its folder's README.md", async (t) => {
  const unlisted = docs
    .filter((doc) => !doc.endsWith('README.md'))
    .filter((doc) => {
      const index = join(dirname(doc), 'README.md');
      const targets = [...readFileSync(index, 'utf8').matchAll(MARKDOWN_LINK)].map((match) => match[1]?.split('#')[0]);
      return !targets.includes(relative(dirname(doc), doc));
    })
    .map(name);
  t.same(unlisted, [], 'docs no README.md links to');
});

t.test('the checks see a wall, a heading inside code and a broken link', async (t) => {
  const wall = `# Title\n\n${'word '.repeat(401)}\n\n## Next\n\nshort`;
  t.equal(longestStretch(wall).words, 401);
  t.equal(longestStretch('# A\n\n```\n# not a heading\n```\n').after, 'A');
  t.equal(anchorOf('Replies from the mailbox (issue 40 items 3, 16)'), 'replies-from-the-mailbox-issue-40-items-3-16');
  t.match(brokenLink(docsFolder, 'no-such-doc.md'), /does not exist/);
  t.match(brokenLink(docsFolder, 'README.md#no-such-heading'), /has no heading/);
});
