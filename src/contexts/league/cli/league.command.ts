import { Option, type Command } from 'commander';
import { catalogue } from '../../catalogue';
import type { LeagueMatchView, LeagueTableView } from '../projection';
import type { Because } from '../model';
import {
  leagueMatchCitedAt,
  leagueTableAt,
  readLeagueQuery,
  type LeagueParam,
} from '../read/leagues';
import type { LeagueCitations } from '../rules';
import { InvalidTableQueryError } from '../../../audit/table-query';
import { openStore } from '../../../store/open-store';
import { csv, table } from '../../../cli/table';
import { cliOption, storeOption } from '../../../cli/options';

type TableFormat = 'table' | 'json' | 'csv';

const CLI: (p: LeagueParam) => string = cliOption;

/** The options as typed, read by the rules HTTP reads its query by (exit 2 when asked wrongly). */
function momentOf(o: { division?: string; asOf?: string; atPosition?: string }) {
  const { value, issues } = readLeagueQuery(o, CLI);
  if (issues.length > 0) throw new InvalidTableQueryError(issues);
  return value;
}

const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const signed = (n: number) => (n > 0 ? `+${num(n)}` : num(n));

/** One line a team: rank, team, played, won, drawn, lost, VP, net IMPs, penalties, tie-break, move. */
function tableRows(view: LeagueTableView): Array<Record<string, unknown>> {
  return view.divisions.flatMap((d) =>
    d.rows.map((r) => ({
      division: d.division,
      rank: r.rank,
      team: r.team,
      name: view.teams[r.team]?.name ?? r.team,
      played: r.played,
      won: r.won,
      drawn: r.drawn,
      lost: r.lost,
      vp: num(r.vp),
      netImps: signed(r.netImps),
      penalties: r.penalties ? num(r.penalties) : '',
      tieBreak: r.tieBreak ? `(${r.tieBreak.step}) among ${r.tieBreak.among.join(' ')}` : '',
      move: r.move ?? '',
    })),
  );
}

export function formatLeagueTable(view: LeagueTableView, format: TableFormat): string {
  if (format === 'json') return JSON.stringify(view, null, 2) + '\n';
  const rows = tableRows(view);
  if (format === 'csv') return csv(rows);
  const when = view.asOf ? `as of ${view.asOf}` : 'the whole season recorded';
  const rulebook = view.rulebook
    ? `rulebook ${view.rulebook.preset} of ${view.rulebook.clubId} from ${view.rulebook.effectiveFrom}`
    : 'no rulebook in force';
  return view.divisions
    .map((d) => {
      const own = rows.filter((r) => r.division === d.division).map(({ division: _, ...r }) => r);
      return `${view.name ?? view.leagueId}: division ${d.division}, ${when} (${rulebook}; ledger position ${view.position})\n\n${table(own)}`;
    })
    .join('\n');
}

const rules = (because: readonly Because[]) =>
  because.map((b) => `${b.rule}: ${b.text}`).join('; ');

export function formatLeagueMatch(
  { view, cites }: { view: LeagueMatchView; cites: LeagueCitations },
  format: 'table' | 'json',
): string {
  if (format === 'json') return JSON.stringify(view, null, 2) + '\n';
  const f = view.fixture;
  const lines = [
    `${view.leagueId} ${f.id}: ${view.home.name} (home) v ${view.away.name}, division ${f.division}, RR${f.round}${f.virtual ? ` (virtual, ${cites.virtualScore})` : ''}, scheduled ${f.scheduled}${view.asOf ? `, as of ${view.asOf}` : ''}`,
    `status: ${view.status}${view.playedOn ? ` on ${view.playedOn}` : ''}${view.recorded ? ` (${view.recorded === 'boards' ? "every table's score" : "the captains' result form"})` : ''}`,
  ];
  if (view.score) {
    const s = view.score;
    lines.push(
      `net IMPs ${signed(s.homeNetImps)} to the home team, ${num(s.vp.home)}-${num(s.vp.away)} VP: ${rules(s.because)}`,
      '',
      table(
        s.boards.map((b) => ({
          board: b.board,
          aggregate: b.homeAggregate === undefined ? '' : signed(b.homeAggregate),
          imps: signed(b.homeImps),
          rules: rules(b.because),
        })),
      ).trimEnd(),
    );
  }
  if (view.table) {
    const t = view.table;
    lines.push(
      '',
      `in the table${t.cancelled ? ` (cancelled, ${cites.cancelled})` : ''}: ${view.home.name} ${num(t.home.vp)} VP ${signed(t.home.imps)} IMPs; ${view.away.name} ${num(t.away.vp)} VP ${signed(t.away.imps)} IMPs`,
      ...[
        ...t.home.because.map((b) => ({ side: 'home', b })),
        ...t.away.because.map((b) => ({ side: 'away', b })),
      ].map(({ side, b }) => `  ${side}: ${b.rule}: ${b.text}`),
    );
  }
  return lines.join('\n') + '\n';
}

const momentOptions = (command: Command) =>
  command
    .option(
      '--as-of <date|instant>',
      'the season as of a club date YYYY-MM-DD, or as recorded by an instant with a zone',
    )
    .option('--at-position <n>', 'as of this ledger position');

/**
 * The LCBA league: `table <league>` (the division tables, always recomputed from the
 * whole season) and `match <league> <fixture>` (one match board by board).
 */
export function registerLeague(program: Command): void {
  momentOptions(
    program
      .command('table <league>')
      .description(
        "A league's division tables, as its rulebook ranks them: rank, played, won, drawn, lost, VP, net IMPs, penalties, tie-break, move; every row explained (json)",
      )
      .addOption(storeOption())
      .addOption(
        new Option('--format <format>', 'table, json (each row explained) or csv')
          .choices(['table', 'json', 'csv'])
          .default('table'),
      )
      .option('--division <n>', 'one division (1 the strongest)'),
  ).action(
    async (
      leagueId: string,
      o: {
        store: string;
        format: TableFormat;
        division?: string;
        asOf?: string;
        atPosition?: string;
      },
    ) => {
      const at = momentOf(o);
      const store = await openStore(o.store, { upcast: catalogue.upcast, readOnly: true });
      try {
        process.stdout.write(formatLeagueTable(await leagueTableAt(store, leagueId, at), o.format));
      } finally {
        await store.close();
      }
    },
  );

  momentOptions(
    program
      .command('match <league> <fixture>')
      .description(
        "One match of a league board by board (aggregate, IMPs, the rules), with the score the division's table gives it",
      )
      .addOption(storeOption())
      .addOption(
        new Option('--format <format>', 'table or json')
          .choices(['table', 'json'])
          .default('table'),
      ),
  ).action(
    async (
      leagueId: string,
      fixtureId: string,
      o: { store: string; format: 'table' | 'json'; asOf?: string; atPosition?: string },
    ) => {
      const at = momentOf(o);
      const store = await openStore(o.store, { upcast: catalogue.upcast, readOnly: true });
      try {
        process.stdout.write(
          formatLeagueMatch(await leagueMatchCitedAt(store, leagueId, fixtureId, at), o.format),
        );
      } finally {
        await store.close();
      }
    },
  );
}
