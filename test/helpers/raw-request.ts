import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

/**
 * A request written by hand on its own socket, headers first, with `Expect: 100-continue`: resolves
 * once the server has parsed the headers and asked for the body (its "100 Continue"), so that what
 * the test sends next is certain to arrive mid-request. `contentLength` is what the headers declare.
 */
export async function startRawRequest(
  url: string,
  {
    method = 'POST',
    path,
    headers,
    contentLength,
  }: { method?: string; path: string; headers: Record<string, string>; contentLength: number },
): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  const lines = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Expect: 100-continue',
    `Content-Length: ${contentLength}`,
  ];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  let answer = '';
  while (!answer.includes('\r\n\r\n')) {
    const [chunk] = (await once(socket, 'data')) as [Buffer];
    answer += chunk.toString('latin1');
  }
  if (!answer.startsWith('HTTP/1.1 100'))
    throw new Error(`the server answered before the body: ${answer.split('\r\n')[0]}`);
  return socket;
}

/** Sends part of the body, then hangs up (a reset, as a client that is killed or loses its network). */
export async function sendPartAndHangUp(socket: Socket, part: Buffer | string): Promise<void> {
  await new Promise<void>((resolve, reject) => socket.write(part, (error) => (error ? reject(error) : resolve())));
  socket.resetAndDestroy();
  await once(socket, 'close');
}

/** Sends the rest of the body and reads the answer to its end (the request should ask for `Connection: close`). */
export async function finishAndReadAnswer(socket: Socket, rest: Buffer | string): Promise<string> {
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  const closed = once(socket, 'close');
  socket.write(rest);
  await closed;
  return answer;
}

/** A multipart/form-data body as a browser writes it: text fields, then file parts. */
export function multipartBody(
  boundary: string,
  fields: Record<string, string>,
  files: { field: string; fileName: string; type: string; bytes: Buffer }[],
): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}
