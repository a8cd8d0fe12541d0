import { type PartnerReport, REPORT_FOOTNOTE, reportTiles } from '#common/partner-report.ts';
import { fontFor } from './pdf-fonts.ts';

const MARGIN = 48;
const GOLD = '#b8912f';
const TEAL = '#2f7f86';
const INK = '#1c1c22';
const MUTED = '#6b6b76';
const LINE = '#d9d9de';
// Chart days are calendar days already (in the event's zone): read them as UTC so nothing shifts them.
const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const shortDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/** 1, 2, 5, 10, 20, 50...: the step that puts about four gridlines under `max`. */
function niceStep(max: number) {
  const rough = Math.max(1, max / 4);
  const base = 10 ** Math.floor(Math.log10(rough));
  return ([1, 2, 5, 10].map((m) => m * base).find((s) => s >= rough) ?? rough) as number;
}

function tiles(doc: PDFKit.PDFDocument, report: PartnerReport, top: number) {
  const items = reportTiles(report);
  const width = doc.page.width - 2 * MARGIN;
  const w = (width - 2 * 12) / 3;
  const h = 70;
  items.forEach(([label, value, people], i) => {
    const x = MARGIN + (i % 3) * (w + 12);
    const y = top + Math.floor(i / 3) * (h + 12);
    doc.roundedRect(x, y, w, h, 6).lineWidth(1).strokeColor(LINE).stroke();
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9)
      .text(label.toUpperCase(), x + 12, y + 10, { width: w - 24 });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(20)
      .text(value, x + 12, y + 26, { width: w - 24 });
    if (people)
      doc
        .fillColor(MUTED)
        .font('Helvetica')
        .fontSize(9)
        .text(people, x + 12, y + 52, { width: w - 24 });
  });
  return top + 2 * (h + 12);
}

/** Bookings and check-ins per day as grouped bars over a grid, with a legend: the chart, drawn, not described. */
function chart(doc: PDFKit.PDFDocument, report: PartnerReport, top: number) {
  const left = MARGIN + 28;
  const width = doc.page.width - MARGIN - left;
  const height = 190;
  const bottom = top + height;
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('Bookings and check-ins per day', MARGIN, top - 34);
  const days = report.daily;
  if (days.length === 0) {
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(10)
      .text('No bookings yet.', MARGIN, top + 10);
    return;
  }
  const max = Math.max(1, ...days.map((d) => Math.max(d.bookings, d.checkIns)));
  const step = niceStep(max);
  const ceiling = Math.ceil(max / step) * step;
  doc.font('Helvetica').fontSize(8);
  for (let v = 0; v <= ceiling; v += step) {
    const y = bottom - (v / ceiling) * height;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    doc.fillColor(MUTED).text(String(v), MARGIN, y - 4, { width: 22, align: 'right' });
  }
  const slot = width / days.length;
  const bar = Math.max(1, Math.min(18, slot * 0.36));
  const labelEvery = Math.ceil(days.length / 10);
  days.forEach((d, i) => {
    const x = left + i * slot + slot / 2;
    const hb = (d.bookings / ceiling) * height;
    const hc = (d.checkIns / ceiling) * height;
    if (hb > 0) doc.rect(x - bar, bottom - hb, bar, hb).fill(GOLD);
    if (hc > 0) doc.rect(x, bottom - hc, bar, hc).fill(TEAL);
    if (i % labelEvery === 0)
      doc
        .fillColor(MUTED)
        .fontSize(8)
        .text(shortDay(d.day), x - 24, bottom + 6, { width: 48, align: 'center' });
  });
  doc
    .moveTo(left, bottom)
    .lineTo(left + width, bottom)
    .lineWidth(1)
    .strokeColor(MUTED)
    .stroke();
  const legendY = bottom + 24;
  doc.rect(left, legendY, 9, 9).fill(GOLD);
  doc
    .fillColor(INK)
    .fontSize(9)
    .text('Bookings', left + 14, legendY);
  doc.rect(left + 80, legendY, 9, 9).fill(TEAL);
  doc.fillColor(INK).text('Check-ins', left + 94, legendY);
}

/** The partner report as an A4 PDF: heading, totals, the daily chart and what the figures mean. */
export async function partnerReportPdf(report: PartnerReport): Promise<Buffer> {
  // pdfkit takes a second or more to load: it loads with the first PDF, not with the server.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Partner report: ${report.benefitTitle}`, Author: 'Pass-holder portal' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fillColor(GOLD).font('Helvetica-Bold').fontSize(10).text('PARTNER REPORT', MARGIN, MARGIN);
  // The title and venue are the organiser's words, in any script.
  fontFor(doc, report.benefitTitle, 'bold')
    .fillColor(INK)
    .fontSize(22)
    .text(report.benefitTitle, { width: doc.page.width - 2 * MARGIN });
  doc.fillColor(MUTED).fontSize(10);
  for (const line of [report.when, report.venue]) if (line) fontFor(doc, line, 'regular').text(line);
  doc.font('Helvetica').text(`Generated ${report.generatedAt}`);
  const after = tiles(doc, report, doc.y + 18);
  chart(doc, report, after + 50);
  const codes = report.codes;
  if (codes) {
    // An offer's codes (decision 029): the totals, then claimed → redeemed for each day that had either.
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text('Offer codes', MARGIN, doc.y + 40);
    doc.font('Helvetica').fontSize(9).text(`${codes.claimed} of ${codes.total} claimed, ${codes.redeemed} redeemed.`);
    const busy = codes.daily.filter((d) => d.claimed > 0 || d.redeemed > 0).slice(-12);
    for (const d of busy) doc.text(`${d.day}: ${d.claimed} claimed → ${d.redeemed} redeemed`);
  }
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8)
    .text(
      `${REPORT_FOOTNOTE} Days are in the event’s time zone. Counts only: no member’s name or e-mail.`,
      MARGIN,
      doc.page.height - MARGIN - 56,
      { width: doc.page.width - 2 * MARGIN },
    );
  doc.end();
  return done;
}
