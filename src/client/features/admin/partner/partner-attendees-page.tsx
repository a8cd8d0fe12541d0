import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { PARTNER_FIELD_LABEL, type PartnerAttendee, type PartnerAttendees } from '#common/partners.ts';
import { DataTable } from '../../../components/ui/table-frame.tsx';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { AdminLayout } from '../admin-layout.tsx';
import { OfferCodesPanel } from '../offer-codes/offer-codes-panel.tsx';
import { ADMIN_PATHS } from '../paths.ts';
import { partnerCsvUrl, usePartnerAttendees } from './api.ts';

type Column = { key: string; label: string; value: (a: PartnerAttendee) => string };

/** The columns the organiser shares, in the list's order; answers last, one per form question. */
function columnsOf(data: PartnerAttendees): Column[] {
  const on = new Set(data.fields);
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  const cols: Column[] = [];
  const add = (f: keyof typeof PARTNER_FIELD_LABEL, value: (a: PartnerAttendee) => string) => {
    if (on.has(f)) cols.push({ key: f, label: PARTNER_FIELD_LABEL[f], value });
  };
  add('name', (a) => text(a.fullName));
  add('email', (a) => text(a.email));
  add('phone', (a) => text(a.phoneNumber));
  add('status', (a) => text(a.status));
  add('slot', (a) => text(a.slotLabel));
  add('guests', (a) => text(a.guestCount));
  add('bookedAt', (a) => text(a.bookedAtText));
  add('checkIn', (a) => text(a.checkedInAtText) || 'Not yet');
  for (const f of data.answerFields)
    cols.push({ key: `a:${f.key}`, label: f.label, value: (a) => a.answers?.[f.key] ?? '' });
  return cols;
}

/** /admin/partner/events/:eventId: an event's attendees as its partner sees them (shared fields only, read-only). */
export function PartnerAttendeesPage({ eventId }: { eventId: string }) {
  const list = usePartnerAttendees(eventId);
  const data = list.data;
  const cols = data ? columnsOf(data) : [];
  return (
    <AdminLayout
      title={data ? `Attendees: ${data.event.title}` : 'Attendees'}
      actions={
        data &&
        cols.length > 0 && (
          <a
            href={partnerCsvUrl(eventId)}
            download
            className="inline-flex min-h-11 items-center rounded-md border border-gold/60 px-4 py-2 text-sm font-semibold text-gold hover:bg-gold/10"
          >
            Download CSV
          </a>
        )
      }
    >
      <div className="space-y-4">
        <Link
          href={ADMIN_PATHS.partner}
          className="inline-flex items-center gap-1.5 text-sm text-zinc-400 hover:text-gold"
        >
          <ArrowLeft size={14} aria-hidden />
          Your partner benefits
        </Link>
        {!data ? (
          <p role={list.isError ? 'alert' : undefined} className={list.isError ? 'text-red-400' : 'text-zinc-400'}>
            {list.isError ? serverMessageOr(list.error, 'Failed to load the attendees') : 'Loading attendees...'}
          </p>
        ) : (
          <>
            <p className="text-sm text-zinc-400">
              {data.event.when ? `${data.event.when} · ` : ''}
              {data.total} booking{data.total === 1 ? '' : 's'} · the organiser shares{' '}
              {data.fields.map((f) => PARTNER_FIELD_LABEL[f]).join(', ') || 'no attendee details'}.
            </p>
            {data.event.benefitId && <OfferCodesPanel benefitId={data.event.benefitId} partner />}
            {data.attendees.length === 0 ? (
              <p className="text-zinc-400">No bookings yet</p>
            ) : cols.length === 0 ? null : (
              <>
                {/* A phone reads one card per attendee; a laptop one table. */}
                <ul className="space-y-3 sm:hidden" data-testid="partner-attendee-cards">
                  {data.attendees.map((a) => (
                    <li key={a.id} className="rounded-xl border border-line bg-panel p-4 text-sm">
                      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                        {cols.map((c) => (
                          <div key={c.key} className="contents">
                            <dt className="text-zinc-400">{c.label}</dt>
                            <dd className="min-w-0 break-words text-zinc-100">{c.value(a)}</dd>
                          </div>
                        ))}
                      </dl>
                    </li>
                  ))}
                </ul>
                <DataTable
                  label="Attendees"
                  frameClass="hidden sm:block"
                  tableClass="w-full text-sm"
                  testId="partner-attendees"
                  columns={cols.map((c) => ({ key: c.key, head: c.label }))}
                  message={null}
                  rows={data.attendees}
                  row={(a) => (
                    <tr key={a.id}>
                      {cols.map((c) => (
                        <td key={c.key} className="px-3 py-2 text-zinc-100">
                          {c.value(a)}
                        </td>
                      ))}
                    </tr>
                  )}
                />
              </>
            )}
          </>
        )}
      </div>
    </AdminLayout>
  );
}
