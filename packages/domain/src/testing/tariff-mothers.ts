import type { Extra, Restriction, Season, StayRequest, Tariff, TouristTax } from '../pricing/tariff';

/** Tariff builders in the Object Mother style: a plain summer season of site type 1 unless a test says otherwise. */
export function aSeason(overrides: Partial<Season> = {}): Season {
  return {
    siteTypeId: 1,
    from: '2027-06-01',
    to: '2027-08-31',
    pitch: 3000,
    adult: 1000,
    youth: 600,
    child: 400,
    vatRate: 380,
    ...overrides,
  };
}

export function aRestriction(overrides: Partial<Restriction> = {}): Restriction {
  return {
    siteTypeId: 1,
    from: '2027-07-01',
    to: '2027-07-31',
    minStay: null,
    maxStay: null,
    closedToArrival: false,
    closedToDeparture: false,
    stopSell: false,
    ...overrides,
  };
}

export function anExtra(overrides: Partial<Extra> = {}): Extra {
  const id = overrides.id ?? 1;
  return { id, code: `extra-${id}`, name: `Extra ${id}`, per: 'stay', price: 1000, vatRate: 810, compulsoryFor: [], ...overrides };
}

export function aTouristTax(overrides: Partial<TouristTax> = {}): TouristTax {
  return { adult: 250, youth: 120, child: 0, maxNights: null, ...overrides };
}

export function aTariff(overrides: Partial<Tariff> = {}): Tariff {
  return { seasons: [aSeason()], restrictions: [], extras: [], touristTax: null, ...overrides };
}

export function aStayRequest(overrides: Partial<StayRequest> = {}): StayRequest {
  return {
    siteTypeId: 1,
    checkInDate: '2027-07-01',
    checkOutDate: '2027-07-04',
    numAdults: 2,
    numYouth: 0,
    numChildren: 0,
    extras: [],
    ...overrides,
  };
}
