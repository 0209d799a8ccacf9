import { readFileSync } from 'node:fs';
import type { Certificate, CertificateLine } from './certificate';

/**
 * A certificate (certificate.ts) as a PDF: pdfkit, DejaVu Sans embedded (subset) so Ukrainian
 * text is right, searchable and copyable on any machine, and PDF/A-2b where pdfkit gives it (XMP
 * identification, sRGB output intent, every font embedded). The choice of library and its figures:
 * README, "Dependency notes". Loaded only when a certificate is asked for: the command line's
 * start stays as fast without it.
 */

type PdfDoc = PDFKit.PDFDocument;

let fonts: { regular: Buffer; bold: Buffer } | null = null;

function fontFiles(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

const MARGIN = 50;
const BANNER_COLOR = '#b00020';
/**
 * Every page's options, given to each addPage: pdfkit (0.17) applies a page's `font` option when
 * it makes the page, and its own page breaks reuse the page's options. Left to the document's
 * (whose `font` keeps Helvetica out of the file), each new page would reset the font to regular.
 */
const PAGE = { size: 'A4', margin: MARGIN } as const;

export interface PdfMeta {
  title: string;
  /** Fixed for reproducible files in tests; default now. */
  createdAt?: Date;
}

/** Renders one or more certificates (a run's cover and its subjects) into one PDF. */
export async function certificatePdf(parts: readonly Certificate[], meta: PdfMeta): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const { regular, bold } = fontFiles();
  const doc: PdfDoc = new PDFDocument({
    ...PAGE,
    // pdfkit takes font data as well as a path here; its types name only the path.
    font: regular as unknown as string,
    subset: 'PDF/A-2b',
    pdfVersion: '1.7',
    lang: parts[0]?.lang === 'en' ? 'en' : 'uk',
    info: { Title: meta.title, Creator: 'CheckLists for Excel', CreationDate: meta.createdAt ?? new Date() },
    bufferPages: true,
    autoFirstPage: false,
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  // Each part starts on a page of its own; a long one runs on over more.
  const starts: { page: number; part: Certificate }[] = [];
  for (const part of parts) {
    doc.addPage(PAGE);
    starts.push({ page: doc.bufferedPageRange().count - 1, part });
    for (const line of part.lines) writeLine(doc, line);
    // Laying out is synchronous: a relay making a sample of a hundred lets other requests in between parts.
    if (parts.length > 1) await new Promise((resolve) => setImmediate(resolve));
  }
  // Banner and footer on every page, once the pages exist.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const part = [...starts].reverse().find((s) => s.page <= i - range.start)?.part;
    if (!part) continue;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (part.banner) {
      doc.font('bold').fontSize(10).fillColor(BANNER_COLOR);
      doc.text(part.banner, MARGIN, 20, { width: doc.page.width - 2 * MARGIN, align: 'center', lineBreak: false });
    }
    doc.font('regular').fontSize(8).fillColor('#555555');
    doc.text(`${part.footer} ${i - range.start + 1}/${range.count}`, MARGIN, doc.page.height - 35, {
      width: doc.page.width - 2 * MARGIN,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
    doc.fillColor('#000000');
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * A new page unless `height` more points fit on this one: a label is not parted from its value,
 * and a heading or a hit's name alone at the foot of a page would read as a list with nothing in it.
 */
function keepRoom(doc: PdfDoc, height: number): void {
  const { top, bottom } = doc.page.margins;
  const limit = doc.page.height - bottom;
  if (doc.y + height > limit && doc.y > top && height < limit - top) doc.addPage(PAGE);
}

function writeLine(doc: PdfDoc, line: CertificateLine): void {
  const width = doc.page.width - 2 * MARGIN;
  switch (line.kind) {
    case 'title':
      doc.font('bold').fontSize(16).text(line.text, MARGIN, doc.y, { width });
      doc.moveDown(0.5);
      return;
    case 'heading':
      doc.moveDown(0.6);
      doc.font('bold').fontSize(12);
      keepRoom(doc, doc.heightOfString(line.text, { width }) + 3 * doc.currentLineHeight(true));
      doc.text(line.text, MARGIN, doc.y, { width });
      doc.moveDown(0.2);
      return;
    case 'field':
      doc.font('bold').fontSize(10);
      keepRoom(doc, doc.heightOfString(`${line.label}: ${line.value}`, { width }));
      doc.text(`${line.label}: `, MARGIN, doc.y, { width, continued: true });
      doc.font('regular').text(line.value);
      return;
    case 'text':
      doc.font('regular').fontSize(10).text(line.text, MARGIN, doc.y, { width });
      doc.moveDown(0.3);
      return;
    case 'hit':
      doc.moveDown(0.3);
      doc.font('bold').fontSize(10);
      keepRoom(doc, doc.heightOfString(line.title, { width: width - 10 }) + 2 * doc.currentLineHeight(true));
      doc.text(line.title, MARGIN + 10, doc.y, { width: width - 10 });
      doc.font('regular').fontSize(9);
      for (const text of line.lines) doc.text(text, MARGIN + 20, doc.y, { width: width - 20 });
      return;
  }
}
