/**
 * The read targets of the main bench: page 1 against Express, workers, tenant size, PDFs, integrators' reads.
 */
import { fixed, only2xx, verdict, type Sheet } from './target-sheet';

export function readTargets(t: Sheet, big: boolean): void {
  const { b, byId } = t;
  const page1 = byId('bookings_page1');
  if (page1) {
    const share = b.backend === 'postgres' ? 0.4 : 0.5;
    t.add({
      target: `GET /bookings/ page 1 rps >= ${share * 100}% of Express hello-world`,
      measured: `${page1.rps} vs ${b.expressRps} rps = ${fixed(page1.ratioToExpress * 100, 1)}%`,
      verdict: verdict(page1.rps >= share * b.expressRps && only2xx(page1)),
    });
    t.add({
      target: 'GET /bookings/ page 1 p99 <= 25 ms at 50 connections',
      measured: `p99 ${fixed(page1.p99Ms)} ms`,
      verdict: verdict(page1.p99Ms <= 25),
    });
  }
  const workers2 = byId('bookings_page1_workers2');
  // Its twin, one process started beside it (runs before that compared with the first page-1 case).
  const oneProcess = byId('bookings_page1_one_process') ?? page1;
  if (oneProcess && workers2) {
    t.add({
      target: 'GET /bookings/ page 1 with --workers 2 >= 1.4x one process (same run)',
      measured: `${workers2.rps} vs ${oneProcess.rps} rps = ${fixed(workers2.rps / oneProcess.rps)}x`,
      verdict: verdict(workers2.rps >= 1.4 * oneProcess.rps && only2xx(oneProcess) && only2xx(workers2)),
    });
  }
  const small = byId('bookings_page1_10k');
  const large = byId('bookings_page1_1m');
  t.add({
    target: 'page 1 at 1M bookings <= 1.5x page 1 at 10k (mean latency)',
    measured:
      small && large
        ? `${fixed(large.meanMs)} ms vs ${fixed(small.meanMs)} ms = ${fixed(large.meanMs / small.meanMs)}x`
        : small && page1
          ? `1M not measured (run with --big); page 1 at the main tenant's size is ${fixed(page1.meanMs / small.meanMs)}x page 1 at 10k`
          : 'not measured',
    verdict: small && large ? verdict(large.meanMs <= 1.5 * small.meanMs && only2xx(large)) : big ? 'MISS' : 'NOT RUN',
    ...(b.bigImportError ? { measured: `1M import failed: ${b.bigImportError.slice(0, 200)}` } : {}),
  });
  // Invoice PDFs (docs/accounting.md, "Performance").
  const pdfDistinct = byId('invoice_pdf_distinct');
  if (pdfDistinct) {
    t.add({
      target: 'distinct invoice PDFs >= 80/s on one process',
      measured: `${pdfDistinct.rps} rps`,
      verdict: verdict(pdfDistinct.rps >= 80 && only2xx(pdfDistinct)),
    });
  }
  for (const id of ['invoice_pdf_repeated', 'invoice_pdf_304']) {
    const repeated = byId(id);
    if (!repeated) continue;
    t.add({
      target: `${repeated.label} >= 2,000/s`,
      measured: `${repeated.rps} rps (${JSON.stringify(repeated.statusCodes)})`,
      verdict: verdict(
        repeated.rps >= 2000 &&
          (id === 'invoice_pdf_304' ? Object.keys(repeated.statusCodes).every((code) => code === '304') : only2xx(repeated)),
      ),
    });
  }
  const duringPdfs = byId('bookings_page1_during_pdfs');
  if (duringPdfs) {
    t.add({
      target: 'GET /bookings/ page 1 p99 < 50 ms while 4 clients fetch distinct PDFs',
      measured: `p99 ${fixed(duringPdfs.p99Ms)} ms (PDFs meanwhile: ${byId('invoice_pdf_during_reads')?.rps ?? '?'} rps)`,
      verdict: verdict(duringPdfs.p99Ms < 50 && only2xx(duringPdfs)),
    });
  }
  // Integrators' reads, each against its repeated twin of the same run (bench/integrator-cases.ts).
  const twins: Array<[string, string, number, string]> = [
    ['booking_detail', 'booking_detail_repeated', 0.8, 'random booking details >= 0.8x the same detail repeated'],
    ['bookings_filtered_random', 'bookings_page1_repeated', 0.25, 'random filtered booking lists >= 0.25x page 1 repeated'],
    ['invoices_filtered_random', 'invoices_page1_repeated', 0.25, 'random filtered invoice lists >= 0.25x page 1 repeated'],
    ['bookings_page1_beside_writer', 'bookings_page1_alone', 0.7, 'page 1 while a writer creates >= 0.7x page 1 alone'],
  ];
  for (const [id, twinId, share, target] of twins) {
    const measured = byId(id);
    const twin = byId(twinId);
    if (!measured || !twin) continue;
    t.add({
      target,
      measured: `${measured.rps} vs ${twin.rps} rps = ${fixed(measured.rps / twin.rps)}x (p99 ${fixed(measured.p99Ms)} ms)`,
      verdict: verdict(measured.rps >= share * twin.rps && only2xx(measured)),
    });
  }
  for (const id of ['bookings_filtered_random', 'invoices_filtered_random']) {
    const filtered = byId(id);
    if (!filtered) continue;
    t.add({
      target: `${filtered.label}: p99 <= 100 ms at 50 connections`,
      measured: `p99 ${fixed(filtered.p99Ms)} ms`,
      verdict: verdict(filtered.p99Ms <= 100),
    });
  }
  const writer = byId('bookings_writer_2conns');
  if (writer) {
    const least = b.backend === 'postgres' ? 150 : 300;
    t.add({
      target: `one writer on 2 connections >= ${least} creates/s beside page-1 reads`,
      measured: `${writer.rps} creates/s (${JSON.stringify(writer.statusCodes)})`,
      verdict: verdict(writer.rps >= least && only2xx(writer)),
    });
  }
  const viaNext = byId('bookings_page500_next');
  if (page1 && viaNext) {
    t.add({
      target: 'following next to a deep page (500 at 100k bookings) <= 1.5x page 1 (mean latency)',
      measured: `${fixed(viaNext.meanMs)} ms vs ${fixed(page1.meanMs)} ms = ${fixed(viaNext.meanMs / page1.meanMs)}x`,
      verdict: verdict(viaNext.meanMs <= 1.5 * page1.meanMs && only2xx(viaNext)),
    });
  }
}
