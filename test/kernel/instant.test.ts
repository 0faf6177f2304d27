import { isDay, isInstant, isLaterInstant } from '../../src/kernel/instant';

describe('an instant as the ledger reads it', () => {
  it('is a calendar day, a time and a zone; 2026-02-30, year 0000 and a bare day are not', () => {
    expect(isInstant('2026-03-02T19:30:00+13:00')).toBe(true);
    expect(isInstant('2026-03-02T06:30Z')).toBe(true);
    expect(isInstant('2026-02-30T19:30:00Z')).toBe(false);
    expect(isInstant('0000-01-01T00:00:00Z')).toBe(false);
    expect(isInstant('2026-03-02')).toBe(false);
    expect(isInstant('2026-03-02T24:00:00Z')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2027-02-29')).toBe(false);
  });

  // PIN-R28 counts an appeal's deadline from the latest instant a session's score was recorded.
  describe('PIN-R28: the later of two recording instants', () => {
    it('any instant is later than none', () => {
      expect(isLaterInstant('2026-03-02T19:30:00+13:00', undefined)).toBe(true);
    });
    it('the same instant written alike is not later', () => {
      expect(isLaterInstant('2026-03-02T19:30:00+13:00', '2026-03-02T19:30:00+13:00')).toBe(false);
    });
    it('the same instant written in another zone is not later', () => {
      expect(isLaterInstant('2026-03-02T06:30:00Z', '2026-03-02T19:30:00+13:00')).toBe(false);
      expect(isLaterInstant('2026-03-02T19:30:00+13:00', '2026-03-02T06:30:00Z')).toBe(false);
    });
    it('one millisecond on is later, one before is not', () => {
      expect(isLaterInstant('2026-03-02T06:30:00.001Z', '2026-03-02T06:30:00Z')).toBe(true);
      expect(isLaterInstant('2026-03-02T06:29:59.999Z', '2026-03-02T06:30:00Z')).toBe(false);
    });
    it('an earlier instant whose text sorts later is not later (zones, not strings, decide)', () => {
      // 07:00+13:00 is 18:00Z the day before: earlier, though its text sorts after.
      expect(isLaterInstant('2026-03-02T07:00:00+13:00', '2026-03-01T20:00:00Z')).toBe(false);
    });
  });
});
