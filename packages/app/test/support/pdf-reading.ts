import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { canRun } from '../../../../test-support/skips';

// docs/accounting.md, "The invoice document" and "The payment part": a PDF read back with tools nobody here wrote
// (poppler's pdfinfo, pdftotext and pdftoppm; jsQR decodes the QR code from the rendered page).

function hasTool(name: string): boolean {
  try {
    execFileSync(name, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether poppler's tools are there. CI installs poppler-utils itself (.ci/run) and sets REQUIRE_PDF_TOOLS=1: there a
 * missing tool fails the run; elsewhere the suites that read PDFs are skipped and named at the end of the run.
 */
export function pdfToolsThere(): boolean {
  return canRun('pdf-tools', ['pdfinfo', 'pdftotext', 'pdftoppm'].every(hasTool));
}

/** The PDF's text, laid out as on the page. */
export function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

/**
 * Every QR code payload in the bottom 110 mm of the PDF's pages (where a payment part sits), rendered at 150 dpi and
 * decoded by jsQR. Cropped, because searching a whole empty A4 page for a code takes jsQR seconds.
 */
export function qrPayloads(path: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'campsite-qr-'));
  const dpi = 150;
  const px = (mm: number) => Math.round((mm / 25.4) * dpi);
  try {
    const size = ['-W', String(px(210)), '-H', String(px(110))];
    execFileSync('pdftoppm', ['-r', String(dpi), '-x', '0', '-y', String(px(297 - 110)), ...size, '-png', path, join(dir, 'page')]);
    return readdirSync(dir)
      .sort()
      .map((name) => {
        const png = PNG.sync.read(readFileSync(join(dir, name)));
        return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
      })
      .filter((data): data is string => data !== undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The amount and currency a QR-bill payload asks for (Swiss Payment Standards: fields 19 and 20). */
export function qrAmount(payload: string): [string | undefined, string | undefined] {
  const fields = payload.split(/\r?\n/);
  return [fields[18], fields[19]];
}
