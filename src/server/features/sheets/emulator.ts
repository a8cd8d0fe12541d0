import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseCsv, toCsvLine } from '../../lib/csv.ts';

/**
 * A loopback stand-in for the few Sheets v4 endpoints the portal uses, backed by a folder:
 * `<dir>/<spreadsheetId>/<tab title>.csv`; a tab's gid is its position in name order.
 */
export async function startSheetsEmulator(opts: { dir: string; port?: number; host?: string }) {
  const server = http.createServer((req, res) => {
    handle(opts.dir, req, res).catch((err) => send(res, 500, { error: { code: 500, message: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}/`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const notFound = (res: http.ServerResponse, message: string) =>
  send(res, 404, { error: { code: 404, message, status: 'NOT_FOUND' } });

/** A spreadsheet's tab files in name order (a tab's gid is its position), or null when there is no such sheet. */
export function tabFiles(dir: string, id: string): string[] | null {
  const folder = path.join(dir, id);
  if (!/^[A-Za-z0-9_-]+$/.test(id) || !fs.existsSync(folder)) return null;
  return fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.csv'))
    .sort();
}

/** "'Form Submissions'!A1:Z" -> "Form Submissions" */
const tabOfRange = (range: string) => {
  const name = range.split('!')[0] ?? '';
  return name.startsWith("'") ? name.slice(1, -1).replace(/''/g, "'") : name;
};

async function handle(dir: string, req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://emulator');
  const m = /^\/v4\/spreadsheets\/([^/]+)(?:\/values\/([^/]+?))?(:append)?$/.exec(url.pathname);
  if (!m?.[1]) return notFound(res, 'Unknown endpoint');
  const id = decodeURIComponent(m[1]);
  const files = tabFiles(dir, id);
  if (!files) return notFound(res, 'Requested entity was not found.');
  // A `.private` marker plays a spreadsheet that was never shared with the service account.
  if (fs.existsSync(path.join(dir, id, '.private'))) {
    return send(res, 403, {
      error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' },
    });
  }
  if (!m[2]) {
    const sheets = files.map((f, i) => ({ properties: { sheetId: i, title: f.slice(0, -4), index: i } }));
    return send(res, 200, { spreadsheetId: id, sheets });
  }
  const tab = tabOfRange(decodeURIComponent(m[2]));
  const file = files.find((f) => f.slice(0, -4) === tab);
  if (!file)
    return send(res, 400, {
      error: { code: 400, message: `Unable to parse range: ${tab}`, status: 'INVALID_ARGUMENT' },
    });
  const filePath = path.join(dir, id, file);
  if (req.method === 'GET') {
    return send(res, 200, {
      range: `'${tab}'`,
      majorDimension: 'ROWS',
      values: parseCsv(fs.readFileSync(filePath, 'utf8')),
    });
  }
  if (req.method === 'POST' && m[3]) {
    const body = JSON.parse(await readBody(req)) as { values?: unknown[][] };
    const rows = (body.values ?? []).map((r) => r.map((c) => String(c ?? '')));
    const existing = fs.readFileSync(filePath, 'utf8');
    const lead = existing.length > 0 && !existing.endsWith('\n') ? '\n' : '';
    fs.appendFileSync(filePath, lead + rows.map((r) => `${toCsvLine(r)}\n`).join(''));
    return send(res, 200, { spreadsheetId: id, updates: { updatedRange: `'${tab}'`, updatedRows: rows.length } });
  }
  if (req.method === 'PUT' && !m[3]) {
    // values.update from the first row: a header the portal extends, or Tab 2's counts it writes back.
    const body = JSON.parse(await readBody(req)) as { values?: unknown[][] };
    const lines = parseCsv(fs.readFileSync(filePath, 'utf8'));
    (body.values ?? []).forEach((r, i) => {
      lines[i] = r.map((c) => String(c ?? ''));
    });
    fs.writeFileSync(filePath, lines.map((r) => `${toCsvLine(r)}\n`).join(''));
    return send(res, 200, { spreadsheetId: id, updatedRange: `'${tab}'!1:1`, updatedRows: 1 });
  }
  return notFound(res, 'Unknown endpoint');
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
