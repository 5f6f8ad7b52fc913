import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server.js';

export const SSHD = '/usr/sbin/sshd';

/** Why the SFTP tests cannot run here, or false when they can. */
export const withoutSshd: string | false = existsSync(SSHD)
  ? false
  : `${SSHD} is missing (Debian: apt-get install openssh-server)`;

/**
 * Debian's OpenSSH server on a loopback port, with its own host key, this user's login by a key made
 * for the test, and its SFTP subsystem: a real SFTP target. `stop` and `start` again (same port and
 * keys) make the target unreachable for a while.
 */
export async function startSshd() {
  const dir = mkdtempSync(join(tmpdir(), 'forge-sshd-'));
  const port = await freePort();
  const keygen = (file: string) =>
    spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, file)], { stdio: 'ignore' });
  keygen('host_key');
  keygen('client_key');
  writeFileSync(join(dir, 'authorized_keys'), readFileSync(join(dir, 'client_key.pub')));
  const user = userInfo().username;
  writeFileSync(
    join(dir, 'sshd_config'),
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${join(dir, 'host_key')}`,
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'StrictModes no',
      'PermitRootLogin prohibit-password',
      `AllowUsers ${user}`,
      'Subsystem sftp internal-sftp',
    ].join('\n') + '\n',
  );
  mkdirSync('/run/sshd', { recursive: true, mode: 0o755 }); // its privilege-separation folder
  let child: ReturnType<typeof spawn> | undefined;
  let output = '';
  const start = async () => {
    child = spawn(SSHD, ['-D', '-e', '-f', join(dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await listening(port, () => output);
  };
  const stop = async () => {
    const proc = child;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    port,
    user,
    keyFile: join(dir, 'client_key'),
    start,
    stop,
    output: () => output,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until the port takes connections (a condition, not a sleep between tries of 50 ms). */
async function listening(port: number, output: () => string): Promise<void> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`sshd did not start:\n${output()}`);
}

export type TestSshd = Awaited<ReturnType<typeof startSshd>>;
