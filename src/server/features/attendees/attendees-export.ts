import type { Attendee, AttendeesQuery, ExportFormat } from '#common/attendees.ts';
import { groupPassCode } from '#common/passes.ts';
import type { Tx } from '../../db/client.ts';
import { safeCsvDocument } from '../../lib/csv.ts';
import type { EventRow } from '../booking-rules/index.ts';
import { attendeeEvent, attendeeTable } from './attendees.ts';

type Column = { header: string; value: (a: Attendee) => string | number; width: number; text?: boolean };

/** The booking's facts (times as event-time.ts writes them: in the event's zone, labelled), then one column per form field with the answers as typed. */
function columns(fields: { key: string; label: string }[]): Column[] {
  const text = (header: string, value: (a: Attendee) => string | null, width = 20): Column => ({
    header,
    value: (a) => value(a) ?? '',
    width,
    text: true,
  });
  return [
    text('Name', (a) => a.fullName, 24),
    text('Email', (a) => a.email, 30),
    text('Phone', (a) => a.phoneNumber, 16),
    text('Status', (a) => a.status, 12),
    text('Slot', (a) => a.slotLabel, 34),
    { header: 'Guests', value: (a) => a.guestCount, width: 8 },
    { header: 'Places', value: (a) => a.places, width: 8 },
    text('Waitlist position', (a) => (a.waitlistPosition === null ? null : String(a.waitlistPosition)), 10),
    // As printed on the pass and shown on /me (dashed groups): a search of the sheet for it finds it.
    text('Pass code', (a) => a.passCode && groupPassCode(a.passCode), 30),
    text('Booked at', (a) => a.bookedAtText, 30),
    text('Checked in at', (a) => a.checkedInAtText, 30),
    ...fields.map((f) => text(f.label, (a) => a.answers[f.key] ?? '', Math.min(40, Math.max(12, f.label.length + 2)))),
  ];
}

// Excel refuses sheet names over 31 characters or with : \ / ? * [ ].
const sheetName = (title: string) =>
  title
    .replace(/[:\\/?*[\]]/g, ' ')
    .slice(0, 31)
    .trim() || 'Attendees';

async function xlsx(event: EventRow, cols: Column[], rows: Attendee[]): Promise<Buffer> {
  // exceljs takes a second or more to load: it loads with the first workbook, not with the server.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.created = new Date();
  const sheet = book.addWorksheet(sheetName(event.title), { views: [{ state: 'frozen', ySplit: 1 }] });
  // Text cells are stored as strings with the Text format: a spreadsheet shows `=1+1` as typed and never runs it.
  sheet.columns = cols.map((c) => ({
    header: c.header,
    width: c.width,
    ...(c.text ? { style: { numFmt: '@' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  // An empty answer is an empty cell, not a cell holding ''.
  for (const a of rows) sheet.addRow(cols.map((c) => c.value(a)).map((v) => (v === '' ? null : v)));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The filtered list as a file, read in the caller's transaction (the export's audit row is written there). */
export async function exportAttendees(tx: Tx, eventId: string, q: AttendeesQuery, format: ExportFormat) {
  const event = await attendeeEvent(tx, eventId);
  const { fields, attendees } = await attendeeTable(tx, event, q);
  const cols = columns(fields);
  if (format === 'csv')
    return {
      event,
      rows: attendees.length,
      contentType: 'text/csv; charset=utf-8',
      body: safeCsvDocument([cols.map((c) => c.header), ...attendees.map((a) => cols.map((c) => c.value(a)))]),
    };
  return {
    event,
    rows: attendees.length,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: await xlsx(event, cols, attendees),
  };
}
