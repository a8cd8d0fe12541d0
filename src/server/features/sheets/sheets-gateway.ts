import type { sheets_v4 } from '@googleapis/sheets';
import { SHEETS_MSG } from '#common/sheets.ts';
import { HttpError } from '../../lib/http-error.ts';

/** The four Sheets v4 calls the portal makes; the emulator answers the same ones. */
export type SheetsGateway = {
  tabs(spreadsheetId: string): Promise<{ title: string; sheetId: number }[]>;
  read(spreadsheetId: string, tab: string): Promise<string[][]>;
  append(spreadsheetId: string, tab: string, rows: string[][]): Promise<void>;
  /** Replaces a tab's first row (its header) with `header`. */
  writeHeader(spreadsheetId: string, tab: string, header: string[]): Promise<void>;
  /** Overwrites a tab's first rows, from A1, with `rows` (rows below them stay). */
  writeRows(spreadsheetId: string, tab: string, rows: string[][]): Promise<void>;
};

export type SheetsSettings = { rootUrl?: string; credentialsJson?: string; keyFile?: string };

const rangeOf = (tab: string) => `'${tab.replace(/'/g, "''")}'`;

/** The real Google client; with rootUrl it talks to the emulator through exactly the same code. */
export function createSheetsGateway(settings: SheetsSettings): SheetsGateway {
  const credentials = settings.credentialsJson ? JSON.parse(settings.credentialsJson) : undefined;
  // Google's client takes a second or more to load: it loads with the first call, not with the server.
  let client: Promise<sheets_v4.Sheets> | undefined;
  const load = async () => {
    const { auth, sheets } = await import('@googleapis/sheets');
    const scopes = ['https://www.googleapis.com/auth/spreadsheets'];
    const authClient =
      credentials || settings.keyFile
        ? new auth.GoogleAuth({ scopes, ...(credentials ? { credentials } : { keyFile: settings.keyFile }) })
        : undefined;
    return sheets({
      version: 'v4',
      ...(authClient ? { auth: authClient } : {}),
      ...(settings.rootUrl ? { rootUrl: settings.rootUrl } : {}),
    });
  };
  const sheetsApi = () => {
    client ??= load();
    return client;
  };

  return {
    async tabs(spreadsheetId) {
      const api = await sheetsApi();
      const res = await call(() => api.spreadsheets.get({ spreadsheetId, fields: 'sheets.properties' }));
      return (res.data.sheets ?? []).map((s) => ({
        title: s.properties?.title ?? '',
        sheetId: s.properties?.sheetId ?? 0,
      }));
    },
    async read(spreadsheetId, tab) {
      const api = await sheetsApi();
      const res = await call(() => api.spreadsheets.values.get({ spreadsheetId, range: rangeOf(tab) }), tab);
      return (res.data.values ?? []).map((row) => row.map((c) => String(c ?? '')));
    },
    async append(spreadsheetId, tab, rows) {
      const api = await sheetsApi();
      await call(
        () =>
          api.spreadsheets.values.append({
            spreadsheetId,
            range: rangeOf(tab),
            valueInputOption: 'RAW', // a member's '=1+1' stays text, never a formula
            insertDataOption: 'INSERT_ROWS',
            requestBody: { values: rows },
          }),
        tab,
      );
    },
    async writeRows(spreadsheetId, tab, rows) {
      const api = await sheetsApi();
      await call(
        () =>
          api.spreadsheets.values.update({
            spreadsheetId,
            range: `${rangeOf(tab)}!A1`,
            valueInputOption: 'RAW',
            requestBody: { values: rows },
          }),
        tab,
      );
    },
    async writeHeader(spreadsheetId, tab, header) {
      const api = await sheetsApi();
      await call(
        () =>
          api.spreadsheets.values.update({
            spreadsheetId,
            range: `${rangeOf(tab)}!1:1`,
            valueInputOption: 'RAW',
            requestBody: { values: [header] },
          }),
        tab,
      );
    },
  };
}

/** Google's errors as answers an admin can act on. */
async function call<T>(fn: () => Promise<T>, tab?: string): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const status = Number((err as { code?: unknown; status?: unknown }).code ?? (err as { status?: unknown }).status);
    const text = String((err as Error).message ?? '');
    if (status === 403 || status === 401) throw new HttpError(422, SHEETS_MSG.notShared);
    if (status === 404) throw new HttpError(422, SHEETS_MSG.notFound);
    if (status === 400 && tab && /range|sheet/i.test(text)) throw new HttpError(422, SHEETS_MSG.tabMissing(tab));
    throw Object.assign(new HttpError(503, SHEETS_MSG.unavailable), { cause: err });
  }
}
