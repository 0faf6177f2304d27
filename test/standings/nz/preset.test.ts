import { nzClub } from '../../../src/rulesets/nz-club/preset';
import { RulebookHistory } from '../../../src/rulebooks/rulebook';
import { formatHundredths, hundredths, nzStanding } from '../../../src/rulesets/nz-club/standings';
import { series } from './helpers';

describe('the nz-club preset', () => {
  it('NZ-1 … NZ-10 every number of the NZ rules is a parameter with the seed value', () => {
    const p = nzClub.params;
    expect(nzClub.id).toBe('nz-club');
    expect(p.tenSession).toEqual({
      events: ['club-pairs', 'victoria-pairs', 'thursday-afternoon-club-pairs'],
      sessions: 10,
      counted: 9,
      regularMinSessions: 6,
      maxSubstituteScoresCounted: 3,
    });
    expect(p.shortPairs.sessionCounts).toEqual([3, 4]);
    expect(p.randomDrawIndividualBestOf).toBe(3);
    expect(p.substituteLimitPercent).toBe(40);
    expect(p.substitutePenaltiesPercent).toEqual([1, 2, 3]);
    expect(p.oneBoardPenalty.nonMemberPartnerEvents).toEqual(['club-pairs', 'victoria-pairs']);
    expect(p.oneBoardPenalty.tuesdayPlayerEvents).toEqual(['victoria-pairs']);
    expect(p.wilkinsonHandicapPercent).toBe(4);
    expect(p.nightLimits).toEqual({
      mondayWedToTuesday: 3,
      tuesdayToWednesday: 2,
      tuesdayIntermediateOpenToMonday: 2,
    });
    expect([p.wellesley.nights, p.wilkinson.nights]).toEqual([4, 3]);
    expect(p.visitorMaxPerYear).toBe(3);
  });

  it('NZ-1 the parameters are plain JSON, so a stored amendment round-trips', () => {
    expect(JSON.parse(JSON.stringify(nzClub.params))).toEqual(nzClub.params);
  });

  it('NZ-1 an amendment dated mid-season changes the standing computed under the rulebook in force', () => {
    const history = new RulebookHistory<typeof nzClub.params>();
    history.adopt(nzClub, {}, '2026-01-01');
    history.amend({ 'tenSession.counted': 8 }, '2026-07-01');
    const entry = {
      competitor: 'A',
      scores: series('50', '55', '60', '45', '52', '58', '61', '49', '57', '53'),
    };
    const before = nzStanding({ kind: 'club-pairs' }, entry, history.inForce('2026-06-30')!.params);
    const after = nzStanding({ kind: 'club-pairs' }, entry, history.inForce('2026-07-01')!.params);
    expect(formatHundredths(before.total)).toBe('495.00');
    expect(formatHundredths(after.total)).toBe('446.00');
  });

  it('NZ-1 percentages are exact hundredths: 0.1 + 0.2 style drift cannot occur', () => {
    const entry = { competitor: 'A', scores: series(...Array<string>(10).fill('33.33')) };
    const r = nzStanding({ kind: 'club-pairs' }, entry, nzClub.params);
    expect(r.total).toBe(hundredths('299.97'));
    expect(formatHundredths(-150)).toBe('-1.50');
  });
});
