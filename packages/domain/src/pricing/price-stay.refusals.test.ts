import { describe, expect, it } from 'vitest';
import { isDomainError } from '../shared/domain-error';
import { thrownBy } from '../testing/rejection-of';
import { aSeason, aStayRequest, aTariff, anExtra } from '../testing/tariff-mothers';
import { priceStay } from './price-stay';

describe('priceStay refusals', () => {
  const july = aTariff({
    seasons: [aSeason({ from: '2027-07-01', to: '2027-07-04' }), aSeason({ from: '2027-07-06', to: '2027-07-31' })],
    extras: [anExtra({ code: 'dog' })],
  });

  it.each([
    ['the first night', '2027-06-30', '2027-07-03'],
    ['the last night', '2027-07-28', '2027-08-02'],
    ['a night in the middle', '2027-07-03', '2027-07-08'],
    ['every night', '2027-09-01', '2027-09-03'],
  ])('refuses no_tariff when %s lies in no season', (_, checkInDate, checkOutDate) => {
    expect(
      isDomainError(
        thrownBy(() => priceStay(july, aStayRequest({ checkInDate, checkOutDate }))),
        'no_tariff',
      ),
    ).toBe(true);
  });

  it('accepts a stay whose departure day lies after the last season (it is no night)', () => {
    expect(priceStay(july, aStayRequest({ checkInDate: '2027-07-29', checkOutDate: '2027-08-01' })).total).toBeGreaterThan(0);
  });

  it('refuses no_tariff when only another site type has a season', () => {
    expect(
      isDomainError(
        thrownBy(() => priceStay(july, aStayRequest({ siteTypeId: 2 }))),
        'no_tariff',
      ),
    ).toBe(true);
  });

  it('refuses unknown_extra naming the code, before looking at the seasons', () => {
    const error = thrownBy(() =>
      priceStay(july, aStayRequest({ checkInDate: '2027-09-01', checkOutDate: '2027-09-03', extras: [{ code: 'Dog', quantity: 1 }] })),
    );
    expect(isDomainError(error, 'unknown_extra')).toBe(true);
    expect(isDomainError(error) && error.details).toEqual({ extraCode: 'Dog' });
  });

  it.each([
    ['no nights', aStayRequest({ checkOutDate: '2027-07-01' })],
    ['a negative count', aStayRequest({ numYouth: -1 })],
    ['a fractional count', aStayRequest({ numAdults: 1.5 })],
    ['a quantity of 0', aStayRequest({ extras: [{ code: 'dog', quantity: 0 }] })],
    [
      'a code asked for twice',
      aStayRequest({
        extras: [
          { code: 'dog', quantity: 1 },
          { code: 'dog', quantity: 2 },
        ],
      }),
    ],
  ])('treats %s as a caller error', (_, stay) => {
    expect(thrownBy(() => priceStay(july, stay))).toBeInstanceOf(RangeError);
  });

  it('refuses amounts that integer arithmetic could not keep exact', () => {
    const tariff = aTariff({ seasons: [aSeason({ pitch: Number.MAX_SAFE_INTEGER })] });
    expect(thrownBy(() => priceStay(tariff, aStayRequest()))).toBeInstanceOf(RangeError);
  });
});
