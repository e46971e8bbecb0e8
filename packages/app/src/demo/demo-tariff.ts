/**
 * The demo tenant's tariff (docs/pricing.md), as the fixture writes it: a lakeside campsite open from April to October,
 * with a high season in July and August, stay rules around the national holiday, three extras and the commune's
 * tourist tax. Nights in winter have no season, so a quote for them answers `no_tariff`, as a closed campsite should.
 */

// [site type, low season pitch, high season pitch, adult, youth, child]
const PRICES: Array<[number, string, string, string, string, string]> = [
  [1, '18.00', '24.00', '9.50', '6.00', '4.00'],
  [2, '28.00', '36.00', '9.50', '6.00', '4.00'],
  [3, '34.00', '45.00', '9.50', '6.00', '4.00'],
  [4, '85.00', '110.00', '0.00', '0.00', '0.00'],
  [5, '120.00', '155.00', '0.00', '0.00', '0.00'],
];

/** The demo's seasons: low from April to June and in September and October, high in July and August. */
function seasons(year: number) {
  const periods: Array<[string, string, 'low' | 'high']> = [
    [`${year}-04-01`, `${year}-06-30`, 'low'],
    [`${year}-07-01`, `${year}-08-31`, 'high'],
    [`${year}-09-01`, `${year}-10-31`, 'low'],
  ];
  return PRICES.flatMap(([type, low, high, adult, youth, child]) =>
    periods.map(([from, to, season]) => ({
      site_type_id: type,
      from,
      to,
      pitch: season === 'high' ? high : low,
      adult,
      youth,
      child,
      vat_rate: '3.80',
    })),
  );
}

function restrictions(year: number) {
  return [1, 2, 3, 4, 5].flatMap((type) => [
    // High season: at least three nights, at most three weeks.
    {
      site_type_id: type,
      from: `${year}-07-01`,
      to: `${year}-07-31`,
      min_stay: 3,
      max_stay: 21,
      closed_to_arrival: false,
      closed_to_departure: false,
      stop_sell: false,
    },
    // The national holiday's fireworks over the lake: the glamping tents are kept for the staff party.
    {
      site_type_id: type,
      from: `${year}-08-01`,
      to: `${year}-08-01`,
      min_stay: null,
      max_stay: null,
      closed_to_arrival: type !== 4,
      closed_to_departure: false,
      stop_sell: type === 4,
    },
  ]);
}

export function demoTariff() {
  return {
    seasons: [...seasons(2026), ...seasons(2027)],
    restrictions: [...restrictions(2026), ...restrictions(2027)],
    extras: [
      { id: 1, code: 'dog', name: 'Dog', per: 'night', price: '5.00', vat_rate: '8.10', compulsory_for: [] },
      { id: 2, code: 'power', name: 'Electricity (16 A)', per: 'night', price: '4.50', vat_rate: '8.10', compulsory_for: [2] },
      { id: 3, code: 'final-cleaning', name: 'Final cleaning', per: 'stay', price: '60.00', vat_rate: '8.10', compulsory_for: [5] },
      { id: 4, code: 'bike', name: 'E-bike (per day)', per: 'night', price: '35.00', vat_rate: '8.10', compulsory_for: [] },
    ],
    tourist_tax: { adult: '2.50', youth: '1.20', child: '0.00', max_nights: null },
  };
}
