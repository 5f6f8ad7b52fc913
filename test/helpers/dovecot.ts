import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  renameSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export const DOVECOT = '/usr/sbin/dovecot';

/** Why a test that needs Dovecot cannot run here (false when it can): pass it as tap's `skip`. */
export const withoutDovecot: string | false = existsSync(DOVECOT)
  ? false
  : `${DOVECOT} is missing: install Debian's dovecot-imapd (.ci/run does) to run the mailbox tests`;

/** The uid and gid of the system's `dovecot` user (Debian's package makes it). */
function dovecotUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('dovecot:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error('no dovecot user in /etc/passwd');
  return { uid: Number(uid), gid: Number(gid) };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves once something accepts connections on the port (Dovecot has started). */
async function untilListening(port: number, child: ChildProcess, logFile: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null)
      throw new Error(
        `dovecot exited (${child.exitCode}): ${existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''}`,
      );
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (attempt > 500) throw new Error(`dovecot did not listen on ${port}`);
    // Waiting for another process to open its port: poll the condition, a few ms apart.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A real IMAP server for a test: Debian's Dovecot, on a free loopback port, with a temporary maildir,
 * one user in a password file, no TLS. `deliver` writes a message into the user's INBOX (maildir
 * new/, which is delivery); `stop` and `start` stop and start it again on the same port.
 */
export async function startDovecot(user = 'sales', password = `pw-${randomBytes(6).toString('hex')}`) {
  const root = mkdtempSync(join(tmpdir(), 'forge-dovecot-'));
  // Dovecot's auth and login processes run as its own users (as root) and must reach the password file.
  chmodSync(root, 0o711);
  const port = await freePort();
  const mailRoot = join(root, 'mail');
  const inbox = join(mailRoot, user);
  for (const sub of ['new', 'cur', 'tmp']) mkdirSync(join(inbox, sub), { recursive: true });
  mkdirSync(join(root, 'run'), { recursive: true });
  const logFile = join(root, 'dovecot.log');
  writeFileSync(join(root, 'users'), `${user}:{PLAIN}${password}::::\n`, { mode: 0o644 });
  // As root, Dovecot's own unprivileged users (it never gives mail to uid 0): the maildir is theirs;
  // as anyone else, everything runs as that user.
  const asRoot = process.getuid?.() === 0;
  const [loginUser, internalUser] = asRoot ? ['dovenull', 'dovecot'] : [userInfo().username, userInfo().username];
  const owner = asRoot ? dovecotUser() : { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
  const { uid, gid } = owner;
  const own = (path: string) => asRoot && chownSync(path, uid, gid);
  for (const path of [mailRoot, inbox, ...['new', 'cur', 'tmp'].map((sub) => join(inbox, sub))]) own(path);
  writeFileSync(
    join(root, 'dovecot.conf'),
    `
protocols = imap
listen = 127.0.0.1
base_dir = ${join(root, 'run')}
state_dir = ${join(root, 'state')}
instance_name = forge-test-${port}
log_path = ${logFile}
info_log_path = ${logFile}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = ${loginUser}
default_internal_user = ${internalUser}
first_valid_uid = 0
first_valid_gid = 0
mail_uid = ${uid}
mail_gid = ${gid}
mail_location = maildir:${mailRoot}/%u
# An IDLE client hears of new mail within a second.
mailbox_idle_check_interval = 1 secs
passdb {
  driver = passwd-file
  args = ${join(root, 'users')}
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${mailRoot}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`,
  );
  mkdirSync(join(root, 'state'), { recursive: true });

  let child: ChildProcess | undefined;
  const start = async () => {
    // Its own process group: stopping it ends its IMAP processes too, as a server going down does.
    const started = spawn(DOVECOT, ['-F', '-c', join(root, 'dovecot.conf')], { stdio: 'ignore', detached: true });
    child = started;
    await untilListening(port, started, logFile);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running?.pid || running.exitCode !== null) return;
    const group = -running.pid;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    process.kill(group, 'SIGKILL');
    await exited;
    // Until no process of the group is left (the kernel reaps them a moment after the signal).
    while (alive(group)) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  await start();

  let delivered = 0;
  return {
    port,
    user,
    password,
    /** imap://user:password@127.0.0.1:port/INBOX */
    url: `imap://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/INBOX`,
    inbox,
    logFile,
    /** Delivers an RFC 822 message into INBOX (a new file in the maildir's new/). */
    deliver(raw: string | Buffer): void {
      delivered += 1;
      const name = `${Date.now()}.M${delivered}P${process.pid}.forge-test`;
      writeFileSync(join(inbox, 'tmp', name), raw);
      // Maildir delivery: written in tmp/, then moved to new/.
      own(join(inbox, 'tmp', name));
      renameSync(join(inbox, 'tmp', name), join(inbox, 'new', name));
    },
    /** The message files in the maildir (new/ and cur/), with their maildir flags in the name. */
    files(): string[] {
      return ['new', 'cur'].flatMap((sub) => readdirSync(join(inbox, sub)).map((name) => `${sub}/${name}`));
    },
    start,
    stop,
    async close() {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export type TestDovecot = Awaited<ReturnType<typeof startDovecot>>;
