import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSession, conventionsFor } from '../../src/import/check/check-session';
import { parseUsebio } from '../../src/import/usebio/parse';
import { cli } from '../support/cli';

// The two real Compscore files (abftech/cobalt test files) live outside the project; they hold
// real names, so nothing of them is copied here: only pair numbers and numbers are asserted.
const dir = join(__dirname, '../../../shared/usebio-samples');
const samples = existsSync(dir);

describe('the real USEBIO samples (../shared/usebio-samples)', () => {
  if (!samples) {
    it('are absent on this machine, so the published results cannot be reproduced here', () => {
      expect(existsSync(dir)).toBe(false);
    });
    return;
  }

  const read = (f: string) => parseUsebio(readFileSync(join(dir, f), 'utf8'));

  it('STD-MP: the matchpoint Mitchell reproduces every published percentage, total, place and line', () => {
    const file = read('mp_pairs_mitchell.xml');
    expect(file.sessions).toHaveLength(1);
    const s = file.sessions[0]!;
    expect(s.scoringMethod).toBe('MP');
    expect(s.winnerType).toBe(2);
    const report = checkSession(s);
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
    // Compscore's total is scaled to the most boards played in the field:
    // every NS pair played 18 of 21 boards, and its TOTAL_SCORE is still its Σ matchpoints.
    expect(conventionsFor(s.program).settings.matchpointTotal).toBe('scaled');
    expect(report.pairs).toHaveLength(13);
    // 13 pairs × (percentage, total, place) + 126 lines × 2 sides
    expect(report.comparisons).toHaveLength(13 * 3 + 126 * 2);
    expect(report.largest!.difference).toBeLessThan(0.005);
  });

  it('STD-BUTLER: the butler Howell reproduces every published total, place, datum and line', () => {
    const s = read('butler_howell.xml').sessions[0]!;
    expect(s.scoringMethod).toBe('BUTLER');
    expect(s.winnerType).toBe(1);
    const report = checkSession(s);
    expect(report.mismatches).toEqual([]);
    expect(report.datums).toHaveLength(35);
    expect(report.datums.every((d) => d.agrees && d.published !== undefined)).toBe(true);
    expect(report.comparisons).toHaveLength(8 * 2 + 35 + 140 * 2);
    expect(report.largest!.difference).toBe(0);
  });

  it('its HANDSET gives each of the 35 boards its hand record: four hands of 13 cards, one pack', () => {
    const s = read('butler_howell.xml').sessions[0]!;
    expect(s.boards.filter((b) => b.deal)).toHaveLength(35);
    for (const b of s.boards) {
      const cards = Object.values(b.deal!.hands).join('').replaceAll('.', '');
      expect(cards).toHaveLength(52);
    }
  });

  it('bridge-ledger check usebio exits 0 on both, and prints pair numbers, never names', async () => {
    for (const f of ['mp_pairs_mitchell.xml', 'butler_howell.xml']) {
      const r = await cli('check', 'usebio', join(dir, f));
      expect(r.code).toBe(0);
      // Ours beside every published number, and one last line.
      const last = r.stdout.trimEnd().split('\n').pop();
      expect(last).toBe(
        `OK: ${f.startsWith('mp') ? 291 : 331} of ${f.startsWith('mp') ? 291 : 331} published numbers agree within their published precision`,
      );
      expect(r.stdout).not.toMatch(/PLAYER|NATIONAL/);
    }
  });
});
