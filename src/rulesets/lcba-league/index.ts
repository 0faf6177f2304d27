import type { LeagueRules } from '../../contexts/league/rules';
import type { Params } from '../../rulebooks/params';
import { problemOf, type Preset } from '../../rulebooks/rulebook';
import { decideLcbaFact, READS_CLUB } from './decide';
import { checkUnplayed } from './decide/matches';
import { scoreMatch } from './match';
import { lcbaLeague2009, type LcbaParams } from './preset';
import { scoreRecorded, seasonInputsOf } from './season';
import { checkTableParams, divisionTable } from './table';

const lcba = (params: object) => params as LcbaParams;

/** The preset as registered: with the division table's own check of what it reads. */
const preset: Preset<LcbaParams> = { ...lcbaLeague2009, validate: problemOf(checkTableParams) };

/**
 * The LCBA League Rules 2009-10 as the league context's rules: a club adopting the preset
 * `lcba-league-2009` (format `lcba-league`) runs its leagues under them.
 */
export const lcbaLeagueRules: LeagueRules = {
  format: 'lcba-league',
  preset: preset as unknown as Preset,
  deadlineParams: lcbaLeague2009.params as unknown as Params,
  readsClub: READS_CLUB,
  cites: {
    tieBreak: { rule: 'LCBA-3.1.1', short: '3.1.1', heading: 'LCBA-3.1.1, 3.1.2' },
    rank: 'LCBA-3.1',
    imps: 'LCBA-6.7',
    virtual: 'LCBA-A4',
    virtualScore: 'LCBA-A5',
    cancelled: 'LCBA-8.4',
    warnings: 'LCBA-6.8, 4.2',
    incidents: { incomplete: 'LCBA-7.2', absent: 'LCBA-7.3, 7.4', fouled: 'FOUL' },
    status: {
      unplayed: 'unplayed or defaulted (LCBA-8)',
      lostByDefault: 'played, then lost by default (LCBA-4.2/4.7, scored by 8.1 with (e))',
      virtual: 'a virtual RR3 match (LCBA-A4), never played: scored by A5',
    },
  },
  checkUnplayed: (data, params) => checkUnplayed(data, lcba(params)),
  decide: (fact, state, _club, paramsOn) =>
    decideLcbaFact(fact, state, (day) => lcba(paramsOn(day))),
  seasonInputsOf,
  divisionTable: (input, params) => divisionTable(input, lcba(params)),
  scoreRecorded: (match, params) => scoreRecorded(match, lcba(params)),
  scoreMatch: (input, params) => scoreMatch(input, lcba(params).match),
  correctionRuleOf: (params) => lcba(params).corrections.rule,
};
