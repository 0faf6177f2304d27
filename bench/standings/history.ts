import { v7 } from 'uuid';
import type { EventToAppend } from '../../src/kernel/envelope';
import { rng } from '../scoring/season';

/**
 * A synthetic club history for the standings benchmark: `clubs` DSB-style clubs over `seasons`
 * seasons, as real facts of the catalogue (shapes as in examples/dsb-groenlo-2014-2015.ndjson).
 * Per club: ClubRegistered and RulebookAdopted (dsb-groenlo-2014) once; a roster of players
 * (some registered as PlayerRegistered v1 — `member: true` — so the read upcasts them, the rest
 * v2), new players each season; per season `competitions` pairs competitions of 6 weekly
 * sessions with `pairs` pairs in groups A–C: CompetitionCreated, PairEntered, and per session
 * and group SessionHeld and each pair's SessionResultRecorded, with a partnership of three
 * (PartnershipPlayersNamed every session), absences with and without notice (AbsenceNotified),
 * and substitutes (SubstitutePlayed: a spare of the club, at most one pair's a session, NZ-7),
 * all seeded. Deterministic apart from the UUIDv7 ids. Every fact is one the deciders accept
 * (the DomainGate, as the HTTP and CLI writers append: test/bench/history-valid.test.ts,
 * bench/run-history-check.ts), so the benchmarks measure a ledger that could exist.
 */
export interface HistoryShape {
  seasons: number;
  clubs: number;
  competitions: number;
  pairs: number;
  firstYear: number;
}

/** One append: a stream and a batch (a session night of one competition, a roster update …). */
export interface Batch {
  streamId: string;
  events: EventToAppend[];
}

const GROUPS = ['A', 'B', 'C'];
const SESSIONS = 6;
const OFFSET = '+01:00';
const ACTOR = 'bench/standings';

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const at = (date: string, time: string) => `${date}T${time}:00${OFFSET}`;

/** The first Monday on or after 1 September of `year`. */
function seasonStart(year: number): string {
  const d = new Date(Date.UTC(year, 8, 1));
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export const seasonName = (year: number) => `${year}-${year + 1}`;
export const clubIdOf = (c: number) => `club${String(c + 1).padStart(2, '0')}`;

/** Batches in the order a district's clubs would record them: week by week, club by club. */
export function* history(shape: HistoryShape): Generator<Batch> {
  const rand = rng(20_14);
  const fact = (
    clubId: string,
    type: string,
    occurredAt: string,
    data: Record<string, unknown>,
    schemaVersion = 1,
  ): EventToAppend => ({
    id: v7(),
    type,
    schemaVersion,
    occurredAt,
    data,
    metadata: { clubId, actor: ACTOR },
  });
  const roster: string[][] = Array.from({ length: shape.clubs }, () => []);
  const strength: number[][] = Array.from({ length: shape.clubs }, () => []);
  const need = 2 * shape.pairs + 8; // players a season: pairs, a third member, substitutes

  for (let s = 0; s < shape.seasons; s++) {
    const year = shape.firstYear + s;
    const season = seasonName(year);
    const start = seasonStart(year);
    // Club set-up and the roster's new players, at the start of the season.
    for (let c = 0; c < shape.clubs; c++) {
      const clubId = clubIdOf(c);
      const day = addDays(start, -7);
      if (s === 0) {
        yield {
          streamId: `club-${clubId}`,
          events: [
            fact(clubId, 'ClubRegistered', at(day, '10:00'), {
              clubId,
              name: `Bridgeclub ${clubId} (synthetic)`,
              timeZone: 'Europe/Amsterdam',
            }),
            fact(clubId, 'RulebookAdopted', at(day, '10:05'), {
              clubId,
              preset: 'dsb-groenlo-2014',
              overrides: {},
              effectiveFrom: `${year}-09-01`,
            }),
          ],
        };
      }
      const fresh = s === 0 ? need : 4;
      const events: EventToAppend[] = [];
      for (let k = 0; k < fresh; k++) {
        const playerId = `${clubId}-pl${roster[c].length + 1}`;
        roster[c].push(playerId);
        strength[c].push((rand() - 0.5) * 10);
        const name = `Speler ${roster[c].length} ${clubId}`;
        // The older seasons were recorded with PlayerRegistered v1: the read upcasts them.
        events.push(
          s < shape.seasons / 4
            ? fact(clubId, 'PlayerRegistered', at(day, '11:00'), { playerId, name, member: true })
            : fact(
                clubId,
                'PlayerRegistered',
                at(day, '11:00'),
                { playerId, name, status: 'member' },
                2,
              ),
        );
      }
      yield { streamId: `club-${clubId}-players`, events };
    }

    for (let n = 0; n < shape.competitions; n++) {
      const first = addDays(start, 7 * 7 * n);
      const dates = Array.from({ length: SESSIONS }, (_, i) => addDays(first, 7 * i));
      // Per club: who plays, in which group, and the competition's stream.
      const setups = Array.from({ length: shape.clubs }, (_, c) => {
        const clubId = clubIdOf(c);
        const competitionId = `${clubId}-${year}-c${n + 1}`;
        const all = roster[c];
        // The season's players: the newest `need`. Partnerships last: the pool moves by four
        // players a season (two pairs retire, two new pairs join), the rest keep their partner.
        const players = all.slice(all.length - need);
        // A pair keeps its id through the season, as a club's pairs do (and the examples'):
        // DSB-11 adds up a season's placing points by pair.
        const pairs = Array.from({ length: shape.pairs }, (_, i) => ({
          pairId: `${clubId}-${year}-p${i + 1}`,
          players: [players[2 * i], players[2 * i + 1]],
          group: GROUPS[Math.floor((i * GROUPS.length) / shape.pairs)],
          strength:
            strength[c][all.indexOf(players[2 * i])] + strength[c][all.indexOf(players[2 * i + 1])],
        }));
        pairs[4].players.push(players[2 * shape.pairs]); // a partnership of three
        const spare = players.slice(2 * shape.pairs + 1);
        return { clubId, competitionId, stream: `competition-${competitionId}`, pairs, spare };
      });
      for (const u of setups) {
        yield {
          streamId: u.stream,
          events: [
            fact(u.clubId, 'CompetitionCreated', at(addDays(first, -7), '12:00'), {
              competitionId: u.competitionId,
              clubId: u.clubId,
              name: `Parencompetitie ${n + 1} ${season}`,
              season,
              kind: 'pairs-series',
              format: 'dsb-pairs',
              sessions: dates.map((date, i) => ({ session: i + 1, date, startTime: '19:45' })),
              groups: GROUPS,
            }),
            ...u.pairs.map((p) =>
              fact(u.clubId, 'PairEntered', at(addDays(first, -1), '20:00'), {
                competitionId: u.competitionId,
                pairId: p.pairId,
                players: p.players,
                group: p.group,
              }),
            ),
          ],
        };
      }
      for (let i = 0; i < SESSIONS; i++) {
        const session = i + 1;
        const date = dates[i];
        for (const u of setups) {
          const events: EventToAppend[] = [];
          const C = u.competitionId;
          // NZ-7: a substitute stands in for one pair a session; the spares already sitting down
          // tonight (in any group) are taken.
          const seated = new Set<string>();
          for (const g of GROUPS) {
            events.push(
              fact(u.clubId, 'SessionHeld', at(date, '19:45'), {
                competitionId: C,
                session,
                date,
                group: g,
                boards: 24,
              }),
            );
            const inGroup = u.pairs.filter((p) => p.group === g);
            // About 4 % of pair-sessions absent: two in three with notice (DSB-9.1), the rest
            // without a word (DSB-9.5). The group always has at least four pairs playing.
            const playing = inGroup.filter((p, k) => {
              if (k >= inGroup.length - 4 || rand() >= 0.04) return true;
              if (rand() < 2 / 3) {
                events.push(
                  fact(u.clubId, 'AbsenceNotified', at(addDays(date, -1), '18:30'), {
                    competitionId: C,
                    session,
                    pairId: p.pairId,
                    validReason: rand() < 0.8,
                    reason: 'family visit',
                  }),
                );
              }
              return false;
            });
            const raw = playing.map((p) => p.strength + (rand() - 0.5) * 16);
            const mean = raw.reduce((a, b) => a + b, 0) / raw.length;
            playing.forEach((p, k) => {
              let sitting = p.players.slice(0, 2);
              if (p.players.length === 3) {
                sitting = session % 3 === 0 ? [p.players[0], p.players[2]] : sitting;
                events.push(
                  fact(u.clubId, 'PartnershipPlayersNamed', at(date, '11:15'), {
                    competitionId: C,
                    session,
                    pairId: p.pairId,
                    players: sitting,
                  }),
                );
              } else if (rand() < 0.03) {
                // A club player from outside the competition stands in (DSB-10.2(4)): the drawn
                // spare, or the next one free tonight (the draw is kept, so the rest of the
                // history stays as it was).
                const drawn = Math.floor(rand() * u.spare.length);
                const substituteId = u.spare
                  .map((_, j) => u.spare[(drawn + j) % u.spare.length])
                  .find((x) => !seated.has(x));
                if (substituteId === undefined) throw new Error(`${C} ${session}: no spare left`);
                seated.add(substituteId);
                events.push(
                  fact(u.clubId, 'SubstitutePlayed', at(date, '10:00'), {
                    competitionId: C,
                    session,
                    pairId: p.pairId,
                    absentPlayerId: p.players[1],
                    substituteId,
                  }),
                );
                sitting = [p.players[0], substituteId];
              }
              const pct = Math.min(80, Math.max(20, raw[k] - mean + 50));
              events.push(
                fact(u.clubId, 'SessionResultRecorded', at(date, '23:15'), {
                  competitionId: C,
                  session,
                  pairId: p.pairId,
                  players: sitting,
                  percentage: Math.round(pct * 100) / 100,
                  boardsPlayed: 24,
                  group: g,
                  source: 'imported',
                }),
              );
            });
          }
          yield { streamId: u.stream, events };
        }
      }
    }
  }
}
