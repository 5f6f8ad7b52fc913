/**
 * The server's entry point: `node dist/node/server/main.js` (npm start, the Docker image). The runtime
 * check comes first and alone, so an older Node stops with one line (runtime/check-node.mjs) before
 * any other module is even read; then the server starts (start-server.ts).
 */
import './runtime/check-node.mjs';

await import('./start-server.js');
