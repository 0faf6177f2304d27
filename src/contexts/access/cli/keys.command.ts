import { InvalidArgumentError, Option, type Command } from 'commander';
import { userInfo } from 'node:os';
import type { KeyRecord } from '../domain/access-decider';
import { catalogue } from '../../catalogue';
import { ROLES, type Role } from '../facts/access';
import { ID_PATTERN } from '../../../kernel/ids';
import { issueKey, listKeys, revokeKey } from '../read/keys';
import { openStore } from '../../../store/open-store';
import { table } from '../../../cli/table';
import { err, storeOption } from '../../../cli/options';
import { announceStore } from '../../../cli/store-location';

/** Who runs the CLI, as the key facts name it: `cli:<OS user>`. */
export function cliActor(): string {
  try {
    return `cli:${userInfo().username || 'unknown'}`;
  } catch {
    return 'cli:unknown';
  }
}

const ledgerId = (what: string) => (v: string) => {
  if (!ID_PATTERN.test(v))
    throw new InvalidArgumentError(`${what} must be letters, digits and _ . : @ -`);
  return v;
};

const scopeText = (k: KeyRecord) => (k.scope ? `${k.scope.kind}:${k.scope.id}` : '(all)');

/** One line a key: never its hash. */
const rowOf = (k: KeyRecord) => ({
  keyId: k.keyId,
  role: k.role,
  scope: scopeText(k),
  label: k.label ?? '-',
  issued: k.issuedAt,
  revoked: k.revokedAt ?? '-',
  by: k.issuedBy ?? '-',
});

/**
 * `bridge-ledger keys`: issue a key (`add`, its token printed once), `list` them,
 * `revoke` one. The keys are facts of the ledger (`access-keys`); the token is never stored.
 */
export function registerKeys(program: Command): void {
  const keys = program
    .command('keys')
    .description('Issue, list and revoke the API keys (docs/access.md)');

  keys
    .command('add')
    .description('Issue a key: its token is printed once, and never shown again')
    .addOption(
      new Option('--role <role>', 'what the key may do').choices(ROLES).makeOptionMandatory(),
    )
    .option('--club <id>', 'the club the key acts for', ledgerId('--club'))
    .option('--league <id>', 'the league the key acts for', ledgerId('--league'))
    .option('--label <text>', 'a note to tell the key by (who holds it)')
    .option(
      '--before-registration',
      'the --club or --league is not registered yet: issue its key all the same (its secretary registers it)',
    )
    .option(
      '--if-none',
      'issue it only when the ledger has no key yet (a first start, e.g. docker compose)',
    )
    .addOption(storeOption())
    .action(
      async (o: {
        role: Role;
        club?: string;
        league?: string;
        label?: string;
        beforeRegistration?: boolean;
        ifNone?: boolean;
        store: string;
      }) => {
        if (o.club !== undefined && o.league !== undefined) {
          throw new InvalidArgumentError('give --club or --league, not both');
        }
        if (o.role !== 'admin' && o.club === undefined && o.league === undefined) {
          throw new InvalidArgumentError(`a ${o.role}'s key acts for a club: give --club <id>`);
        }
        if (o.role === 'admin' && (o.club !== undefined || o.league !== undefined)) {
          throw new InvalidArgumentError("an admin's key covers every club: no --club or --league");
        }
        const scope =
          o.club !== undefined
            ? { kind: 'club' as const, id: o.club }
            : o.league !== undefined
              ? { kind: 'league' as const, id: o.league }
              : undefined;
        const store = await announceStore(o.store, () =>
          openStore(o.store, { upcast: catalogue.upcast }),
        );
        try {
          if (o.ifNone && (await listKeys(store)).length > 0) {
            err('the ledger has keys already: none issued (--if-none)');
            return;
          }
          const { key, token } = await issueKey(store, {
            role: o.role,
            ...(scope ? { scope } : {}),
            ...(o.label !== undefined ? { label: o.label } : {}),
            ...(o.beforeRegistration ? { beforeRegistration: true } : {}),
            issuedBy: cliActor(),
          });
          process.stdout.write(`${token}\n`);
          err(
            `issued key ${key.keyId} (${key.role}, ${scopeText(key)}); the token above is shown this once and will not be shown again: the ledger keeps only its hash`,
          );
        } finally {
          await store.close();
        }
      },
    );

  keys
    .command('list')
    .description('Every key issued: id, role, scope, label, issued and revoked (never a hash)')
    .option('--club <id>', 'only the keys of this club', ledgerId('--club'))
    .addOption(
      new Option('--format <format>', 'table or json').choices(['table', 'json']).default('table'),
    )
    .addOption(storeOption())
    .action(async (o: { club?: string; format: 'table' | 'json'; store: string }) => {
      const store = await openStore(o.store, { upcast: catalogue.upcast, readOnly: true });
      try {
        const all = await listKeys(store);
        const shown =
          o.club === undefined
            ? all
            : all.filter((k) => k.scope?.kind === 'club' && k.scope.id === o.club);
        if (o.format === 'json')
          process.stdout.write(JSON.stringify({ keys: shown }, null, 2) + '\n');
        else if (shown.length === 0) process.stdout.write('no keys: the ledger is in open mode\n');
        else process.stdout.write(table(shown.map(rowOf)));
      } finally {
        await store.close();
      }
    });

  keys
    .command('revoke <keyId>')
    .description('Revoke a key: every request with it fails at once, in every process')
    .option('--reason <text>', 'why (kept in the fact)')
    .addOption(storeOption())
    .action(async (keyId: string, o: { reason?: string; store: string }) => {
      const store = await announceStore(o.store, () =>
        openStore(o.store, { upcast: catalogue.upcast }),
      );
      try {
        const key = await revokeKey(store, keyId, {
          revokedBy: cliActor(),
          ...(o.reason !== undefined ? { reason: o.reason } : {}),
        });
        err(`revoked key ${key.keyId} (${key.role}, ${scopeText(key)}) at ${key.revokedAt}`);
      } finally {
        await store.close();
      }
    });
}
