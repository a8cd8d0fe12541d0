import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** How far a request to an address someone typed may go (decision 058). */
export type OutboundRules = {
  /** Private, loopback, link-local and unique-local addresses allowed (WEBHOOKS_ALLOW_PRIVATE: local testing). */
  allowPrivate: boolean;
  /** Only https:// (production). */
  httpsOnly: boolean;
  /** The whole exchange, from the DNS lookup to the last byte read. */
  timeoutMs: number;
  /** At most this much of the answer is read (and kept). */
  maxBodyBytes: number;
};

export type OutboundAnswer = { status: number; body: string; durationMs: number };

/** Why a request was not sent: the log shows the message; the code is for programs. */
export class OutboundRefused extends Error {
  constructor(
    readonly code: 'scheme' | 'address' | 'dns',
    message: string,
  ) {
    super(message);
  }
}

/** Only ordinary public unicast: ipaddr.js names every special range (private, loopback, linkLocal, uniqueLocal, …). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns ::ffff:10.0.0.1 into 10.0.0.1, so a mapped address is judged as the IPv4 one it is.
  return ipaddr.process(address).range() === 'unicast';
}

/** The URL's scheme is allowed and its host resolves to an address the rules allow: the one to connect to. */
export async function resolveAllowed(target: URL, rules: OutboundRules): Promise<{ address: string; family: number }> {
  if (target.protocol !== 'https:' && (rules.httpsOnly || target.protocol !== 'http:'))
    throw new OutboundRefused('scheme', rules.httpsOnly ? 'Only https:// addresses are allowed' : 'Not an http(s) URL');
  const host = target.hostname.replace(/^\[|\]$/g, '');
  let found: { address: string; family: number }[];
  try {
    found = ipaddr.isValid(host)
      ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
      : await lookup(host, { all: true, verbatim: true });
  } catch (err) {
    throw new OutboundRefused('dns', `The host name could not be resolved (${(err as NodeJS.ErrnoException).code})`);
  }
  // Every address must be allowed: a name that also points inside could be made to land there on another try.
  const refused = found.find((a) => !rules.allowPrivate && !isPublicAddress(a.address));
  const first = found[0];
  if (refused || !first)
    throw new OutboundRefused('address', `${host} resolves to a private or reserved address, which is not allowed`);
  return first;
}

/**
 * POSTs a body to a URL someone typed: resolved first, then connected to exactly the address that was checked (no
 * second lookup an attacker's DNS could answer differently), redirects not followed, the answer read up to a bound.
 */
export async function postOutbound(
  url: string,
  body: string,
  headers: Record<string, string>,
  rules: OutboundRules,
): Promise<OutboundAnswer> {
  const started = performance.now();
  const signal = AbortSignal.timeout(rules.timeoutMs);
  const target = new URL(url);
  const pinned = await resolveAllowed(target, rules);
  const pin: LookupFunction = (_host, opts, cb) => {
    if (opts.all) cb(null, [pinned]);
    else cb(null, pinned.address, pinned.family);
  };
  const send = target.protocol === 'https:' ? https.request : http.request;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
        lookup: pin,
        signal,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            durationMs: Math.round(performance.now() - started),
          });
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          const room = rules.maxBodyBytes - size;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += chunk.length;
          if (size >= rules.maxBodyBytes) finish(); // enough read: the rest is not waited for
        });
        res.on('end', finish);
        res.on('error', reject);
      },
    );
    req.on('error', (err) =>
      reject(signal.aborted ? new Error(`No answer within ${rules.timeoutMs} ms`) : (err as Error)),
    );
    req.end(body);
  });
}
