import type { InferredField, SlotRow } from '#common/sheets.ts';

const words = (h: string) => h.toLowerCase();
const has = (h: string, ...hints: string[]) => hints.some((x) => words(h).includes(x));

// Header words an organiser writes, in English and the languages of the region's partners (French, Spanish, Malay
// and Indonesian): one list per meaning, so a sheet with localised headers gets the same form.
const HINT = {
  timestamp: ['timestamp', 'submitted at', 'submission date', 'horodatage', 'marca temporal', 'cap waktu'],
  email: ['email', 'e-mail', 'courriel', 'correo'],
  phone: ['phone', 'mobile', 'téléphone', 'telephone', 'teléfono', 'telefon', 'whatsapp'],
  guest: ['guest', 'invité', 'invite', 'invitado', 'tamu', 'plus-one', 'plus one'],
  howMany: ['how many', 'number', 'count', 'no. of', 'nombre d', 'número', 'jumlah', 'plus-ones'],
  name: ['name', 'nom', 'nombre', 'nama'],
  slot: ['slot', 'time', 'créneau', 'creneau', 'horario', 'session', 'seating', 'sesi', 'heure'],
  attending: ['rsvp', 'attending', 'attendance', 'présence', 'presence', 'asistencia', 'kehadiran'],
  text: [
    'comment',
    'note',
    'message',
    'requirement',
    'request',
    'question',
    'anything',
    'allerg',
    'commentaire',
    'comentario',
    'catatan',
  ],
} as const;
const DATE_WORD = /\b(date|day|jour|fecha|tanggal)\b/i;
const YES_NO = ['Yes', 'No'];

// A field name starts with a letter (FIELD_NAME_RULE): '2nd Guest' becomes field2ndGuest, '姓名' field.
const camel = (text: string) => {
  const name = text
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join('');
  return /^[a-z]/i.test(name) ? name : `field${name.charAt(0).toUpperCase()}${name.slice(1)}`;
};

/** Name, type, flags and options for one Tab 1 header (docs/spec/admin-and-rsvp.md §3 and §5 name hints). */
function inferOne(raw: string, ordering: number): Omit<InferredField, 'fieldName'> & { baseName: string } {
  let header = raw.trim();
  const starred = header.endsWith('*');
  if (starred) header = header.slice(0, -1).trim();
  // "Dietary needs (Vegan/Vegetarian/None)" lists its options; "(optional)" is help text.
  const paren = /\(([^)]*)\)\s*$/.exec(header);
  const inParen = paren?.[1]?.trim() ?? '';
  const listed = inParen.includes('/')
    ? inParen
        .split('/')
        .map((o) => o.trim())
        .filter(Boolean)
    : [];
  const optional = /^optional$/i.test(inParen);
  const display = paren ? header.slice(0, paren.index).trim() : header;
  const base: Omit<InferredField, 'fieldName'> & { baseName: string } = {
    baseName: camel(display),
    displayName: display,
    fieldType: 'text',
    isRequired: starred,
    isVisible: true,
    placeholder: `Enter ${display.toLowerCase()}`,
    helpText: listed.length === 0 && inParen && !optional ? inParen : '',
    options: listed,
    validation: {},
    columnMapping: raw,
    ordering,
  };
  const set = (patch: Partial<typeof base>) => Object.assign(base, patch);
  const question =
    has(display, 'join', 'would you', 'will you', 'bringing', 'are you', 'do you') ||
    (display.endsWith('?') && !has(display, ...HINT.attending, ...HINT.text));
  const isDateHint = DATE_WORD.test(display) && !has(display, 'birth', 'naissance');
  // "Plus-ones (0-2)": the range in brackets is the guest limit.
  const range = /^(\d+)\s*[-–]\s*(\d+)$/.exec(inParen);
  if (has(display, ...HINT.timestamp))
    set({ baseName: 'submissionTimestamp', isVisible: false, isRequired: false, placeholder: '' });
  else if (has(display, ...HINT.email))
    set({
      baseName: has(display, 'guest') ? base.baseName : 'email',
      fieldType: 'email',
      isRequired: !optional && !has(display, 'guest'),
      placeholder: 'you@example.com',
    });
  else if (has(display, ...HINT.phone)) set({ baseName: 'phoneNumber', fieldType: 'tel', placeholder: '+65 ...' });
  else if (has(display, ...HINT.guest) && (has(display, ...HINT.howMany) || range))
    set({
      baseName: has(display, 'guest') ? base.baseName : 'numberOfGuests',
      fieldType: 'number',
      validation: range ? { min: Number(range[1]), max: Number(range[2]) } : { min: 0 },
      helpText: '',
      placeholder: '0',
    });
  else if (has(display, 'birth')) set({ fieldType: 'date', placeholder: '' });
  else if (has(display, ...HINT.name) && !has(display, ...HINT.slot))
    set({
      baseName: has(display, 'first', 'last', 'company', 'guest', 'prénom', 'apellido') ? base.baseName : 'fullName',
      isRequired: !optional && !has(display, 'guest', 'company'),
      validation: { minLength: 1 },
    });
  else if (has(display, ...HINT.slot) && !question)
    set({ baseName: 'timeSlot', fieldType: 'select', placeholder: 'Choose a time' });
  else if (isDateHint && !question)
    set({ baseName: 'selectedDate', fieldType: 'select', placeholder: 'Choose a date' });
  else if (has(display, ...HINT.attending) || /^status$/i.test(display))
    set({
      baseName: 'rsvp',
      fieldType: 'radio',
      options: listed.length ? listed : YES_NO,
      isRequired: !optional,
      placeholder: '',
    });
  else if (question || has(display, 'guest', 'tour'))
    set({ fieldType: 'radio', options: listed.length ? listed : YES_NO, placeholder: '' });
  else if (listed.length > 0) set({ fieldType: 'select', placeholder: `Choose ${display.toLowerCase()}` });
  else if (has(display, ...HINT.text)) set({ fieldType: 'textarea' });
  if (optional) base.isRequired = false;
  return base;
}

/** Tab 1's header row as form fields, with warnings for empty and duplicate headers. */
export function inferFields(headerRow: string[]): { fields: InferredField[]; warnings: string[] } {
  const warnings: string[] = [];
  const fields: InferredField[] = [];
  const seenHeaders = new Map<string, number>();
  const usedNames = new Set<string>();
  headerRow.forEach((raw, i) => {
    const col = columnLetter(i);
    if (!raw.trim()) {
      warnings.push(`Column ${col} has no header and was skipped.`);
      return;
    }
    const key = raw.trim().toLowerCase();
    const first = seenHeaders.get(key);
    if (first !== undefined)
      warnings.push(`Duplicate header "${raw.trim()}" in column ${col} (first in column ${columnLetter(first)}).`);
    else seenHeaders.set(key, i);
    const { baseName, ...rest } = inferOne(raw, fields.length);
    let fieldName = baseName;
    for (let n = 2; usedNames.has(fieldName); n++) fieldName = `${baseName}${n}`;
    usedNames.add(fieldName);
    fields.push({ fieldName, ...rest });
  });
  if (fields.length === 0) warnings.push('Tab 1 has no headers in its first row.');
  return { fields, warnings };
}

export function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

const intOf = (v: string | undefined) => (v !== undefined && /^\s*\d+\s*$/.test(v) ? Number(v) : null);

/** Tab 2's rows as slot capacities; rows that cannot be read are skipped with a warning. */
/** A Tab 2 time cell and its row's date: '2025-10-02 6:00pm-7:00pm' holds both, the day first. */
export function splitSlotCell(cell: string, dateCell: string): { time: string; date: string | null } {
  const combined = /^(\d{4}-\d{2}-\d{2})[ T]+(.+)$/.exec(cell.trim());
  return { time: combined?.[2]?.trim() ?? cell.trim(), date: dateCell.trim() || combined?.[1] || null };
}

/** Where Tab 2 keeps each thing: the time (or session), the day, and the counts (-1 when it has no such column). */
export function slotLogicColumns(header: string[]) {
  const find = (...hints: string[]) => header.findIndex((h) => hints.some((x) => h.toLowerCase().includes(x)));
  // "Bookable Slots" is a count, not the time column: prefer 'time', then a 'slot' (session, seating...) no count.
  const countWords = [
    'bookable',
    'booked',
    'remaining',
    'capacity',
    'available',
    'taken',
    'max',
    'total',
    'places',
    'seats',
    'plazas',
    'réserv',
    'restant',
    'kapasitas',
  ];
  const isCount = (h: string) => countWords.some((w) => h.toLowerCase().includes(w));
  const byTime = header.findIndex((h) => /time|heure|horario/i.test(h) && !isCount(h));
  const iTime = byTime >= 0 ? byTime : header.findIndex((h) => has(h, ...HINT.slot) && !isCount(h));
  const iDate = header.findIndex((h) => DATE_WORD.test(h));
  const iBookable = find('bookable', 'capacity', 'max', 'total', 'places', 'seats', 'plazas', 'kapasitas');
  const iBooked = find('booked', 'taken', 'réserv', 'reserv');
  const iRemaining = find('remaining', 'available', 'left', 'restant');
  return { iTime, iDate, iBookable, iBooked, iRemaining };
}

/**
 * One capacity rule per slot: Tab 2's own capacity when its row gives one, else `defaultCapacity` (the
 * configuration's "Max bookings per slot"); without a default such a row is skipped with a warning.
 */
export function parseSlotLogic(rows: string[][], defaultCapacity?: number): { slots: SlotRow[]; warnings: string[] } {
  const [header = [], ...body] = rows;
  const { iTime, iDate, iBookable, iBooked, iRemaining } = slotLogicColumns(header);
  const warnings: string[] = [];
  if (iTime < 0) return { slots: [], warnings: ['Tab 2 needs a "Time Slot" column; no slot logic was read.'] };
  const slots: SlotRow[] = [];
  body.forEach((row, i) => {
    const line = i + 2;
    const timeSlot = (row[iTime] ?? '').trim();
    if (!timeSlot && row.every((c) => !c.trim())) return;
    const booked = intOf(row[iBooked]) ?? 0;
    const fromSheet =
      intOf(row[iBookable]) ?? (intOf(row[iRemaining]) !== null ? (intOf(row[iRemaining]) ?? 0) + booked : null);
    const bookable = fromSheet ?? defaultCapacity ?? null;
    if (!timeSlot || bookable === null) {
      warnings.push(`Row ${line} of Tab 2 was skipped: it needs a time slot and a number of bookable slots.`);
      return;
    }
    const { time, date } = splitSlotCell(timeSlot, iDate >= 0 ? (row[iDate] ?? '') : '');
    slots.push({
      timeSlot: time,
      date,
      bookableSlots: bookable,
      bookedSlots: booked,
      remainingSlots: Math.max(0, bookable - booked),
    });
  });
  return { slots, warnings };
}
