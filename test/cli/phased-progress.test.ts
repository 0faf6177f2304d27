/**
 * A long command's phases on a terminal: one bar a phase, named as it begins; a phase whose
 * total is not known yet counts its facts; nothing at all when stderr is not a terminal.
 */
import { Writable } from 'node:stream';
import { phasedProgress } from '../../src/cli/progress';

/** A terminal's escape sequences: cursor moves, line clears, the cursor saved and shown. */
const ESCAPES = new RegExp(`${String.fromCharCode(27)}(\\[[0-9;?]*[A-Za-z]|[78])`, 'g');

/** A stream that says it is a terminal and keeps what is written to it. */
function terminal(isTTY: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  Object.assign(stream, { isTTY, columns: 200 });
  // Escape sequences (cursor moves, line clears) out: the text a reader sees, bar after bar.
  return { stream, text: () => chunks.join('').replace(ESCAPES, '') };
}

describe('phasedProgress', () => {
  it('names each phase as it begins, counts facts while the total is unknown, then shows the bar', () => {
    const t = terminal(true);
    const bar = phasedProgress({ check: 'checking', copy: 'copying' }, t.stream);
    bar.update('check', 10_000);
    bar.update('check', 25_000, 25_000);
    bar.update('copy', 10_000, 25_000);
    bar.update('copy', 25_000, 25_000);
    bar.stop();
    const text = t.text();
    expect(text).toContain('checking 10000 facts');
    expect(text).toMatch(/checking \[[^\]]*\] 100% 25000\/25000 facts/);
    expect(text).toMatch(/copying \[[^\]]*\] 40% 10000\/25000 facts/);
    // A phase's bar starts where the phase is, never at 0 of a total it has passed.
    expect(text).not.toMatch(/ 0%/);
    expect(text).toMatch(/copying \[[^\]]*\] 100% 25000\/25000 facts/);
    expect(text.indexOf('checking')).toBeLessThan(text.indexOf('copying'));
  });

  it('a phase it has no label for is named as it is', () => {
    const t = terminal(true);
    const bar = phasedProgress({}, t.stream);
    bar.update('verify', 3, 4);
    bar.stop();
    expect(t.text()).toMatch(/verify \[[^\]]*\] 75% 3\/4 facts/);
  });

  it('writes nothing when the stream is not a terminal (piped, CI)', () => {
    const t = terminal(false);
    const bar = phasedProgress({ check: 'checking' }, t.stream);
    bar.update('check', 10_000);
    bar.update('check', 20_000, 20_000);
    bar.stop();
    expect(t.text()).toBe('');
  });
});
