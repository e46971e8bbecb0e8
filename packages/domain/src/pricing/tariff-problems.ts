import { type CalendarDate, isCalendarDate } from '../shared/calendar-date';
import { EXTRA_CODE_PATTERN, type Extra, PERSON_CATEGORIES, type Restriction, type Season, type Tariff, compareAscii } from './tariff';

/**
 * Something a tariff must not hold, at `path`: the JSON path of the offending field inside the tariff as it is
 * written (`seasons[2].vat_rate`, `extras[0].code`, `tourist_tax.max_nights`), indices in the order given.
 */
export interface TariffProblem {
  path: string;
  message: string;
}

interface Located extends TariffProblem {
  index: number;
}

/**
 * Everything wrong with a tariff (docs/pricing.md), for an importer to report the first of and a database writer to
 * refuse: dates that are no dates or end before they start, overlapping seasons or restrictions of one site type,
 * negative or fractional amounts and VAT rates, stay bounds below 1 or a maximum below the minimum, and extra codes
 * that are malformed or repeated. Whether a site type exists is the caller's to check. Problems come section by
 * section (seasons, restrictions, extras, tourist tax), each in the order of its rows; an empty list is a valid tariff.
 */
export function tariffProblems(tariff: Tariff): TariffProblem[] {
  return [
    ...inRowOrder([...rowProblems('seasons', tariff.seasons, seasonProblems), ...overlaps('seasons', tariff.seasons)]),
    ...inRowOrder([
      ...rowProblems('restrictions', tariff.restrictions, restrictionProblems),
      ...overlaps('restrictions', tariff.restrictions),
    ]),
    ...inRowOrder([...rowProblems('extras', tariff.extras, extraProblems), ...repeatedCodes(tariff.extras)]),
    ...touristTaxProblems(tariff),
  ];
}

type Report = (key: string, message: string) => void;

function rowProblems<T>(name: string, rows: readonly T[], check: (row: T, report: Report) => void): Located[] {
  const found: Located[] = [];
  rows.forEach((row, index) => check(row, (key, message) => found.push({ index, path: `${name}[${index}].${key}`, message })));
  return found;
}

/** Stable: a row's own problems come before those it has with other rows. */
function inRowOrder(found: Located[]): TariffProblem[] {
  return found.sort((a, b) => a.index - b.index).map(({ path, message }) => ({ path, message }));
}

function dateProblems(row: { from: CalendarDate; to: CalendarDate }, report: Report): void {
  if (!isCalendarDate(row.from)) report('from', 'is not a date');
  if (!isCalendarDate(row.to)) report('to', 'is not a date');
  else if (isCalendarDate(row.from) && row.to < row.from) report('to', 'is before from');
}

const seasonProblems = (season: Season, report: Report) => {
  dateProblems(season, report);
  for (const key of ['pitch', ...PERSON_CATEGORIES] as const) amountProblem(season[key], key, report);
  amountProblem(season.vatRate, 'vat_rate', report);
};

const restrictionProblems = (row: Restriction, report: Report) => {
  dateProblems(row, report);
  const minOk = boundProblem(row.minStay, 'min_stay', report);
  const maxOk = boundProblem(row.maxStay, 'max_stay', report);
  if (minOk && maxOk && row.minStay !== null && row.maxStay !== null && row.maxStay < row.minStay) {
    report('max_stay', 'is below min_stay');
  }
};

const extraProblems = (extra: Extra, report: Report) => {
  if (!EXTRA_CODE_PATTERN.test(extra.code)) report('code', 'is not 1 to 32 of a-z, 0-9, _ and -');
  if (extra.per !== 'night' && extra.per !== 'stay') report('per', 'is neither night nor stay');
  amountProblem(extra.price, 'price', report);
  amountProblem(extra.vatRate, 'vat_rate', report);
};

function touristTaxProblems({ touristTax }: Tariff): TariffProblem[] {
  if (touristTax === null) return [];
  const found: TariffProblem[] = [];
  const report: Report = (key, message) => found.push({ path: `tourist_tax.${key}`, message });
  for (const key of PERSON_CATEGORIES) amountProblem(touristTax[key], key, report);
  if (touristTax.maxNights !== null) amountProblem(touristTax.maxNights, 'max_nights', report);
  return found;
}

/** Amounts (Rappen) and VAT rates (hundredths of a percent) are whole and never negative. */
function amountProblem(value: number, key: string, report: Report): void {
  if (!Number.isSafeInteger(value)) report(key, 'is not a whole number of its unit');
  else if (value < 0) report(key, 'is negative');
}

/** A stay bound is null or at least one night; true when it is fine. */
function boundProblem(value: number | null, key: string, report: Report): boolean {
  if (value === null) return true;
  if (!Number.isSafeInteger(value) || value < 1) {
    report(key, 'is not a whole number of nights of at least 1');
    return false;
  }
  return true;
}

/**
 * Each row that overlaps an earlier-starting row of its site type, reported at the later of the two in the given
 * order. A sweep over the rows sorted by `from` that keeps the row reaching furthest finds at least one pair for every
 * overlapping row, without comparing all pairs.
 */
function overlaps(name: string, rows: readonly { siteTypeId: number; from: CalendarDate; to: CalendarDate }[]): Located[] {
  const order = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => isCalendarDate(row.from) && isCalendarDate(row.to) && row.from <= row.to)
    .sort((a, b) => a.row.siteTypeId - b.row.siteTypeId || compareAscii(a.row.from, b.row.from) || a.index - b.index);
  const found: Located[] = [];
  let reach: (typeof order)[number] | undefined;
  for (const entry of order) {
    if (reach && reach.row.siteTypeId === entry.row.siteTypeId && entry.row.from <= reach.row.to) {
      const [earlier, later] = reach.index < entry.index ? [reach, entry] : [entry, reach];
      found.push({
        index: later.index,
        path: `${name}[${later.index}].from`,
        message: `overlaps ${name}[${earlier.index}] of site type ${entry.row.siteTypeId}`,
      });
    }
    if (!reach || reach.row.siteTypeId !== entry.row.siteTypeId || entry.row.to > reach.row.to) reach = entry;
  }
  return found;
}

function repeatedCodes(extras: readonly Extra[]): Located[] {
  const first = new Map<string, number>();
  const found: Located[] = [];
  extras.forEach((extra, index) => {
    const seen = first.get(extra.code);
    if (seen === undefined) first.set(extra.code, index);
    else found.push({ index, path: `extras[${index}].code`, message: `repeats extras[${seen}].code` });
  });
  return found;
}
