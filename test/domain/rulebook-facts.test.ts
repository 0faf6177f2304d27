import { rulebookFactsViolation } from '../../src/contexts/club/domain/rulebook-facts';
import type { RulebookFactRecord } from '../../src/rulebooks/rulebook-facts';

/**
 * RULEBOOK: a rulebook fact is checked before it is written, by applying it (and the facts the
 * ledger already holds) as every reader will: a change the parameter does not take, a path
 * naming no parameter, an unknown preset or an amendment with no rulebook in force by its date
 * is refused, naming the field and the dotted path.
 */
const adopted = (
  overrides: Record<string, unknown> = {},
  effectiveFrom = '2026-01-01',
  preset = 'nz-club',
): RulebookFactRecord => ({
  kind: 'adopted',
  preset,
  changes: overrides as RulebookFactRecord['changes'],
  effectiveFrom,
});
const amended = (changes: Record<string, unknown>, effectiveFrom = '2026-03-01') =>
  ({
    kind: 'amended',
    changes: changes as RulebookFactRecord['changes'],
    effectiveFrom,
  }) satisfies RulebookFactRecord;

describe('RULEBOOK rulebook facts are checked before they are written', () => {
  it('RULEBOOK an amendment with a value the parameter does not take is refused, naming the path', () => {
    const refused = rulebookFactsViolation(
      [adopted()],
      [amended({ 'scoring.factoring': 'neubreg' })],
    );
    expect(refused).toMatchObject({
      index: 0,
      violation: { rule: 'RULEBOOK', field: 'data.changes["scoring.factoring"]' },
    });
    expect(refused!.violation.reason).toBe(
      'rulebook parameter scoring.factoring: must be "neuberg" or "none", not "neubreg"',
    );
  });

  it('RULEBOOK a path naming no parameter, or a value of another kind, is refused naming the path', () => {
    expect(
      rulebookFactsViolation([adopted()], [amended({ 'tenSession.best': 8 })])?.violation,
    ).toMatchObject({
      rule: 'RULEBOOK',
      field: 'data.changes["tenSession.best"]',
      reason: 'rulebook parameter tenSession.best: no such parameter',
    });
    expect(
      rulebookFactsViolation([adopted()], [amended({ 'scoring.placeDecimals': '2' })])?.violation,
    ).toMatchObject({ field: 'data.changes["scoring.placeDecimals"]' });
  });

  it('RULEBOOK the whole scoring group replaced is checked value by value: the change is named, the reason names the parameter', () => {
    const refused = rulebookFactsViolation([adopted()], [amended({ scoring: { factoring: 'x' } })]);
    expect(refused?.violation).toMatchObject({
      rule: 'RULEBOOK',
      field: 'data.changes["scoring"]',
    });
    expect(refused?.violation.reason).toMatch(/^rulebook parameter scoring\./);
  });

  it('RULEBOOK an adoption whose override the preset does not take is refused at data.overrides', () => {
    expect(
      rulebookFactsViolation([], [adopted({ 'scoring.averagePercent': 120 })])?.violation,
    ).toMatchObject({
      rule: 'RULEBOOK',
      field: 'data.overrides["scoring.averagePercent"]',
      reason: 'rulebook parameter scoring.averagePercent: must be a percentage 0–100',
    });
  });

  it('RULEBOOK an unknown preset is refused at data.preset', () => {
    expect(
      rulebookFactsViolation([], [adopted({}, '2026-01-01', 'acbl-2030')])?.violation,
    ).toMatchObject({
      rule: 'RULEBOOK',
      field: 'data.preset',
      reason: 'no such preset: acbl-2030',
    });
  });

  it('RULEBOOK an amendment with no rulebook adopted by its effective date is refused at data.effectiveFrom', () => {
    expect(
      rulebookFactsViolation([], [amended({ 'scoring.factoring': 'none' })])?.violation,
    ).toMatchObject({
      rule: 'RULEBOOK',
      field: 'data.effectiveFrom',
      reason: 'no rulebook adopted by 2026-03-01: record RulebookAdopted first',
    });
    expect(
      rulebookFactsViolation([adopted({}, '2026-06-01')], [amended({}, '2026-03-01')])?.violation,
    ).toMatchObject({ field: 'data.effectiveFrom' });
  });

  it('RULEBOOK proposed facts are applied in order: an adoption and its amendment together pass; the bad one is named by its place', () => {
    expect(
      rulebookFactsViolation([], [adopted(), amended({ 'scoring.factoring': 'none' })]),
    ).toBeUndefined();
    expect(
      rulebookFactsViolation(
        [],
        [
          adopted(),
          amended({ 'scoring.factoring': 'none' }),
          amended({ 'scoring.factoring': 'x' }, '2026-04-01'),
        ],
      ),
    ).toMatchObject({ index: 2, violation: { field: 'data.changes["scoring.factoring"]' } });
  });

  it('RULEBOOK a fact the ledger already holds that cannot be applied does not block a good one: it is checked against the rulebook without it', () => {
    const ledger = [adopted(), amended({ 'scoring.factoring': 'neubreg' })];
    expect(
      rulebookFactsViolation(ledger, [amended({ 'scoring.factoring': 'none' }, '2026-04-01')]),
    ).toBeUndefined();
    expect(
      rulebookFactsViolation(ledger, [amended({ 'scoring.factoring': 'nope' }, '2026-04-01')]),
    ).toMatchObject({
      index: 0,
    });
  });
});

describe('RULEBOOK a rulebook fact is checked as the tables read the whole rulebook (Preset.validate)', () => {
  it('LCBA-A5 rr3.halfRounding set to a word the RR3 rounding does not know is refused, naming the path', () => {
    const lcba = adopted({}, '2009-07-01', 'lcba-league-2009');
    const refused = rulebookFactsViolation(
      [lcba],
      [amended({ 'rr3.halfRounding': '' }, '2009-09-03')],
    );
    expect(refused?.violation).toMatchObject({
      rule: 'RULEBOOK',
      field: 'data.changes["rr3.halfRounding"]',
    });
    expect(refused!.violation.reason).toBe(
      "rulebook parameter rr3.halfRounding: must be 'toward-zero' or 'floor', got  (LCBA-A5)",
    );
    expect(
      rulebookFactsViolation([lcba], [amended({ 'rr3.halfRounding': 'floor' }, '2009-09-03')]),
    ).toBeUndefined();
  });

  it('STD-VP a league match scale the VP tables do not have is refused at adoption, naming the override', () => {
    const refused = rulebookFactsViolation(
      [],
      [adopted({ 'match.vpScale': 'ebu-2030' }, '2009-07-01', 'lcba-league-2009')],
    );
    expect(refused?.violation).toMatchObject({
      rule: 'RULEBOOK',
      field: 'data.overrides["match.vpScale"]',
    });
    expect(refused!.violation.reason).toMatch(
      /vpScale: must be 'ebu-pre-2013' or 'wbf-2013'.*\(STD-VP\)$/,
    );
  });

  it('NZ-8 C points by a table of places with no places listed is refused; with them it is accepted', () => {
    expect(
      rulebookFactsViolation([adopted()], [amended({ 'cPoints.scale': 'table' })])?.violation,
    ).toMatchObject({
      rule: 'RULEBOOK',
      field: 'data.changes["cPoints.scale"]',
      reason:
        "rulebook parameter cPoints.table: must list the places' C points when scale is 'table' (NZ-8)",
    });
    expect(
      rulebookFactsViolation(
        [adopted()],
        [amended({ 'cPoints.scale': 'table', 'cPoints.table': [6, 4, 2] })],
      ),
    ).toBeUndefined();
  });

  it('NZ-8 a later amendment carried into a version the tables could not read is refused too', () => {
    // Places listed from January, scored by them from March; emptied from February, which
    // February's version (a linear scale) can use but March's, carrying it, cannot.
    const refused = rulebookFactsViolation(
      [adopted({ 'cPoints.table': [6, 4, 2] }), amended({ 'cPoints.scale': 'table' })],
      [amended({ 'cPoints.table': [] }, '2026-02-01')],
    );
    expect(refused?.violation).toMatchObject({
      rule: 'RULEBOOK',
      field: 'data.changes["cPoints.table"]',
    });
  });
});

describe('RULEBOOK each ruleset refuses a keyword its tables do not read (the words the property test found)', () => {
  const refusal = (preset: string, changes: Record<string, unknown>, from = '2026-03-01') =>
    rulebookFactsViolation([adopted({}, '2014-01-01', preset)], [amended(changes, from)])
      ?.violation;

  it.each([
    [
      'nz-club',
      'oneBoardPenalty.rounding',
      'pu-flah',
      "must be 'half-up', 'up' or 'down', got 'pu-flah' (NZ-5)",
    ],
    ['nz-club', 'yearStarts', '02-29', 'must be a day MM-DD, got 02-29 (NZ-10)'],
    ['nz-club', 'visitorMaxPerYear', 0, 'must be between 1 and 9007199254740991, got 0 (NZ-10)'],
    [
      'dsb-groenlo-2014',
      'promotion.boundaryTie',
      'x',
      "must be 'moveAll' or 'moveNone', got x (DSB-8.1)",
    ],
    [
      'dsb-groenlo-2014',
      'championship.rankAmong',
      'lla',
      "must be 'all' or 'eligible', got lla (DSB-11.3)",
    ],
    [
      'dsb-groenlo-2014',
      'championship.tiePoints',
      '',
      "must be 'average' or 'higher', got  (DSB-11.3)",
    ],
    ['dsb-groenlo-2014', 'butler.sessions', 0, 'must be a whole number ≥ 1, got 0 (DSB-16a)'],
    ['nz-club', 'tenSession.counted', -1, 'must be a whole number ≥ 1, got -1 (NZ-1)'],
    ['nz-club', 'tenSession.counted', 1.5, 'must be a whole number ≥ 1, got 1.5 (NZ-1)'],
    [
      'dsb-groenlo-2014',
      'pairs.minMembers',
      -7600,
      'must be a whole number ≥ 1, got -7600 (DSB-3)',
    ],
    [
      'dsb-groenlo-2014',
      'teams.format',
      'random',
      "must be 'groups' or 'swiss', got random (DSB-15)",
    ],
    [
      'pinner-2018',
      'visitors.year.kind',
      'radnelac',
      "must be 'calendar' or 'club-year', got radnelac (PIN-R10)",
    ],
    [
      'pinner-2018',
      'visitors.sessions',
      0,
      'must be between 1 and 9007199254740991, got 0 (PIN-R10)',
    ],
  ])(
    'RULEBOOK %s: %s set to %p is refused naming the path and the rule it serves',
    (preset, path, value, why) => {
      expect(refusal(preset, { [path]: value })).toMatchObject({
        rule: 'RULEBOOK',
        field: `data.changes[${JSON.stringify(path)}]`,
        reason: `rulebook parameter ${path}: ${why}`,
      });
    },
  );

  it('RULEBOOK nz-club: a teams tie-break step NZ-12 does not know is refused, naming the step', () => {
    expect(refusal('nz-club', { 'teams.tieBreak': ['head-to-head-vp', 'coin'] })).toMatchObject({
      rule: 'RULEBOOK',
      field: 'data.changes["teams.tieBreak"]',
      reason:
        "rulebook parameter teams.tieBreak[1]: must be one of head-to-head-vp, head-to-head-imps, imp-quotient, got 'coin' (NZ-12)",
    });
    expect(refusal('nz-club', { 'teams.tieBreak': ['imp-quotient'] })).toBeUndefined();
  });

  it('RULEBOOK the words the tables do read are taken', () => {
    expect(
      refusal('nz-club', { 'oneBoardPenalty.rounding': 'down', yearStarts: '04-01' }),
    ).toBeUndefined();
    expect(refusal('dsb-groenlo-2014', { 'promotion.boundaryTie': 'moveNone' })).toBeUndefined();
    expect(
      refusal('pinner-2018', { 'visitors.year': { kind: 'club-year', yearStart: '04-01' } }),
    ).toBeUndefined();
  });
});
