import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import {
  canonical,
  clubRegistered,
  playerRegistered,
  playersStream,
  Rng,
  type Fact,
} from './facts';
import type { Sent } from './http';

/**
 * Hostile append requests, each a mutation of a valid one (a PlayerRegistered of club `fz` on
 * `club-fz-players`), drawn from a seeded PRNG: the same seed gives the same bodies.
 */

export const FUZZ_CLUB = 'fz';
export const FUZZ_STREAM = playersStream(FUZZ_CLUB);
/** A second club, for ids re-sent to another stream. */
export const OTHER_CLUB = 'fz2';

export interface Case {
  index: number;
  category: string;
  /** What was done to the body, for a reproduction. */
  note: string;
  sent: Sent;
  /** What a 2xx answer would have written, when the request is a plain append of these. */
  writes?: { streamId: string; events: Fact[] };
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** Values of the wrong type (or right type, wrong meaning) for any field. */
const HOSTILE: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  -0,
  2 ** 53 + 2,
  true,
  false,
  '',
  ' ',
  'x',
  'null',
  '\u0000',
  '<script>alert(1)</script>',
  "'; DROP TABLE events; --",
  'A'.repeat(300),
  [],
  [1, 2],
  [null],
  {},
  { a: 1 },
  { $gt: '' },
];

/** Fields of a body a mutation reaches. */
const PATHS = [
  'expectedRevision',
  'events',
  'events.0',
  'events.0.id',
  'events.0.type',
  'events.0.occurredAt',
  'events.0.data',
  'events.0.metadata',
  'events.0.schemaVersion',
  'events.0.data.clubId',
  'events.0.data.playerId',
  'events.0.data.name',
  'events.0.data.status',
  'events.0.data.nationalNumber',
  'events.0.metadata.clubId',
];
const STRING_PATHS = [
  'events.0.type',
  'events.0.data.clubId',
  'events.0.data.playerId',
  'events.0.data.name',
  'events.0.metadata.clubId',
  'events.0.metadata.note',
];

function setPath(root: Record<string, unknown>, path: string, value: unknown, remove = false) {
  const keys = path.split('.');
  let o = root as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) {
    const next = o[k];
    if (typeof next !== 'object' || next === null) return;
    o = next as Record<string, unknown>;
  }
  const last = keys[keys.length - 1]!;
  if (remove) delete o[last];
  else o[last] = value;
}

/** Marks a place in a body's JSON text that the mutation then replaces by raw text. */
const HOLE = '"@@fuzz-hole@@"';
const holeIn = (json: string, text: string) => json.replace(HOLE, text);

export class CaseMaker {
  private n = 0;
  constructor(
    private readonly rng: Rng,
    /** Facts stored before the fuzz: their ids are sent again with other content. */
    private readonly stored: readonly Fact[],
  ) {}

  /** A new valid player fact and the body that appends it. */
  private valid(): { body: Record<string, unknown>; event: Fact } {
    const event = playerRegistered(this.rng.uuid(), FUZZ_CLUB, `fz-${this.n}-${this.rng.int(1e9)}`);
    return { body: { expectedRevision: 'any', events: [event] }, event };
  }

  private json(
    category: string,
    note: string,
    body: unknown,
    writes?: Case['writes'],
    streamId = FUZZ_STREAM,
    headers: Record<string, string> = JSON_TYPE,
  ): Case {
    return {
      index: this.n,
      category,
      note,
      sent: { path: `/streams/${streamId}/events`, headers, body: JSON.stringify(body) },
      writes,
    };
  }

  private raw(
    category: string,
    note: string,
    body: Buffer | string,
    headers: Record<string, string> = JSON_TYPE,
    path = `/streams/${FUZZ_STREAM}/events`,
    method = 'POST',
  ): Case {
    return { index: this.n, category, note, sent: { method, path, headers, body } };
  }

  readonly categories: Record<string, () => Case> = {
    valid: () => {
      const { body, event } = this.valid();
      return this.json('valid', 'a valid PlayerRegistered', body, {
        streamId: FUZZ_STREAM,
        events: [event],
      });
    },
    'wrong-type': () => {
      const { body, event } = this.valid();
      const path = this.rng.pick(PATHS);
      const value = this.rng.pick(HOSTILE);
      setPath(body, path, value);
      return this.json('wrong-type', `${path} = ${JSON.stringify(value)?.slice(0, 40)}`, body, {
        streamId: FUZZ_STREAM,
        events: [event],
      });
    },
    'missing-field': () => {
      const { body, event } = this.valid();
      const path = this.rng.pick(PATHS);
      setPath(body, path, undefined, true);
      return this.json('missing-field', `no ${path}`, body, {
        streamId: FUZZ_STREAM,
        events: [event],
      });
    },
    'huge-string': () => {
      const { body, event } = this.valid();
      const path = this.rng.pick(STRING_PATHS);
      const [unit, count] = this.rng.pick([
        ['x', 1_000],
        ['x', 70_000],
        ['é', 40_000],
        ['x', 300_000],
        ['x', 1_100_000],
      ] as const);
      setPath(body, path, unit.repeat(count));
      return this.json('huge-string', `${path} = ${unit} × ${count}`, body, {
        streamId: FUZZ_STREAM,
        events: [event],
      });
    },
    'deep-nesting': () => {
      const { body } = this.valid();
      const depth = this.rng.pick([33, 100, 1_000, 10_000, 100_000]);
      const where = this.rng.pick([
        'events.0.data.name',
        'events.0.metadata.deep',
        'events.0.data',
        'body',
        'events',
      ]);
      const kind = this.rng.pick(['array', 'object']);
      const nested =
        kind === 'array'
          ? '['.repeat(depth) + ']'.repeat(depth)
          : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
      let text: string;
      if (where === 'body') text = nested;
      else {
        setPath(body, where, '@@fuzz-hole@@');
        text = holeIn(JSON.stringify(body), nested);
      }
      return this.raw('deep-nesting', `${where} = ${kind} nested ${depth} deep`, text);
    },
    'proto-keys': () => {
      const { body } = this.valid();
      const where = this.rng.pick([
        '',
        'events.0',
        'events.0.data',
        'events.0.metadata',
        'events.0.metadata.x',
      ]);
      const key = this.rng.pick([
        '__proto__',
        'constructor',
        'prototype',
        '__defineGetter__',
        'hasOwnProperty',
      ]);
      const value = this.rng.pick([
        '{"polluted":true}',
        'null',
        '{"prototype":{"polluted":true}}',
        '"x"',
        '[]',
      ]);
      if (where === 'events.0.metadata.x') setPath(body, where, {});
      const target =
        where === ''
          ? body
          : (where
              .split('.')
              .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], body) as Record<
              string,
              unknown
            >);
      target['@@fuzz-key@@'] = 1;
      const text = JSON.stringify(body).replace(
        '"@@fuzz-key@@":1',
        `${JSON.stringify(key)}:${value}`,
      );
      // What a 2xx must have stored: the event as the text reads (JSON.parse keeps each key
      // as an own property), so a key dropped on the way is a 2xx not stored as sent.
      const sent = (JSON.parse(text) as { events: Fact[] }).events[0];
      return {
        ...this.raw('proto-keys', `${where || 'body'}.${key} = ${value}`, text),
        writes: { streamId: FUZZ_STREAM, events: [sent] },
      };
    },
    'bad-json': () => {
      const { body } = this.valid();
      const good = JSON.stringify(body);
      const variants: [string, string][] = [
        ['truncated', good.slice(0, 1 + this.rng.int(good.length - 1))],
        ['empty', ''],
        ['null', 'null'],
        ['array', '[]'],
        ['string', '"events"'],
        ['number', '42'],
        ['trailing comma', good.replace(/}$/, ',}')],
        ['single quotes', good.replace(/"/g, "'")],
        ['NaN', good.replace('"any"', 'NaN')],
        ['comment', `/* x */${good}`],
        ['trailing garbage', `${good}xyz`],
        ['two documents', `${good}${good}`],
        ['duplicate keys', good.replace('{', '{"expectedRevision":0,')],
        ['unquoted key', good.replace('"expectedRevision"', 'expectedRevision')],
        ['only whitespace', ' \n\t '],
        ['byte order mark', `\ufeff${good}`],
        ['number overflow', good.replace('"any"', '1' + '0'.repeat(400))],
        ['control char in string', good.replace('Player ', 'Player \u0007\u001b')],
      ];
      const [note, text] = this.rng.pick(variants);
      return this.raw('bad-json', note, text);
    },
    'bad-utf8': () => {
      const { body } = this.valid();
      const good = JSON.stringify(body);
      const at = good.indexOf('Player ') + 'Player '.length;
      const splice = (bytes: number[]) =>
        Buffer.concat([
          Buffer.from(good.slice(0, at)),
          Buffer.from(bytes),
          Buffer.from(good.slice(at)),
        ]);
      const variants: [string, Buffer | string][] = [
        ['0xff in a string', splice([0xff])],
        ['truncated sequence 0xc3 0x28', splice([0xc3, 0x28])],
        ['overlong slash 0xc0 0xaf', splice([0xc0, 0xaf])],
        ['encoded surrogate 0xed 0xa0 0x80', splice([0xed, 0xa0, 0x80])],
        ['latin-1 é 0xe9', splice([0xe9])],
        ['NUL byte', splice([0x00])],
        ['escaped lone surrogate', good.replace('Player ', 'Player \\ud800')],
        ['escaped NUL', good.replace('Player ', 'Player \\u0000')],
        ['utf-16le body', Buffer.from(good, 'utf16le')],
        ['raw bytes 0x80-0xff', Buffer.from(Array.from({ length: 128 }, (_, i) => 128 + i))],
      ];
      const [note, text] = this.rng.pick(variants);
      return this.raw('bad-utf8', note, text);
    },
    'content-type': () => {
      const { body, event } = this.valid();
      const type = this.rng.pick([
        null,
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
        'application/json; charset=nonsense',
        'application/json; charset=utf-8',
        'APPLICATION/JSON',
        'application/vnd.api+json',
        'application/merge-patch+json',
        '*/*',
        ';;;',
        'application/json, text/plain',
        'application/xml',
      ]);
      const headers: Record<string, string> = type === null ? {} : { 'content-type': type };
      return this.json(
        'content-type',
        `content-type ${type ?? '(none)'}`,
        body,
        { streamId: FUZZ_STREAM, events: [event] },
        FUZZ_STREAM,
        headers,
      );
    },
    compressed: () => {
      const { body, event } = this.valid();
      const good = Buffer.from(JSON.stringify(body));
      const garbage = Buffer.from(Array.from({ length: 64 }, () => this.rng.int(256)));
      const gz = gzipSync(good);
      const variants: [string, string, Buffer, boolean][] = [
        ['gzip', 'garbage', garbage, false],
        ['deflate', 'garbage', garbage, false],
        ['br', 'garbage', garbage, false],
        ['gzip', 'truncated gzip', gz.subarray(0, gz.length >> 1), false],
        ['gzip', 'gzip header only', gz.subarray(0, 10), false],
        ['gzip', 'plain JSON sent as gzip', good, false],
        ['gzip', 'valid gzip', gz, true],
        ['deflate', 'valid deflate', deflateSync(good), true],
        ['br', 'valid brotli', brotliCompressSync(good), true],
        ['gzip', 'gzip bomb: 20 MB of spaces', gzipSync(Buffer.alloc(20_000_000, 0x20)), false],
        ['zstd', 'unknown encoding', good, false],
        ['gzip, gzip', 'gzip twice, sent once', gz, false],
        ['identity', 'identity', good, true],
        ['GZIP', 'valid gzip, upper-case name', gz, true],
      ];
      const [encoding, note, bytes, wellFormed] = this.rng.pick(variants);
      const c = this.raw('compressed', `content-encoding ${encoding}: ${note}`, bytes, {
        ...JSON_TYPE,
        'content-encoding': encoding,
      });
      if (wellFormed) c.writes = { streamId: FUZZ_STREAM, events: [event] };
      return c;
    },
    'unknown-field': () => {
      const { body, event } = this.valid();
      const path = this.rng.pick([
        'revision',
        'streamId',
        'events.0.revision',
        'events.0.streamId',
        'events.0.position',
        'events.0.recordedAt',
        'events.0.data.member',
        'events.0.data.extra',
        'events.0.Type',
      ]);
      setPath(body, path, this.rng.pick([1, 'x', true, { a: 1 }]));
      return this.json('unknown-field', `${path} added`, body, {
        streamId: FUZZ_STREAM,
        events: [event],
      });
    },
    'bad-uuid': () => {
      const { body, event } = this.valid();
      const id = event.id;
      const [label, bad] = this.rng.pick<[string, string]>([
        ['empty', ''],
        ['not a uuid', 'not-a-uuid'],
        ['no dashes', id.replace(/-/g, '')],
        ['in braces', `{${id}}`],
        ['37 characters', `${id}0`],
        ['35 characters', id.slice(1)],
        ['a g', id.replace(/^./, 'g')],
        ['nil uuid', '00000000-0000-0000-0000-000000000000'],
        ['max uuid', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
        ['upper case', id.toUpperCase()],
        ['leading space', ` ${id}`],
        ['urn:uuid: prefix', `urn:uuid:${id}`],
        ['unicode hyphens', id.replace(/-/g, '\u2010')],
      ]);
      (body.events as Fact[])[0]!.id = bad;
      event.id = bad;
      return this.json('bad-uuid', `id: ${label}`, body, {
        streamId: FUZZ_STREAM,
        events: [event],
      });
    },
    'bad-date': () => {
      const { body, event } = this.valid();
      const date = this.rng.pick([
        '2026-02-30T19:30:00+13:00',
        '2026-02-29T19:30:00+13:00',
        '0000-01-01T00:00:00Z',
        '2026-03-02',
        '2026-03-02T19:30:00',
        '2026-13-01T00:00:00Z',
        '2026-03-02T24:00:00Z',
        '2026-03-02T19:30:60Z',
        '2026-03-02T19:30:00+25:00',
        '9999-12-31T23:59:59+14:00',
        '+275760-09-13T00:00:00Z',
        '2026-03-02T19:30:00.1234567891Z',
        '2026-03-02 19:30:00+13:00',
        'now',
        '1772433000000',
        '２０２６-03-02T19:30:00Z',
      ]);
      (body.events as Fact[])[0]!.occurredAt = date;
      event.occurredAt = date;
      return this.json('bad-date', `occurredAt ${date}`, body, {
        streamId: FUZZ_STREAM,
        events: [event],
      });
    },
    'big-batch': () => {
      const size = this.rng.pick([0, 2, 100, 1_000, 5_000, 10_001]);
      const dupe = size === 2;
      const events = Array.from({ length: size }, (_, i) =>
        playerRegistered(this.rng.uuid(), FUZZ_CLUB, `fzb-${this.n}-${i}`),
      );
      if (dupe) events[1]!.id = events[0]!.id;
      return this.json(
        'big-batch',
        dupe ? '2 events, one id twice' : `${size} events`,
        { expectedRevision: 'any', events },
        dupe ? undefined : { streamId: FUZZ_STREAM, events },
      );
    },
    'bad-revision': () => {
      const { body, event } = this.valid();
      const rev = this.rng.pick([
        -1,
        1.5,
        '3',
        null,
        'latest',
        1e21,
        2 ** 53,
        'ANY',
        'Any',
        999_999,
        'no_stream',
        'stream_exists',
        [0],
        {},
        undefined,
      ]);
      if (rev === undefined) delete body.expectedRevision;
      else body.expectedRevision = rev;
      return this.json(
        'bad-revision',
        `expectedRevision ${rev === undefined ? '(none)' : JSON.stringify(rev)}`,
        body,
        { streamId: FUZZ_STREAM, events: [event] },
      );
    },
    'reused-id': () => {
      const old = this.rng.pick(this.stored);
      const variant = this.rng.pick([
        'true retry',
        'upper-case id',
        'other name',
        'other type',
        'other stream',
        'with a new event',
      ]);
      let events: Fact[] = [{ ...old, data: { ...old.data }, metadata: { ...old.metadata } }];
      let streamId = FUZZ_STREAM;
      if (variant === 'upper-case id') events[0]!.id = old.id.toUpperCase();
      if (variant === 'other name')
        events[0]!.data.name = `${String(old.data.name)} (renamed ${this.n})`;
      if (variant === 'other type') {
        events = [clubRegistered(old.id, OTHER_CLUB)];
        streamId = `club-${OTHER_CLUB}`;
      }
      if (variant === 'other stream') {
        events = [playerRegistered(old.id, OTHER_CLUB, String(old.data.playerId))];
        streamId = playersStream(OTHER_CLUB);
      }
      if (variant === 'with a new event')
        events.push(playerRegistered(this.rng.uuid(), FUZZ_CLUB, `fzr-${this.n}`));
      return this.json(
        'reused-id',
        `a stored id, ${variant}`,
        { expectedRevision: 'any', events },
        { streamId, events },
        streamId,
      );
    },
    'bad-stream': () => {
      const { body } = this.valid();
      const path = this.rng.pick([
        'club-fz-players%2Fx',
        'club-fz-players%00',
        '%E0%A4%A',
        '..',
        '.',
        '-x',
        'club-%C5%BE-players',
        'x'.repeat(201),
        'x'.repeat(20_000),
        'club-fz2-players',
        'club-fz',
        'competition-fz',
        'club-fz-players;x=1',
        'club-fz-players%20',
        '%252e%252e',
      ]);
      return this.raw(
        'bad-stream',
        `stream ${path.length > 40 ? `${path.slice(0, 10)}… (${path.length})` : path}`,
        JSON.stringify(body),
        JSON_TYPE,
        `/streams/${path}/events`,
      );
    },
    'method-header': () => {
      const { body } = this.valid();
      const text = JSON.stringify(body);
      const variant = this.rng.pick([
        'GET',
        'PUT',
        'PATCH',
        'DELETE',
        'OPTIONS',
        'chunked',
        'expect',
        'huge header',
        'many headers',
      ]);
      if (['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].includes(variant)) {
        return this.raw(
          'method-header',
          `${variant} with a body`,
          text,
          JSON_TYPE,
          `/streams/${FUZZ_STREAM}/events`,
          variant,
        );
      }
      const headers: Record<string, string> = { ...JSON_TYPE };
      if (variant === 'chunked') headers['transfer-encoding'] = 'chunked';
      if (variant === 'expect') headers.expect = '100-continue';
      if (variant === 'huge header') headers['x-fuzz'] = 'x'.repeat(20_000);
      if (variant === 'many headers')
        for (let i = 0; i < 200; i++) headers[`x-fuzz-${i}`] = String(i);
      return this.raw('method-header', variant, text, headers);
    },
  };

  /** The next case: a category at random, then a mutation of it. */
  next(): Case {
    this.n++;
    const names = Object.keys(this.categories);
    return this.categories[this.rng.pick(names)]!();
  }
}

/** Whether a stored event holds what was sent (type, data, metadata), ids compared in lower case. */
export function storedAsSent(
  sent: Fact,
  stored: { type: string; data: unknown; metadata: unknown },
): boolean {
  return (
    sent.type === stored.type &&
    canonical(sent.data) === canonical(stored.data) &&
    canonical(sent.metadata ?? {}) === canonical(stored.metadata ?? {})
  );
}
