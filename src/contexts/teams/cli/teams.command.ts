import { Option, type Command } from 'commander';
import type {
  SwissProposalView,
  TeamCardView,
  TeamsEventHead,
  TeamsEventSummary,
  TeamsMatchView,
  TeamsStandingView,
} from '../projection';
import {
  playerCPointsAt,
  readTeamsMoment,
  teamsDiffAt,
  teamsWhatIfAt,
  type TeamsDiffView,
  readTeamsQuery,
  swissProposalAt,
  teamCardAt,
  teamsListAt,
  teamsMatchAt,
  teamsStandingAt,
  type TeamsParam,
} from '../read';
import { InvalidTableQueryError } from '../../../audit/table-query';
import { withReadStore } from '../../../cli/read-store';
import { csv, table } from '../../../cli/table';
import { cliOption, storeOption } from '../../../cli/options';
import { overrideOption, readOverride } from '../../../cli/commands/diff';

type Format = 'table' | 'json' | 'csv';

const CLI: (p: TeamsParam) => string = cliOption;

function momentOf(o: { asOf?: string; atPosition?: string }) {
  const { value, issues } = readTeamsQuery(o, CLI);
  if (issues.length > 0) throw new InvalidTableQueryError(issues);
  return value;
}

const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

const headLine = (v: TeamsEventHead, what: string) =>
  `${v.name} (${v.eventId}, ${v.kind}, ${v.clubId}): ${what}, ${v.rulebook ? `rulebook ${v.rulebook.preset} from ${v.rulebook.effectiveFrom}, read on ${v.day}` : 'the rules’ own parameters (no rulebook of theirs in force)'}; ledger position ${v.position}`;

export function listRows(list: readonly TeamsEventSummary[]) {
  return list.map((e) => ({
    id: e.eventId,
    name: e.name,
    club: e.clubId,
    kind: e.kind,
    teams: e.teams,
    matches: e.matches,
  }));
}

/** One line a team: group, place, team, VP, IMPs for and against, played, byes, tie-break. */
export function standingRows(v: TeamsStandingView) {
  return v.groups.flatMap((g) =>
    g.rows.map((r) => ({
      ...(v.groups.some((x) => x.group !== undefined) ? { group: g.group ?? '' } : {}),
      place: r.place,
      team: r.teamId,
      name: v.teams[r.teamId]?.name ?? r.teamId,
      vp: num(r.vp),
      impsFor: r.impsFor,
      impsAgainst: r.impsAgainst,
      played: r.played,
      byes: r.byes,
      tieBreak: r.tieBreak ? `${r.tieBreak.step} among ${r.tieBreak.among.join(' ')}` : '',
    })),
  );
}

export function formatStanding(v: TeamsStandingView, format: Format): string {
  if (format === 'json') return JSON.stringify(v, null, 2) + '\n';
  const rows = standingRows(v);
  if (format === 'csv') return csv(rows);
  const due = v.ballotsDue.map(
    (g) => `a ballot is due among ${g.join(', ')} (${v.rules.tieBreak ?? v.rules.rank})`,
  );
  return (
    [
      headLine(v, `standing (${v.rules.rank}; VP ${v.rules.vp})`),
      '',
      table(rows).trimEnd(),
      ...due,
    ].join('\n') + '\n'
  );
}

function formatMatch(v: TeamsMatchView): string {
  const m = v.match;
  const lines = [
    headLine(v, `match ${m.matchId}, round ${m.round}, session ${m.session}`),
    `${m.home} v ${m.away}: ${m.defaulted ? `defaulted by ${m.defaulted.defaulting}` : `${m.homeImps}-${m.awayImps} IMPs over ${m.boards} boards`}, ${num(m.homeVp)}-${num(m.awayVp)} VP`,
    ...m.because.map((b) => `  ${b}`),
    ...(m.fact ? [`read from fact ${m.fact}`] : []),
  ];
  if (m.byBoard) {
    lines.push(
      '',
      table(
        m.byBoard.map((b) => ({ board: b.board, [m.home]: b.homeImps, [m.away]: b.awayImps })),
      ).trimEnd(),
    );
  }
  if (v.recorded) {
    for (const side of ['home', 'away'] as const) {
      const s = v.recorded[side];
      lines.push(
        `${side} ${s.teamId}: ${(s.players ?? ['(its own players)']).join(', ')}${(s.substitutes ?? []).map((x) => `; substitute ${x.player} with ${x.partner}${x.clubMember ? '' : ', not a member'}${x.tuesdayPlayer ? ', a Tuesday player' : ''}`).join('')}`,
      );
    }
  }
  return lines.join('\n') + '\n';
}

function formatCard(v: TeamCardView): string {
  return (
    [
      headLine(v, `team ${v.team.teamId} (${v.team.name})`),
      `players ${v.team.players.join(', ')}; captain ${v.team.captain}${v.team.handicap !== undefined ? `; handicap ${v.team.handicap}` : ''}${v.group ? `; group ${v.group}` : ''}`,
      v.row
        ? `place ${v.row.place}, ${num(v.row.vp)} VP, IMPs ${v.row.impsFor}-${v.row.impsAgainst}, played ${v.row.played}`
        : 'not ranked',
      '',
      table(
        v.matches.map((m) => ({
          match: m.matchId,
          round: m.round,
          home: m.home,
          away: m.away,
          imps: m.defaulted ? 'default' : `${m.homeImps}-${m.awayImps}`,
          vp: `${num(m.homeVp)}-${num(m.awayVp)}`,
        })),
      ).trimEnd(),
    ].join('\n') + '\n'
  );
}

export function formatProposal(v: SwissProposalView, format: 'table' | 'json'): string {
  if (format === 'json') return JSON.stringify(v, null, 2) + '\n';
  const p = v.proposal;
  const rows = p.tables.map((t, i) => ({
    table: i + 1,
    home: t.home,
    away: t.away,
    repeat: t.repeat ? 'yes' : '',
  }));
  return (
    [
      headLine(v, `round ${p.round} proposed`),
      '',
      table(rows).trimEnd(),
      ...(p.bye ? [`bye: ${p.bye}`] : []),
      `repeats: ${p.repeats}`,
      ...p.because.map((b) => `  ${b}`),
      ...(v.recorded
        ? [
            `recorded for round ${p.round}: ${v.recorded.tables.map((t) => `${t.home} v ${t.away}`).join(', ')}${v.recorded.bye ? `; bye ${v.recorded.bye}` : ''}`,
          ]
        : []),
    ].join('\n') + '\n'
  );
}

/** A diff's changes, one line each: subject, field, from, to, and the reasons added. */
export function formatDiff(v: TeamsDiffView, format: Format, title: string): string {
  if (format === 'json') return JSON.stringify(v, null, 2) + '\n';
  const rows = v.changes.map((c) => ({
    subject: c.subject,
    group: c.group ?? '',
    field: c.field,
    from: c.from === null ? '' : JSON.stringify(c.from),
    to: c.to === null ? '' : JSON.stringify(c.to),
    because: c.because.added.join('; '),
  }));
  if (format === 'csv') return csv(rows);
  return `${title}: from ${v.from.at} (position ${v.from.position ?? '-'}) to ${v.to.at} (position ${v.to.position})\n\n${rows.length ? table(rows) : '(no change)\n'}`;
}

const withStore = withReadStore;

const momentOptions = (command: Command) =>
  command
    .option(
      '--as-of <date|instant>',
      'the event as played by a club date YYYY-MM-DD, or as recorded by an instant with a zone',
    )
    .option('--at-position <n>', 'as of this ledger position');

/**
 * A club's teams events: `teams` (the list), `teams <eventId>` (its standing, a match, a team's
 * card) and `swiss <eventId> --round <n>` (the proposed pairing of a Swiss round).
 */
export function registerTeams(program: Command): void {
  momentOptions(
    program
      .command('teams [eventId]')
      .description(
        "The teams events (id, name, club, kind), or one event's standing: place, VP, IMPs, the tie-break that decided each place (json: every match explained)",
      )
      .addOption(storeOption())
      .addOption(
        new Option('--format <format>', 'table, json or csv')
          .choices(['table', 'json', 'csv'])
          .default('table'),
      )
      .option('--match <matchId>', 'one match of the event: line-ups, IMPs, VP and why')
      .option('--team <teamId>', "one team's card: its entry, place and matches")
      .option(
        '--diff-from <moment>',
        'every number changed since a moment: a ledger position, a club date, an instant',
      )
      .option('--diff-to <moment>', "the diff's other side (default now)")
      .addOption(overrideOption()),
  ).action(
    async (
      eventId: string | undefined,
      o: {
        store: string;
        format: Format;
        match?: string;
        team?: string;
        diffFrom?: string;
        diffTo?: string;
        rulebookOverride?: string;
        asOf?: string;
        atPosition?: string;
      },
    ) => {
      const at = momentOf(o);
      const out = await withStore(o.store, async (store) => {
        if (eventId === undefined) {
          const list = await teamsListAt(store, at);
          if (o.format === 'json') return JSON.stringify(list, null, 2) + '\n';
          return o.format === 'csv' ? csv(listRows(list)) : table(listRows(list));
        }
        if (o.rulebookOverride !== undefined) {
          const w = await teamsWhatIfAt(store, eventId, readOverride(o.rulebookOverride), at);
          if (o.format === 'json') return JSON.stringify(w, null, 2) + '\n';
          return `What-if ${JSON.stringify(w.override)} (nothing stored)\n${formatStanding(w.whatIf, o.format)}\n${formatDiff(w.diff, o.format === 'csv' ? 'table' : o.format, 'Changes from the real standing')}`;
        }
        if (o.diffFrom !== undefined || o.diffTo !== undefined) {
          const from = readTeamsMoment(o.diffFrom, 'from', '--diff-from');
          const to = o.diffTo === undefined ? {} : readTeamsMoment(o.diffTo, 'to', '--diff-to');
          return formatDiff(
            await teamsDiffAt(store, eventId, from, to),
            o.format,
            `${eventId}: what changed`,
          );
        }
        if (o.match !== undefined) {
          const v = await teamsMatchAt(store, eventId, o.match, at);
          return o.format === 'json' ? JSON.stringify(v, null, 2) + '\n' : formatMatch(v);
        }
        if (o.team !== undefined) {
          const v = await teamCardAt(store, eventId, o.team, at);
          return o.format === 'json' ? JSON.stringify(v, null, 2) + '\n' : formatCard(v);
        }
        return formatStanding(await teamsStandingAt(store, eventId, at), o.format);
      });
      process.stdout.write(out);
    },
  );

  momentOptions(
    program
      .command('swiss <eventId>')
      .description(
        "DSB-15: the ledger's proposal for a Swiss round from the standings after the one before (no repeats while avoidable, leaders first, the bye to the lowest without one)",
      )
      .requiredOption('--round <n>', 'the round to pair, 2 or later')
      .addOption(storeOption())
      .addOption(
        new Option('--format <format>', 'table or json')
          .choices(['table', 'json'])
          .default('table'),
      ),
  ).action(
    async (
      eventId: string,
      o: {
        store: string;
        round: string;
        format: 'table' | 'json';
        asOf?: string;
        atPosition?: string;
      },
    ) => {
      const round = /^\d{1,2}$/.test(o.round) ? Number(o.round) : NaN;
      if (!(round >= 1)) {
        throw new InvalidTableQueryError([
          { field: 'round', message: `--round must be a whole number >= 1, got ${o.round}` },
        ]);
      }
      const at = momentOf(o);
      process.stdout.write(
        await withStore(o.store, async (store) =>
          formatProposal(await swissProposalAt(store, eventId, round, at), o.format),
        ),
      );
    },
  );

  program
    .command('player-c-points <club> <player>')
    .description(
      "NZ-8: a player's C points at a club, pairs and teams side by side: each pairs session's award, each teams match won or drawn, the exact total",
    )
    .addOption(storeOption())
    .addOption(
      new Option('--format <format>', 'table or json').choices(['table', 'json']).default('table'),
    )
    .action(
      async (clubId: string, player: string, o: { store: string; format: 'table' | 'json' }) => {
        const v = await withStore(o.store, (store) => playerCPointsAt(store, clubId, player));
        if (o.format === 'json')
          return void process.stdout.write(JSON.stringify(v, null, 2) + '\n');
        const rows = [
          ...v.pairs.map((p) => ({
            kind: 'pairs',
            of: p.competitionId,
            at: `session ${p.session} (${p.date})`,
            how: `place ${p.place} in ${p.field}`,
            points: p.points,
          })),
          ...v.teams.map((t) => ({
            kind: 'teams',
            of: t.eventId,
            at: `match ${t.matchId}, round ${t.round}`,
            how: t.because,
            points: t.points,
          })),
        ];
        process.stdout.write(
          `${player} at ${clubId}: ${v.total} C points (NZ-8)\n\n${table(rows)}${v.unnamed.map((u) => `not counted: ${u.eventId} ${u.matchId}: ${u.reason}\n`).join('')}`,
        );
      },
    );
}
