/**
 * An anchor for `npm run bench`: plain @fastify/static over a folder of HTML files, with their .br
 * and .gz beside them (`preCompressed`: it answers a browser's Accept-Encoding with the file already
 * compressed, as the site does from memory). Prints its URL.
 */
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const root = process.argv[2];
if (!root) throw new Error('usage: static-server.ts <folder>');
const app = Fastify();
await app.register(fastifyStatic, { root, preCompressed: true });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`static server at http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
