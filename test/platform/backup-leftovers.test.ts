import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { removeKilledBackups } from '../../server/cli/backup-leftovers.js';

/**
 * The next backup removes the partial folders killed backups left beside it, and only those: the
 * operator's own files and folders that merely end like one stay, whatever they hold.
 */
t.test("a killed backup's partial folder is removed; what only has such a name is not", async (t) => {
  const folder = t.testdir();
  const gone = spawn(process.execPath, ['-e', '']);
  await once(gone, 'exit');
  const killed = `monday.partial-${gone.pid}`;
  mkdirSync(join(folder, killed, 'uploads'), { recursive: true });
  writeFileSync(join(folder, killed, 'forge.db'), 'a copy nobody will finish');
  const empty = `tuesday.partial-${gone.pid}`;
  mkdirSync(join(folder, empty));
  const notes = `thesis.partial-${gone.pid}`;
  mkdirSync(join(folder, notes));
  writeFileSync(join(folder, notes, 'chapter-1.txt'), 'months of work');
  const file = `draft.partial-${gone.pid}`;
  writeFileSync(join(folder, file), 'a file');

  t.same(removeKilledBackups(folder).sort(), [killed, empty].sort(), 'the backups left part-way');
  t.same(readdirSync(folder).sort(), [file, notes].sort(), "the operator's own are kept");
  t.same(readdirSync(join(folder, notes)), ['chapter-1.txt']);
});
