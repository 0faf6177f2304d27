import { ScoringInputError, requireFinite, requireInteger, type VpScale } from '../../../scoring';
import type { LcbaParams } from '../preset';
import type { DivisionInput, MatchScore, TeamId } from '../../../contexts/league/model';
import { requireClubDate } from './dates';
import { between } from './season';

const STEPS = new Set(['a', 'b', 'c', 'd', 'e']);

/** The parameters table/ reads, checked once (a bad preset names its field). */
export function validateParams(params: LcbaParams): void {
  const { defaults, tieBreak, rr3, promotion } = params;
  requireFinite(defaults.floorVp, 'defaults.floorVp', 'LCBA-8.1', 0);
  requireInteger(defaults.bothOffendImps, 'defaults.bothOffendImps', 'LCBA-8.3');
  requireFinite(defaults.completeShare, 'defaults.completeShare', 'LCBA-8.4', 0, 1);
  if (defaults.cancelFrom !== 'from-when-impossible' && defaults.cancelFrom !== 'season-end') {
    throw new ScoringInputError(
      'defaults.cancelFrom',
      'LCBA-8.4',
      `must be 'from-when-impossible' or 'season-end', got ${String(defaults.cancelFrom)}`,
    );
  }
  tieBreak.steps.forEach((s, i) => {
    if (!STEPS.has(s)) {
      throw new ScoringInputError(`tieBreak.steps[${i}]`, 'LCBA-3.1.1', `must be a–e, got ${s}`);
    }
  });
  requireFinite(tieBreak.drawCounts, 'tieBreak.drawCounts', 'LCBA-3.1.1', 0, 1);
  if (rr3.halfRounding !== 'toward-zero' && rr3.halfRounding !== 'floor') {
    throw new ScoringInputError(
      'rr3.halfRounding',
      'LCBA-A5',
      `must be 'toward-zero' or 'floor', got ${String(rr3.halfRounding)}`,
    );
  }
  requireInteger(rr3.offenderImps, 'rr3.offenderImps', 'LCBA-A5');
  requireInteger(promotion.promote, 'promotion.promote', 'LCBA-2.2', 0);
  requireInteger(promotion.relegate, 'promotion.relegate', 'LCBA-2.2', 0);
}

function validateScore(score: MatchScore, field: string, scale: VpScale): void {
  if (typeof score !== 'object' || score === null || typeof score.vp !== 'object') {
    throw new ScoringInputError(field, 'LCBA-6.7', 'must be a match score');
  }
  requireInteger(score.homeNetImps, `${field}.homeNetImps`, 'LCBA-6.7');
  requireFinite(score.vp.home, `${field}.vp.home`, 'LCBA-6.7', 0, scale.max);
  requireFinite(score.vp.away, `${field}.vp.away`, 'LCBA-6.7', 0, scale.max);
}

/**
 * Refuses a division's input that the rules cannot score, naming the field and the rule. The
 * ballots' "level" check needs the totals: `checkBallotsLevel` runs after them.
 */
export function validateDivision(input: DivisionInput, params: LcbaParams, scale: VpScale): void {
  if (input.asOf !== undefined) requireClubDate(input.asOf, 'asOf', 'LCBA-8.1');
  requireInteger(input.division, 'division', 'LCBA-2.2', 1);

  const teams = new Set<TeamId>();
  input.teams.forEach((t, i) => {
    if (typeof t.team !== 'string' || t.team === '') {
      throw new ScoringInputError(`teams[${i}].team`, 'LCBA-2.2', 'must be a team id');
    }
    if (teams.has(t.team)) {
      throw new ScoringInputError(`teams[${i}].team`, 'LCBA-2.2', `${t.team} is entered twice`);
    }
    teams.add(t.team);
  });

  const rr3Division = params.rr3.divisions.includes(input.division);
  const electors = new Set(input.rr3Electors ?? []);
  if (input.rr3Electors !== undefined) {
    if (!rr3Division) {
      throw new ScoringInputError(
        'rr3Electors',
        'LCBA-A1',
        `division ${input.division} plays no third round robin (divisions ${params.rr3.divisions.join(', ')})`,
      );
    }
    input.rr3Electors.forEach((t, i) => {
      if (!teams.has(t)) {
        throw new ScoringInputError(`rr3Electors[${i}]`, 'LCBA-A2', `${t} is not entered`);
      }
    });
  }

  const ids = new Set<string>();
  const seen = new Set<string>();
  input.fixtures.forEach((f, i) => {
    const at = `fixtures[${i}]`;
    if (ids.has(f.id)) throw new ScoringInputError(`${at}.id`, 'LCBA-2.2', `${f.id} is twice`);
    ids.add(f.id);
    if (!teams.has(f.home)) {
      throw new ScoringInputError(`${at}.home`, 'LCBA-2.2', `${f.home} is not entered`);
    }
    if (!teams.has(f.away)) {
      throw new ScoringInputError(`${at}.away`, 'LCBA-2.2', `${f.away} is not entered`);
    }
    if (f.home === f.away) {
      throw new ScoringInputError(at, 'LCBA-2.2', `${f.home} cannot play itself`);
    }
    if (f.round !== 1 && f.round !== 2 && f.round !== 3) {
      throw new ScoringInputError(`${at}.round`, 'LCBA-2.2', `must be 1, 2 or 3`);
    }
    requireClubDate(f.scheduled, `${at}.scheduled`, 'LCBA-5.5');
    // Home and away (2.2): one RR1 (RR2) match a pair with a given home team; RR3 is single.
    const key =
      f.round === 3 ? `3|${[f.home, f.away].sort().join('|')}` : `${f.round}|${f.home}|${f.away}`;
    if (seen.has(key)) {
      throw new ScoringInputError(
        at,
        f.round === 3 ? 'LCBA-A2' : 'LCBA-2.2',
        `is a second RR${f.round} fixture between ${f.home} and ${f.away}${f.round === 3 ? '' : ` with ${f.home} at home`}`,
      );
    }
    seen.add(key);
    if (f.virtual && f.round !== 3) {
      throw new ScoringInputError(`${at}.virtual`, 'LCBA-A4', 'only an RR3 match is virtual');
    }
    if (f.round === 3) {
      if (!rr3Division || input.rr3Electors === undefined) {
        throw new ScoringInputError(
          `${at}.round`,
          'LCBA-A1',
          `division ${input.division} has no third round robin (no RR3 electors given)`,
        );
      }
      const both = electors.has(f.home) && electors.has(f.away);
      if (both === Boolean(f.virtual)) {
        throw new ScoringInputError(
          `${at}.virtual`,
          'LCBA-A4',
          both
            ? `${f.home} and ${f.away} both elected RR3: their match is real`
            : `${f.home} and ${f.away} did not both elect RR3: their match is virtual`,
        );
      }
      const rr = input.fixtures.filter((g) => g.round !== 3 && between(g, f.home, f.away));
      if (f.virtual && rr.length !== 2) {
        throw new ScoringInputError(
          at,
          'LCBA-A5',
          `needs the RR1 and RR2 matches between ${f.home} and ${f.away}, found ${rr.length}`,
        );
      }
    }
  });

  const byId = new Map(input.fixtures.map((f) => [f.id, f]));
  for (const [id, o] of Object.entries(input.outcomes)) {
    const at = `outcomes.${id}`;
    const f = byId.get(id);
    if (!f) throw new ScoringInputError(at, 'LCBA-2.2', `is for an unknown fixture`);
    if (f.virtual) {
      throw new ScoringInputError(at, 'LCBA-A5', 'a virtual match is never played: it is computed');
    }
    requireClubDate(o.on, `${at}.on`, 'LCBA-2.2');
    if (o.kind === 'played') validateScore(o.score, `${at}.score`, scale);
    else if (o.kind === 'unplayed') {
      if (!['home', 'away', 'both'].includes(o.offender)) {
        throw new ScoringInputError(`${at}.offender`, 'LCBA-8.2', 'must be home, away or both');
      }
    } else if (o.kind === 'lost-by-default') {
      if (o.offender !== 'home' && o.offender !== 'away') {
        throw new ScoringInputError(`${at}.offender`, o.rule, 'must be home or away');
      }
      validateScore(o.actual, `${at}.actual`, scale);
    } else {
      throw new ScoringInputError(
        `${at}.kind`,
        'LCBA-8',
        'must be played, unplayed or lost-by-default',
      );
    }
  }

  input.penalties.forEach((p, i) => {
    const at = `penalties[${i}]`;
    const rule = p.because?.rule ?? 'LCBA-5.5';
    if (!teams.has(p.team))
      throw new ScoringInputError(`${at}.team`, rule, `${p.team} is not entered`);
    requireFinite(p.vp, `${at}.vp`, rule, 0);
    if (p.vp === 0) throw new ScoringInputError(`${at}.vp`, rule, 'must be more than 0');
    requireClubDate(p.on, `${at}.on`, rule);
    if (p.fixture !== undefined) {
      const f = byId.get(p.fixture);
      if (!f || (f.home !== p.team && f.away !== p.team)) {
        throw new ScoringInputError(
          `${at}.fixture`,
          rule,
          `${p.fixture} is not a match of ${p.team}`,
        );
      }
    }
  });

  input.ballots.forEach((b, i) => {
    const at = `ballots[${i}]`;
    const set = new Set(b.teams);
    if (b.teams.length < 2 || set.size !== b.teams.length) {
      throw new ScoringInputError(
        `${at}.teams`,
        'LCBA-3.1.1',
        'must name two or more teams, once each',
      );
    }
    b.teams.forEach((t) => {
      if (!teams.has(t))
        throw new ScoringInputError(`${at}.teams`, 'LCBA-3.1.1', `${t} is not entered`);
    });
    if (b.order.length !== set.size || !b.order.every((t) => set.has(t))) {
      throw new ScoringInputError(
        `${at}.order`,
        'LCBA-3.1.1',
        'must order exactly the teams balloted',
      );
    }
    if (b.on !== undefined) requireClubDate(b.on, `${at}.on`, 'LCBA-3.1.1');
  });
}
