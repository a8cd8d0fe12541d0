import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { envelopeTo: string[]; raw: Buffer; parsed: ParsedMail };

export type SmtpPeer = {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Stops listening (the mail server is "down"); the port stays ours for start(). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Resolves once at least n messages have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

/** A real SMTP server on loopback: no TLS, no auth required; every message is kept, raw and parsed. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let port = 0;

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 100,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          simpleParser(raw)
            .then((parsed) => {
              received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
              callback();
            })
            .catch((err: Error) => callback(err));
        });
      },
    });

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const s = make();
      s.on('error', reject);
      s.server.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.server.address() as AddressInfo).port;
        server = s;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      if (!s) return resolve();
      s.close(() => resolve());
    });

  await start();

  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    received,
    stop,
    start,
    async waitFor(n, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} messages, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: stop,
  };
}
