import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateAppend } from '../../src/ledger/validate-append';
import { RuleViolation } from '../../src/kernel/rule-violation';
import { catalogue } from '../../src/contexts/catalogue';
import { AppendFileError, appendBatches, planAppend } from '../../src/ledger/append-file';
import { DomainGate } from '../../src/ledger/domain-gate';
import { LiveClubIndex, readModelOf } from '../../src/ledger/live-club-index';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import { MemoryProjectionStateStore } from '../../src/ledger/projection-state-store';
import { projections } from '../../src/contexts/projections';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { collect } from './events';
import type { Proposed } from './nz-club';
import { tempDir } from './temp';

/**
 * A store behind the gate every append takes (HTTP, CLI, examples): appends as the HTTP module
 * makes them, and the expectation that a refused batch writes nothing.
 */
export class GatedLedger {
  readonly store = new MemoryEventStore({ upcast: catalogue.upcast });
  gate: DomainGate;
  /** With `club: 'live'`, the projection runner whose read model the gate's club checks read. */
  readonly runner?: ProjectionRunner;

  /**
   * `club`: the gate's club-wide context, its own index folded from $all ('own', the CLI's), or
   * the runner's read model ('live', the service's: `LiveClubIndex`).
   */
  constructor(options: { club?: 'own' | 'live' } = {}) {
    if (options.club !== 'live') {
      this.gate = new DomainGate(this.store);
      return;
    }
    const runner = new ProjectionRunner(this.store, new MemoryProjectionStateStore(), projections);
    runner.start();
    this.runner = runner;
    this.gate = new DomainGate(this.store, {
      club: (upcast) => new LiveClubIndex(upcast, readModelOf(runner)),
    });
  }

  /** Appends facts as the HTTP module does: consecutive facts of one stream as one batch. */
  async append(...facts: Proposed[]): Promise<void> {
    const batches: Proposed[][] = [];
    for (const f of facts) {
      const last = batches[batches.length - 1];
      if (last && last[0]!.streamId === f.streamId) last.push(f);
      else batches.push([f]);
    }
    for (const batch of batches) {
      const streamId = batch[0]!.streamId;
      const events = validateAppend(
        catalogue,
        streamId,
        'any',
        batch.map(({ streamId: _s, ...e }) => e),
      );
      await this.gate.exclusive(async () => {
        const expected = await this.gate.check(streamId, events, 'any');
        const r = await this.store.appendToStream(streamId, events, {
          expectedRevision: expected,
        });
        this.gate.appended(streamId, events, r.nextExpectedRevision);
      });
    }
  }

  /** Writes facts straight into the store, as a ledger written before the gate checked them. */
  async writeUnchecked(...facts: Proposed[]): Promise<void> {
    for (const { streamId, ...e } of facts)
      await this.store.appendToStream(streamId, [e], { expectedRevision: 'any' });
  }

  /** Expects the facts refused by `rule` at `field`, and nothing of them written. */
  async refuses(facts: Proposed[], rule: string, field: string, reason?: string | RegExp) {
    const head = await this.store.headPosition();
    const stream = await this.streamOf(facts[0]!.streamId);
    const error = await this.append(...facts).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RuleViolation);
    expect(error).toMatchObject({ rule, field });
    if (reason) expect((error as RuleViolation).reason).toMatch(reason);
    expect(await this.store.headPosition()).toBe(head);
    expect(await this.streamOf(facts[0]!.streamId)).toEqual(stream);
    return error as RuleViolation;
  }

  /** Appends an NDJSON file of these lines as `bridge-ledger append` does (a dry run first). */
  async appendFile(lines: readonly unknown[]): Promise<void> {
    const file = join(tempDir(), 'append.ndjson');
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    await appendBatches(this.store, await planAppend(file, catalogue));
  }

  /** Expects the file refused before anything of it is written; returns the issues. */
  async refusesFile(lines: readonly unknown[]): Promise<AppendFileError['issues']> {
    const head = await this.store.headPosition();
    const error = await this.appendFile(lines).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppendFileError);
    expect(await this.store.headPosition()).toBe(head);
    return (error as AppendFileError).issues;
  }

  streamOf = async (streamId: string) =>
    (await collect(this.store.readStream(streamId)).catch(() => [])).map((e) => e.id);
}
