import type { LcbaParams } from '../preset';
import type {
  DispensationUse,
  EligibilityVerdicts,
  PlayerId,
} from '../../../contexts/league/model';
import type { Appearance } from './appearances';

/**
 * LCBA-4.1: every non-member appearance (a player not yet paid up that day) and whether the
 * dispensation covers it. In divisions 1 to `dispensationDivisions` (4.1.1) a non-member plays
 * under it at most `nonMemberTimesPerSeason` times (counting those divisions) and a team fields
 * at most `nonMembersPerMatch` in a match; below them (4.1.2) at most
 * `lowerDivisionNonMemberTimes` times, counting every division (higher ones included). An
 * appearance beyond is a warning (4.2 follows it up); it costs no score by itself.
 */
export function dispensationsOf(
  appearances: ReadonlyMap<PlayerId, readonly Appearance[]>,
  p: LcbaParams['players'],
): { uses: DispensationUse[]; warnings: EligibilityVerdicts['warnings'] } {
  const uses: DispensationUse[] = [];
  const warnings: EligibilityVerdicts['warnings'] = [];
  const perTeamMatch = new Map<string, number>();
  for (const list of appearances.values()) {
    let upper = 0;
    let all = 0;
    for (const a of list) {
      if (!a.unpaid) continue;
      all += 1;
      const isUpper = a.division <= p.dispensationDivisions;
      if (isUpper) upper += 1;
      const nth = isUpper ? upper : all;
      const limit = isUpper ? p.nonMemberTimesPerSeason : p.lowerDivisionNonMemberTimes;
      const rule = isUpper ? 'LCBA-4.1.1' : 'LCBA-4.1.2';
      const within = nth <= limit;
      const text = isUpper
        ? `non-member appearance ${nth} in divisions 1–${p.dispensationDivisions} (at most ${limit} a season)`
        : `non-member appearance ${nth} counting every division (at most ${limit} a season in division ${a.division})`;
      uses.push({
        player: a.player,
        fixture: a.fixture,
        team: a.team,
        division: a.division,
        on: a.on,
        nth,
        within,
        because: { rule, text },
      });
      if (!within) {
        warnings.push({
          player: a.player,
          team: a.team,
          on: a.on,
          because: { rule, text: `${text}: beyond the dispensation` },
        });
      }
      if (isUpper) {
        const key = `${a.fixture} ${a.team}`;
        const n = (perTeamMatch.get(key) ?? 0) + 1;
        perTeamMatch.set(key, n);
        if (n === p.nonMembersPerMatch + 1) {
          warnings.push({
            team: a.team,
            on: a.on,
            because: {
              rule: 'LCBA-4.1.1',
              text: `more than ${p.nonMembersPerMatch} non-members in the team in match ${a.fixture}`,
            },
          });
        }
      }
    }
  }
  return { uses, warnings };
}
