import { AdminClient } from './test/helpers/admin-client.ts';
import { readFileSync } from 'node:fs';
const a = new AdminClient('http://127.0.0.1:38411');
await a.signIn(process.argv[2]!, readFileSync('/tmp/b41/sd/initial-admin-password', 'utf8').trim());
console.log(await (await a.request('/admin/api/backups')).text());
