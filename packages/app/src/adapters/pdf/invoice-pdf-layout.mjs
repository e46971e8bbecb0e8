// @ts-check
/**
 * Lays an invoice out on A4 pages with pdfkit and adds the Swiss QR-bill payment part with swissqrbill. Plain
 * JavaScript so that a worker thread loads it without a TypeScript compiler (invoice-pdf-renderer.ts); type-checked
 * by `pnpm check` all the same. Every value arrives as a string (invoice-pdf-content.ts): this only places text.
 */
import PDFDocument from 'pdfkit';
import { SwissQRBill } from 'swissqrbill/pdf';
import { mm2pt } from 'swissqrbill/utils';

const MARGIN = 50;
const PAYMENT_PART_HEIGHT = mm2pt(105);
/** Columns of the line table: left edge, width, alignment. */
const COLUMNS = /** @type {const} */ ([
  [MARGIN, 215, 'left'],
  [270, 55, 'right'],
  [330, 70, 'right'],
  [405, 55, 'right'],
  [465, 80, 'right'],
]);
const SUMMARY_COLUMNS = /** @type {const} */ ([
  [330, 70, 'right'],
  [405, 60, 'right'],
  [465, 80, 'right'],
]);

/**
 * @param {import('./invoice-pdf-content').PdfContent} content
 * @returns {Promise<Uint8Array>}
 */
export function renderInvoicePdf(content) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // pdfkit derives the file's /ID from these, so fixed values give the same bytes every time.
    info: { Title: content.title, Producer: 'campsite', Creator: 'campsite', CreationDate: content.createdAt },
  });
  /** @type {Buffer[]} */
  const chunks = [];
  const done = new Promise((resolve, reject) => {
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });

  const bottom = () => doc.page.height - MARGIN;
  let y = MARGIN;
  /** @param {number} height */
  const room = (height) => {
    if (y + height > bottom()) {
      doc.addPage({ size: 'A4', margin: MARGIN });
      y = MARGIN;
    }
  };
  /**
   * @param {ReadonlyArray<string>} cells
   * @param {ReadonlyArray<readonly [number, number, 'left' | 'right']>} columns
   * @param {string} font
   */
  const row = (cells, columns, font) => {
    doc.font(font).fontSize(9);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]?.[1] ?? 100 })));
    room(height + 4);
    cells.forEach((cell, i) => {
      const [x, width, align] = columns[i] ?? COLUMNS[0];
      doc.text(cell, x, y, { width, align, lineBreak: true });
    });
    y += height + 4;
  };

  doc.font('Helvetica-Bold').fontSize(11);
  content.issuer.forEach((line, i) => {
    doc.font(i === 0 ? 'Helvetica-Bold' : 'Helvetica').fontSize(i === 0 ? 11 : 9);
    doc.text(line, MARGIN, y, { width: 300 });
    y += doc.currentLineHeight() + 2;
  });
  y += 20;
  doc.font('Helvetica-Bold').fontSize(18).text(content.title, MARGIN, y);
  y += 30;
  for (const [label, value] of content.facts) {
    doc.font('Helvetica').fontSize(9).text(label, MARGIN, y, { width: 110 });
    doc.font('Helvetica-Bold').text(value, MARGIN + 115, y, { width: 300 });
    y += 14;
  }
  y += 16;

  row(content.lineHeader, COLUMNS, 'Helvetica-Bold');
  doc
    .moveTo(MARGIN, y - 2)
    .lineTo(doc.page.width - MARGIN, y - 2)
    .lineWidth(0.5)
    .stroke();
  if (content.lines.length === 0) row([content.noLines], COLUMNS, 'Helvetica');
  for (const line of content.lines) row(line, COLUMNS, 'Helvetica');
  y += 10;

  if (content.vatSummary.length > 0) {
    room(14 * (content.vatSummary.length + 2));
    doc.font('Helvetica-Bold').fontSize(9).text(content.vatSummaryTitle, SUMMARY_COLUMNS[0][0], y);
    y += 14;
    row(content.vatSummaryHeader, SUMMARY_COLUMNS, 'Helvetica');
    for (const summary of content.vatSummary) row(summary, SUMMARY_COLUMNS, 'Helvetica');
    y += 6;
  }
  room(24);
  doc
    .moveTo(330, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.5)
    .stroke();
  y += 6;
  doc.font('Helvetica-Bold').fontSize(11);
  doc.text(content.total[0], 330, y, { width: 120 });
  doc.text(content.total[1], 465, y, { width: 80, align: 'right' });
  y += 20;

  if (content.payment) {
    // The payment part fills the bottom 105 mm of an A4 page; a new A4 page when the invoice reaches into them.
    if (y > doc.page.height - PAYMENT_PART_HEIGHT) doc.addPage({ size: 'A4', margin: MARGIN });
    new SwissQRBill(content.payment.data, { language: content.payment.language }).attachTo(doc);
  }
  doc.end();
  return done;
}

/** The worker thread's task (piscina calls the default export). */
export default renderInvoicePdf;
