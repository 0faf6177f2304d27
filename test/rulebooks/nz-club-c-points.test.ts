import { nzClub } from '../../src/rulesets/nz-club/preset';
import { RulebookChangeError, RulebookHistory } from '../../src/rulebooks/rulebook';

describe('the nz-club preset: the NZ-8 C-point award table is a setting', () => {
  it('NZ-8 C points: the top pair 40 C, a linear share down to the top third (rounded down), whole C points, in every NZ pairs and individual event', () => {
    expect(nzClub.params.cPoints).toEqual({
      events: [
        'club-pairs',
        'victoria-pairs',
        'thursday-afternoon-club-pairs',
        'short-pairs',
        'wellesley-pairs',
        'random-draw-individual',
        'wilkinson-individual',
      ],
      top: 40,
      awardedFraction: '1/3',
      placesRounding: 'down',
      scale: 'linear',
      table: [],
      rounding: 'half-up',
    });
    expect(JSON.parse(JSON.stringify(nzClub.params.cPoints))).toEqual(nzClub.params.cPoints);
  });

  it('NZ-8 an amendment of the award table counts from its effective date', () => {
    const h = new RulebookHistory<typeof nzClub.params>();
    h.adopt(nzClub, {}, '2026-01-01');
    h.amend({ 'cPoints.scale': 'table', 'cPoints.table': [40, 25, 10] }, '2026-06-01');
    expect(h.inForce('2026-05-31')!.params.cPoints.scale).toBe('linear');
    expect(h.inForce('2026-06-01')!.params.cPoints).toMatchObject({
      scale: 'table',
      table: [40, 25, 10],
      top: 40,
    });
  });

  it('NZ-8 an amendment naming no award parameter, or of the wrong kind, is refused with the path', () => {
    const h = new RulebookHistory<typeof nzClub.params>();
    h.adopt(nzClub, {}, '2026-01-01');
    expect(() => h.amend({ 'cPoints.awardedFraction': 0.33 }, '2026-06-01')).toThrow(
      'rulebook parameter cPoints.awardedFraction: must be a string, not a number',
    );
    expect(() => h.amend({ 'cPoints.table': 40 }, '2026-06-01')).toThrow(RulebookChangeError);
    expect(() => h.amend({ 'cPoints.places': 3 }, '2026-06-01')).toThrow(/no such parameter/);
  });
});
