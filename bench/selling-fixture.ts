/**
 * The calendar tenant's tariff (docs/pricing.md; its fixture fields: docs/import-format.md) and the stays the quote
 * cases sell. Seasons cover every night the bench asks about: low, mid, high, mid, low in each of 2026 to 2028 (the
 * calendar's windows start from 2026-06-01 to 2027-05-31), then one long season to 2035 (the quotes sell from 2028
 * on, where no generated booking reaches). Stay rules only in 2026 and 2027: the calendar shows them, the quotes'
 * two-night stays never meet them.
 */
import { SELLING_SITE_TYPES } from './fixture-names';
import { money } from './tenant-model';

const SEASON_YEARS = [2026, 2027, 2028];
const RESTRICTED_YEARS = [2026, 2027];
/** Low, mid and high season: the pitch at that share of the type's middle price, and the price per guest. */
const LEVELS = {
  low: { pitch: 0.8, adult: 700, youth: 400, child: 300 },
  mid: { pitch: 1, adult: 800, youth: 500, child: 350 },
  high: { pitch: 1.3, adult: 950, youth: 600, child: 400 },
} as const;
const SEASONS_OF_A_YEAR = [
  ['01-01', '05-31', 'low'],
  ['06-01', '06-30', 'mid'],
  ['07-01', '08-31', 'high'],
  ['09-01', '09-30', 'mid'],
  ['10-01', '12-31', 'low'],
] as const;

function season(typeId: number, from: string, to: string, level: keyof typeof LEVELS) {
  const type = SELLING_SITE_TYPES[typeId - 1]!;
  const middle = (type.price[0] + type.price[1]) / 2;
  const { pitch, adult, youth, child } = LEVELS[level];
  return {
    site_type_id: typeId,
    from,
    to,
    pitch: money(Math.round((middle * pitch) / 50) * 50),
    adult: money(adult),
    youth: money(youth),
    child: money(child),
    vat_rate: '3.80',
  };
}

/** Summer minimum stays (Swiss National Day closed to arrival for half the types), Christmas and New Year rules. */
function restrictionsOf(typeId: number, year: number) {
  const rule = (from: string, to: string, fields: Record<string, unknown>) => ({
    site_type_id: typeId,
    from: `${year}-${from}`,
    to: `${year}-${to}`,
    ...fields,
  });
  const summer =
    typeId % 2 === 1
      ? [
          rule('07-01', '07-31', { min_stay: 3, max_stay: null }),
          rule('08-01', '08-01', { min_stay: 3, max_stay: null, closed_to_arrival: true }),
          rule('08-02', '08-31', { min_stay: 3, max_stay: null }),
        ]
      : [rule('07-01', '08-31', { min_stay: 2, max_stay: 21 })];
  return [
    ...(typeId % 3 === 0 ? [rule('01-01', '01-01', { min_stay: null, max_stay: null, closed_to_departure: true })] : []),
    ...summer,
    ...(typeId % 5 === 0 ? [rule('12-24', '12-26', { min_stay: null, max_stay: null, stop_sell: true })] : []),
  ];
}

const EXTRAS = [
  { id: 1, code: 'bike', name: 'Bicycle', per: 'night', price: '3.00', vat_rate: '8.10', compulsory_for: [] },
  { id: 2, code: 'breakfast', name: 'Breakfast basket', per: 'night', price: '14.50', vat_rate: '2.60', compulsory_for: [] },
  { id: 3, code: 'cleaning', name: 'Final cleaning', per: 'stay', price: '60.00', vat_rate: '8.10', compulsory_for: [4, 8] },
  { id: 4, code: 'dog', name: 'Dog', per: 'night', price: '5.00', vat_rate: '8.10', compulsory_for: [] },
  { id: 5, code: 'parking', name: 'Second car', per: 'stay', price: '10.00', vat_rate: '8.10', compulsory_for: [] },
  { id: 6, code: 'power', name: 'Electricity (16 A)', per: 'night', price: '4.50', vat_rate: '8.10', compulsory_for: [2, 3, 6] },
];

/** The tariff's fields of a tenant object, and how many rows the import counts for them. */
export function sellingTariff(): { fields: Record<string, unknown>; rows: number } {
  const typeIds = SELLING_SITE_TYPES.map((type) => type.id);
  const seasons = typeIds.flatMap((typeId) => [
    ...SEASON_YEARS.flatMap((year) =>
      SEASONS_OF_A_YEAR.map(([from, to, level]) => season(typeId, `${year}-${from}`, `${year}-${to}`, level)),
    ),
    season(typeId, `${SEASON_YEARS.at(-1)! + 1}-01-01`, '2035-12-31', 'mid'),
  ]);
  const restrictions = typeIds.flatMap((typeId) => RESTRICTED_YEARS.flatMap((year) => restrictionsOf(typeId, year)));
  const touristTax = { adult: '2.50', youth: '1.20', child: '0.00', max_nights: 14 };
  return {
    fields: { seasons, restrictions, extras: EXTRAS, tourist_tax: touristTax },
    rows: seasons.length + restrictions.length + EXTRAS.length + 1,
  };
}

/** The first night the quote cases sell: past every generated booking, inside the seasons, outside every stay rule. */
export const SELL_FROM = Date.UTC(2028, 0, 1);
const DAY_MS = 86_400_000;
const STAY_NIGHTS = 2;
const EXTRA_CHOICES = [
  [{ code: 'dog', quantity: 1 }],
  [
    { code: 'breakfast', quantity: 2 },
    { code: 'dog', quantity: 1 },
  ],
  [],
  [{ code: 'parking', quantity: 1 }],
];

/**
 * The n-th quote request: by site type (the types in turn), two nights, two guests, some extras. Each type's stays
 * fill one two-night block `perBlock` times (no more than the active sites of the type it has the fewest of), then
 * move to the next block: every quote, booked in any order, finds a free pitch of its type.
 */
export function nthQuote(n: number, perBlock: number): string {
  const types = SELLING_SITE_TYPES.length;
  const block = Math.floor(n / (types * perBlock));
  const checkIn = SELL_FROM + block * STAY_NIGHTS * DAY_MS;
  const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const round = Math.floor(n / types);
  const family = round % 5 === 4;
  return JSON.stringify({
    site_type_id: SELLING_SITE_TYPES[n % types]!.id,
    check_in_date: isoDay(checkIn),
    check_out_date: isoDay(checkIn + STAY_NIGHTS * DAY_MS),
    num_adults: family ? 1 : 2,
    num_youth: 0,
    num_children: family ? 1 : 0,
    extras: EXTRA_CHOICES[round % EXTRA_CHOICES.length],
  });
}
