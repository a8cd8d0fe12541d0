import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: unknown };

/**
 * A real listening server, and JSON posts to it from any address on 127.0.0.0/8 (Node's `localAddress`), so the
 * server sees each client's address on its socket the way it sees a real one (req.ip, trust-proxy included).
 */
export async function listenForAddresses(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

  return function postFrom(from: string, path: string, payload: object, cookie = ''): Promise<Answer> {
    const body = JSON.stringify(payload);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          localAddress: from,
          agent: false,
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
}

/** The cookies an answer sets, as one `cookie` header to send back (a browser's jar, minus what it cleared). */
export function cookieJar(previous: string, answer: Answer): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)] as const),
  );
  const set = answer.headers['set-cookie'] ?? [];
  for (const line of Array.isArray(set) ? set : [set]) {
    const pair = line.split(';')[0] ?? '';
    const name = pair.slice(0, pair.indexOf('='));
    const value = pair.slice(pair.indexOf('=') + 1);
    if (value) jar.set(name, value);
    else jar.delete(name);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}
