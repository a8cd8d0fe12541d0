import fs from 'node:fs';

type Weight = 'regular' | 'bold';
type Face = { src: string; family?: string };

/**
 * Fonts for text the standard PDF fonts cannot print (they know Windows-1252 only), from Debian's packages as the
 * Dockerfile installs them: fonts-dejavu-core (Latin, Greek, Cyrillic and more) and fonts-noto-cjk (Chinese,
 * Japanese, Korean, with Latin, Greek and Cyrillic too). pdfkit embeds only the glyphs a report uses.
 */
const FACES: Record<'wide' | 'cjk', Record<Weight, Face>> = {
  wide: {
    regular: { src: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' },
    bold: { src: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf' },
  },
  cjk: {
    regular: { src: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
    bold: { src: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', family: 'NotoSansCJKsc-Bold' },
  },
};
const STANDARD: Record<Weight, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

/** Hangul, CJK symbols and ideographs, kana, fullwidth forms (and the supplementary ideographs). */
const CJK = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u{20000}-\u{3134f}]/u;
/** Windows-1252's letters and signs above ASCII that are not in Latin-1. */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const standardCanPrint = (text: string) =>
  [...text].every((ch) => {
    const c = ch.codePointAt(0) ?? 0;
    return c === 0x0a || (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || CP1252_EXTRA.has(ch);
  });

const installed = new Map<string, boolean>();
const isInstalled = (face: Face) => {
  let known = installed.get(face.src);
  if (known === undefined) {
    known = fs.existsSync(face.src);
    installed.set(face.src, known);
  }
  return known;
};

/**
 * Sets a font that can print `text` (a title or venue an organiser typed, in any script): the standard font when it
 * can, else an installed one that covers it. Without one the standard font prints what it can.
 */
export function fontFor(doc: PDFKit.PDFDocument, text: string, weight: Weight) {
  if (standardCanPrint(text)) return doc.font(STANDARD[weight]);
  const faces = CJK.test(text) ? [FACES.cjk[weight], FACES.wide[weight]] : [FACES.wide[weight], FACES.cjk[weight]];
  const face = faces.find(isInstalled);
  if (!face) return doc.font(STANDARD[weight]);
  return face.family ? doc.font(face.src, face.family) : doc.font(face.src);
}
