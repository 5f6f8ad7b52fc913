/**
 * No function of server/, client/ or shared/ is longer than 120 lines (issue 36): a long plugin or
 * component is split into named functions in its feature's folder.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import t from 'tap';
import ts from 'typescript';
import { projectRoot } from '../../server/platform/paths.js';

const MAX_LINES = 120;

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** A function's name: its own, or that of the variable, property or export it is given to. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name)
    return parent.name.getText();
  if (ts.isExportAssignment(parent)) return 'default';
  return '(anonymous)';
}

function longFunctions(path: string): Record<string, number> {
  const text = readFileSync(path, 'utf8');
  const found: Record<string, number> = {};
  if (text.split('\n').length <= MAX_LINES) return found;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const line = (position: number) => source.getLineAndCharacterOfPosition(position).line;
      const lines = line(node.getEnd()) - line(node.getStart()) + 1;
      if (lines > MAX_LINES) found[`${relative(projectRoot, path)}: ${nameOf(node)}`] = lines;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const found = Object.assign(
  {},
  ...['server', 'client', 'shared'].flatMap((root) => filesUnder(join(projectRoot, root)).map(longFunctions)),
) as Record<string, number>;

t.test(`no function over ${MAX_LINES} lines`, async (t) => {
  t.same(found, {}, 'split it into named functions');
});
