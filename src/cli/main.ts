#!/usr/bin/env node
import 'reflect-metadata';
// The contexts and the rulesets the ledger ships register themselves (one line each there).
import '../contexts/built-in';
import '../rulesets';
import { Command } from 'commander';
import { answerOf, isLedgerError } from '../kernel/errors';
import { registerAppend } from './commands/append';
import { registerAudit } from './commands/audit';
import { registerExport } from './commands/export-command';
import { registerImportCommands } from './commands/import-usebio';
import { registerKeys } from '../contexts/access/cli/keys.command';
import { registerLeague } from '../contexts/league/cli/league.command';
import { registerMembers } from '../contexts/membership/cli/members.command';
import { registerTeams } from '../contexts/teams/cli/teams.command';
import { registerMeetings } from '../contexts/meetings/cli/meetings.command';
import { registerRubber } from '../contexts/rubber/cli/rubber.command';
import { registerRebuild } from './commands/rebuild';
import { registerReplay } from './commands/replay';
import { registerServe } from './commands/serve-command';
import { registerCorrections } from '../contexts/corrections/cli/corrections.command';
import { registerTables } from '../contexts/pairs/cli/tables.command';
import { registerDiff } from './commands/diff';
import { registerVerify } from './commands/verify';
import { err, storeOption } from './options';
import { registeredContexts } from '../contexts/registry';

/** The command line: one file a command (src/cli/commands/), each over the runtime's use cases. */
export function buildCli(): Command {
  const program = new Command('bridge-ledger')
    .description('An event-sourced ledger for bridge club competitions.')
    .showHelpAfterError()
    .exitOverride();
  registerServe(program);
  registerAppend(program);
  registerExport(program);
  registerVerify(program);
  registerAudit(program);
  registerRebuild(program);
  registerReplay(program);
  registerTables(program);
  registerDiff(program);
  registerImportCommands(program, storeOption);
  registerCorrections(program);
  registerKeys(program);
  registerLeague(program);
  registerMembers(program);
  registerTeams(program);
  registerMeetings(program);
  registerRubber(program);
  // The commands of the contexts registered at run time (src/contexts/registry.ts).
  for (const context of registeredContexts()) context.cli?.(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  try {
    await buildCli().parseAsync(argv);
    return Number(process.exitCode ?? 0);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'commander.helpDisplayed' || code === 'commander.version') return 0;
    if (typeof code === 'string' && code.startsWith('commander.')) return 2;
    if (isLedgerError(e)) {
      // The exit code is the code's (kernel/errors.ts): 1 refused by the ledger, 2 asked wrongly.
      err(`bridge-ledger: ${e.message}`);
      return answerOf(e).exit;
    }
    if (e instanceof Error) {
      err(`bridge-ledger: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

if (require.main === module) {
  main(process.argv).then((code) => {
    process.exitCode = code;
  });
}
