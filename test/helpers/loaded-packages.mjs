// Loaded with `node --import` by a test: records each npm package the process (and its worker threads)
// loads, one name a line, in the file LOADED_PACKAGES_FILE names, as soon as it is loaded. A package's
// own copy of another (node_modules/a/node_modules/b) is recorded as the outer one, a.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const file = process.env.LOADED_PACKAGES_FILE;
const seen = new Set();
if (file)
  registerHooks({
    load(url, context, nextLoad) {
      const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
      if (name && !seen.has(name)) {
        seen.add(name);
        appendFileSync(file, `${name}\n`);
      }
      return nextLoad(url, context);
    },
  });
