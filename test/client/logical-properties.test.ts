/**
 * The stylesheets say start and end, never left and right (issue #38): a right-to-left page mirrors
 * by itself. Comments are skipped; a sideways translate must go through --inline-sign.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { projectRoot } from '../../server/platform/paths.js';

const STYLES = join(projectRoot, 'client/styles');

/** A physical declaration: a left/right property (margin-left, border-right-color, left: …) or value (text-align: right, float: left). */
const PHYSICAL = [
  /(?:^|[\s;{])(?:[a-z-]+-)?(?:left|right)(?:-[a-z-]+)?\s*:/,
  /:\s*[^;{}]*\b(?:left|right)\b/,
  /translateX\((?![^)]*--inline-sign)/,
];

/** The physical declarations in a stylesheet's text, with their line numbers. */
function physicalDeclarations(css: string): string[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  return withoutComments
    .split('\n')
    .flatMap((line, index) => (PHYSICAL.some((rule) => rule.test(line)) ? [`${index + 1}: ${line.trim()}`] : []));
}

t.test('no stylesheet uses a physical left or right', async (t) => {
  const sheets = readdirSync(STYLES).filter((name) => name.endsWith('.css'));
  t.ok(sheets.length >= 3, 'the stylesheets are found');
  for (const sheet of sheets)
    t.same(
      physicalDeclarations(readFileSync(join(STYLES, sheet), 'utf8')),
      [],
      `${sheet} is written in logical properties`,
    );
});

t.test('the check catches each physical form and lets logical ones and comments pass', async (t) => {
  for (const css of [
    '.a { margin-left: 1rem; }',
    '.a { padding-right: 0; }',
    '.a { border-left-color: red; }',
    '.a { position: absolute; left: 0; }',
    '.a {\n  right: 0.75rem;\n}',
    '.a { text-align: right; }',
    '.a { float: left; }',
    '.a { transform: translateX(-50%); }',
  ])
    t.equal(physicalDeclarations(css).length, 1, css);
  t.same(
    physicalDeclarations(
      '/* left and right */ .a { margin-inline-start: 1rem; inset-inline: 0; text-align: start; transform: translateX(calc(var(--inline-sign) * -50%)); }\n.rightmost { color: red; }',
    ),
    [],
  );
});
