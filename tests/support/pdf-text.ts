import { inflateSync } from 'node:zlib';

const winAnsi = new TextDecoder('windows-1252');

/** Each deflated stream of a PDF (content streams, ToUnicode maps), inflated; others (e.g. fonts) are skipped. */
function* inflatedStreams(pdf: Buffer, raw: string) {
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    try {
      yield inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
    } catch {
      // not a deflated stream
    }
  }
}

/**
 * The text of a PDF pdfkit wrote with its standard fonts, one line per text operation, and its page count: its
 * content streams inflated, each TJ array's hex strings read as WinAnsi (kerning numbers between them skipped).
 */
export function pdfText(pdf: Buffer): { text: string; pages: number } {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const content of inflatedStreams(pdf, raw))
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(tj[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      lines.push(winAnsi.decode(Buffer.from(hex, 'hex')));
    }
  const pages = raw.match(/\/Type \/Page\b/g)?.length ?? 0;
  return { text: lines.join('\n'), pages };
}

/**
 * The fonts a PDF uses (their base names, without a subset tag) and the characters its embedded fonts can print, as
 * their ToUnicode maps say: a title in Chinese is printed (and searchable) when its characters are in there.
 */
export function pdfFonts(pdf: Buffer): { fonts: string[]; printable: string } {
  const raw = pdf.toString('latin1');
  const fonts = [...raw.matchAll(/\/BaseFont \/(?:[A-Z]{6}\+)?([^\s/>]+)/g)].map((m) => m[1] ?? '');
  let printable = '';
  for (const content of inflatedStreams(pdf, raw))
    for (const range of content.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
      for (const list of (range[1] ?? '').matchAll(/\[([^\]]*)\]/g))
        for (const hex of (list[1] ?? '').matchAll(/<([0-9a-fA-F]+)>/g))
          printable += Buffer.from(hex[1] ?? '', 'hex')
            .swap16()
            .toString('utf16le');
  return { fonts: [...new Set(fonts)], printable };
}
