import { join } from 'node:path';
import t from 'tap';
import { createEnquiryWriter } from '../../../server/enquiries/writer/enquiry-writer.js';
import { createStorageMonitor } from '../../../server/platform/storage/storage-monitor.js';
import { withServer } from '../../helpers/server.js';

// Ended while it loads SQLite's addon, a worker thread aborts the whole process (Node's "FATAL ERROR:
// Error::New napi_get_last_error_info"): a server closed at once must let its writer thread load first.
t.test(
  'a writer closed while its thread still loads: the thread loads, then ends, and the process lives on',
  async (t) => {
    const server = await withServer(t, { listen: false });
    const databasePath = join(server.dataDir, 'forge.db');
    const log = server.app.log;
    const storage = createStorageMonitor({
      db: server.app.db,
      databasePath,
      dataDir: server.dataDir,
      minFreeBytes: 0,
      log,
    });
    for (let round = 1; round <= 3; round++) {
      const writer = createEnquiryWriter({ databasePath, timeZone: 'Asia/Kolkata', storage, log });
      const thread = writer.thread!;
      const events: string[] = [];
      thread.on('message', (reply: { id: number }) => reply.id === 0 && events.push('loaded'));
      thread.once('exit', () => events.push('ended'));
      await writer.close();
      t.same(events, ['loaded', 'ended'], `round ${round}: closed at once, it loaded before it ended`);
      t.equal(writer.thread, null, 'no thread left');
    }
  },
);
