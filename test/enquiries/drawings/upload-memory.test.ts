import { existsSync, readFileSync } from 'node:fs';
import t from 'tap';
import { DRAWING_LIMITS } from '../../../shared/enquiry/quote.js';
import { spawnServer } from '../../helpers/child-server.js';
import { postQuote, quoteForm, SAMPLE_DRAWINGS } from '../../helpers/drawings.js';
import { makeEnquiry } from '../../helpers/enquiry.js';
import { withDataDir } from '../../helpers/server.js';

const MB = 1024 * 1024;
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

t.test(
  'five concurrent 10 MB uploads grow the server’s memory by less than 30 MB (streamed to disk)',
  { skip: !existsSync('/proc/self/status') && 'needs /proc' },
  async (t) => {
    const dataDir = withDataDir(t);
    // Uploaded bytes pass through short-lived buffers; V8 frees them at its own pace (its young generation
    // is 16–32 MB by default, more on newer V8), so RSS would count garbage not yet collected. With a 1 MB
    // young generation what remains is what the upload path holds: a server that kept each file in
    // memory would still grow by the 50 MB sent; streaming to disk grows by a few MB.
    const server = await spawnServer(
      {
        DATA_DIR: dataDir,
        ENQUIRY_RATE_LIMIT: '1000',
        ENQUIRY_DRAWINGS_MB: '1000',
        UPLOADS_PER_NETWORK: '10',
        NODE_OPTIONS: '--max-semi-space-size=1',
      },
      'discard',
    );
    t.teardown(() => server.child.kill('SIGKILL'));
    const pid = server.child.pid!;
    const pdf = SAMPLE_DRAWINGS.pdf.bytes;
    const drawing = {
      name: 'large.pdf',
      bytes: Buffer.concat([pdf, Buffer.alloc(DRAWING_LIMITS.fileBytes - pdf.length, 0x20)]),
    };

    // Warm up (the first large upload loads code, starts the file-system threads), then take the baseline.
    t.equal(
      (await postQuote(server.url, quoteForm(makeEnquiry({ subject: 'Large drawing 0' }), [drawing]))).status,
      303,
    );
    const baseline = rssOf(pid);
    let peak = baseline;
    let done = false;
    const sampling = (async () => {
      while (!done) {
        peak = Math.max(peak, rssOf(pid));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const statuses = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        postQuote(server.url, quoteForm(makeEnquiry({ subject: `Large drawing ${n + 1}` }), [drawing])).then(
          (response) => response.status,
        ),
      ),
    );
    done = true;
    await sampling;
    peak = Math.max(peak, rssOf(pid));
    t.same(statuses, [303, 303, 303, 303, 303], 'all five stored');
    const growth = peak - baseline;
    t.comment(
      `server RSS: ${(baseline / MB).toFixed(1)} MB before, ${(peak / MB).toFixed(1)} MB at peak (+${(growth / MB).toFixed(1)} MB for 50 MB uploaded)`,
    );
    t.ok(growth < 30 * MB, `grew ${(growth / MB).toFixed(1)} MB`);
  },
);
