/** The spreadsheet id and tab gid in any Google Sheets URL form (edit, view, copy, htmlview, ?gid, #gid). */
export function parseSheetUrl(url: string): { spreadsheetId: string; gid: number | null } | null {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return null;
  }
  if (u.host !== 'docs.google.com') return null;
  const m = /^\/spreadsheets\/(?:u\/\d+\/)?d\/(?:e\/)?([A-Za-z0-9_-]{3,})/.exec(u.pathname);
  if (!m?.[1]) return null;
  const gidText = u.searchParams.get('gid') ?? /(?:^|[#&])gid=(\d+)/.exec(u.hash)?.[1] ?? null;
  const gid = gidText !== null && /^\d+$/.test(gidText) ? Number(gidText) : null;
  return { spreadsheetId: m[1], gid };
}
