import { fold, projections } from '../../src/contexts/projections';
import { leagues, leagueTableOf, type LeaguesState } from '../../src/contexts/league/projection';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import { MemoryProjectionStateStore } from '../../src/ledger/projection-state-store';
import { collect } from '../support/events';
import { seasonLedger } from './leagues-season';

describe('the leagues read model kept by the runner', () => {
  it('is saved league by league and loaded back as a replay folds it: the same table', async () => {
    const ledger = await seasonLedger();
    const saved = new MemoryProjectionStateStore();
    const first = new ProjectionRunner(ledger.store, saved, projections);
    first.start();
    await first.caughtUp();
    first.save();
    first.stop();
    const second = new ProjectionRunner(ledger.store, saved, projections);
    second.start();
    await second.caughtUp();
    const loaded = second.state<LeaguesState>('leagues')!.state;
    second.stop();
    const replayed = fold(leagues, await collect(ledger.store.readAll()));
    expect(JSON.parse(JSON.stringify(loaded))).toEqual(JSON.parse(JSON.stringify(replayed)));
    expect(Object.keys(loaded.leagues)).toEqual(['lcba-2009']);
    expect(Object.keys(loaded.rulebooks)).toEqual(['lcba']);
    expect(leagueTableOf(loaded, 'lcba-2009')).toEqual(leagueTableOf(replayed, 'lcba-2009'));
  });
});
