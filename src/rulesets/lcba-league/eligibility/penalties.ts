import type { LcbaParams } from '../preset';
import type {
  EligibilityFixture,
  EligibilityInput,
  EligibilityTeam,
  EligibilityVerdicts,
  FixtureId,
  Penalty,
  PlayerId,
  TeamId,
} from '../../../contexts/league/model';
import type { Appearance } from './appearances';
import { addDays, byAsOf } from './days';

/** A late result form (LCBA-6.8): the home team's, the day the offence is known, its number. */
export interface ResultFormOffence {
  team: TeamId;
  fixture: FixtureId;
  playedOn: string;
  /** The day received late, or the day after the deadline when none was received. */
  on: string;
  receivedOn?: string;
  nth: number;
}

/**
 * LCBA-6.8: each home team's late result forms in order: received after `days` days from the
 * match (on the last day is in time), or not received by then (the offence known the day
 * after, by `asOf`). The home captain sends the form, so the offence is the home team's.
 */
export function resultFormOffences(
  fixtures: readonly Pick<EligibilityFixture, 'id' | 'home' | 'playedOn'>[],
  received: Readonly<Record<FixtureId, string>>,
  days: number,
  asOf: string | undefined,
): ResultFormOffence[] {
  const offences: Omit<ResultFormOffence, 'nth'>[] = [];
  for (const f of fixtures) {
    if (f.playedOn === undefined || !byAsOf(f.playedOn, asOf)) continue;
    const deadline = addDays(f.playedOn, days);
    const got = received[f.id];
    const receivedOn = got !== undefined && byAsOf(got, asOf) ? got : undefined;
    if (receivedOn !== undefined && receivedOn <= deadline) continue;
    const on = receivedOn ?? addDays(deadline, 1);
    if (!byAsOf(on, asOf)) continue;
    offences.push({
      team: f.home,
      fixture: f.id,
      playedOn: f.playedOn,
      on,
      ...(receivedOn ? { receivedOn } : {}),
    });
  }
  offences.sort((a, b) =>
    a.playedOn !== b.playedOn ? (a.playedOn < b.playedOn ? -1 : 1) : a.fixture < b.fixture ? -1 : 1,
  );
  const count = new Map<TeamId, number>();
  return offences.map((o) => {
    const nth = (count.get(o.team) ?? 0) + 1;
    count.set(o.team, nth);
    return { ...o, nth };
  });
}

/**
 * LCBA-6.8's consequences: the first offence a warning, the second a ½ VP penalty suspended (a
 * warning), the third a further ½ VP with the suspended one activated (1 VP), from the day
 * the League Committee ratifies it; each later offence a further `thirdOffenceVp` once
 * ratified (a reading). An offence not yet ratified is a warning.
 */
function resultFormVerdicts(
  input: EligibilityInput,
  p: LcbaParams['resultForm'],
): { penalties: Penalty[]; warnings: EligibilityVerdicts['warnings'] } {
  const penalties: Penalty[] = [];
  const warnings: EligibilityVerdicts['warnings'] = [];
  const playedOn = new Map(input.lineUps.map((l) => [l.fixture, l.playedOn]));
  const fixtures = input.fixtures.map((f) => {
    const day = playedOn.get(f.id);
    return f.playedOn === undefined && day ? { ...f, playedOn: day } : f;
  });
  for (const o of resultFormOffences(fixtures, input.formsReceived, p.days, input.asOf)) {
    const late = o.receivedOn
      ? `result form of ${o.fixture} (played ${o.playedOn}) received ${o.receivedOn}, after ${p.days} days`
      : `result form of ${o.fixture} (played ${o.playedOn}) not received within ${p.days} days`;
    if (o.nth === 1) {
      warnings.push({
        team: o.team,
        on: o.on,
        because: { rule: 'LCBA-6.8', text: `${late}: first offence, a warning` },
      });
      continue;
    }
    if (o.nth === 2) {
      warnings.push({
        team: o.team,
        on: o.on,
        because: {
          rule: 'LCBA-6.8',
          text: `${late}: second offence, a ${p.secondOffenceVp} VP penalty suspended`,
        },
      });
      continue;
    }
    const vp = o.nth === 3 ? p.secondOffenceVp + p.thirdOffenceVp : p.thirdOffenceVp;
    const ratified = input.ratified.find(
      (r) => r.team === o.team && r.fixture === o.fixture && byAsOf(r.on, input.asOf),
    );
    if (!ratified) {
      warnings.push({
        team: o.team,
        on: o.on,
        because: {
          rule: 'LCBA-6.8',
          text: `${late}: offence ${o.nth}, ${vp} VP once the League Committee ratifies it`,
        },
      });
      continue;
    }
    penalties.push({
      team: o.team,
      vp,
      on: ratified.on,
      because: {
        rule: 'LCBA-6.8',
        text:
          o.nth === 3
            ? `${late}: third offence, ${p.thirdOffenceVp} VP and the suspended ${p.secondOffenceVp} VP activated, ratified on ${ratified.on}`
            : `${late}: offence ${o.nth}, a further ${p.thirdOffenceVp} VP, ratified on ${ratified.on}`,
      },
    });
  }
  return { penalties, warnings };
}

/**
 * LCBA-5.5: a player who plays two matches originally scheduled for one date, one of them
 * rearranged at the request of a team of a club the player played for in either, breaches it
 * unless the secretary approved the player beforehand (a SameDatePlayApproved of the two
 * matches, or the rearrangement's `approvedPlayers`, dated on or before the second match); the team the player played for in the match played
 * second gets `rearrangementPenalty` VP on that match (once a match, however many players).
 */
function rearrangementPenalties(
  input: EligibilityInput,
  appearances: ReadonlyMap<PlayerId, readonly Appearance[]>,
  p: LcbaParams['players'],
): Penalty[] {
  const fixtures = new Map(input.fixtures.map((f) => [f.id, f]));
  const teams = new Map<TeamId, EligibilityTeam>(input.teams.map((t) => [t.team, t]));
  const seekers = new Map<
    FixtureId,
    { club: string; approved: PlayerId[]; approvedOn: string | undefined }[]
  >();
  for (const r of input.rearrangements) {
    const f = fixtures.get(r.fixture);
    const club = f && teams.get(f[r.soughtBy])?.club;
    if (club === undefined) continue;
    seekers.set(r.fixture, [
      ...(seekers.get(r.fixture) ?? []),
      { club, approved: r.approvedPlayers ?? [], approvedOn: r.on },
    ]);
  }
  const out: Penalty[] = [];
  const penalised = new Set<string>();
  for (const list of appearances.values()) {
    for (let j = 1; j < list.length; j++) {
      const second = list[j];
      for (let i = 0; i < j; i++) {
        const first = list[i];
        if (fixtures.get(first.fixture)!.scheduled !== fixtures.get(second.fixture)!.scheduled)
          continue;
        const sought = [first, second]
          .flatMap((a) => seekers.get(a.fixture) ?? [])
          .filter((s) => s.club === first.club || s.club === second.club);
        // "the LS's specific prior approval": given on or before the day of the second match.
        const prior = (on: string | undefined) => on === undefined || on <= second.on;
        const approved =
          sought.some((s) => s.approved.includes(second.player) && prior(s.approvedOn)) ||
          input.sameDateApprovals.some(
            (a) =>
              a.player === second.player &&
              a.fixtures.includes(first.fixture) &&
              a.fixtures.includes(second.fixture) &&
              prior(a.on),
          );
        if (!sought.length || approved) continue;
        const key = `${second.fixture} ${second.team}`;
        if (penalised.has(key)) continue;
        penalised.add(key);
        out.push({
          team: second.team,
          vp: p.rearrangementPenalty,
          fixture: second.fixture,
          on: second.on,
          because: {
            rule: 'LCBA-5.5',
            text: `${second.player} played ${first.fixture} (${first.on}) and ${second.fixture} (${second.on}), both originally scheduled for ${fixtures.get(second.fixture)!.scheduled}, after a rearrangement sought by ${sought[0].club}: the penalty is on the match played second`,
          },
        });
      }
    }
  }
  return out;
}

/** LCBA-2.1, 5.5 and 6.8: the procedural penalties and the warnings that carry no score. */
export function penaltyVerdicts(
  input: EligibilityInput,
  appearances: ReadonlyMap<PlayerId, readonly Appearance[]>,
  params: LcbaParams,
): { penalties: Penalty[]; warnings: EligibilityVerdicts['warnings'] } {
  const fines: Penalty[] = input.lateEntryFines
    .filter((f) => byAsOf(f.on, input.asOf))
    .map((f) => ({
      team: f.team,
      vp: f.vp,
      on: f.on,
      because: { rule: 'LCBA-2.1', text: `late entry fined ${f.vp} VP` },
    }));
  const forms = resultFormVerdicts(input, params.resultForm);
  return {
    penalties: [
      ...fines,
      ...rearrangementPenalties(input, appearances, params.players),
      ...forms.penalties,
    ],
    warnings: forms.warnings,
  };
}
