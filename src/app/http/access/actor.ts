import type { EventToAppend } from '../../../kernel/envelope';
import type { Viewer } from './viewer';

/**
 * The key that appends a fact is its `metadata.actor` (`key:<keyId>`), with its role
 * (`actorRole`) and scope (`actorScope`, `club:<id>` or `league:<id>`; none for an admin). What
 * the client said it was is kept as `claimedActor`, not trusted. Open mode stamps nothing (the
 * client's actor stands, as before keys).
 */
export function stampActor(viewer: Viewer, events: readonly EventToAppend[]): EventToAppend[] {
  if (viewer.mode !== 'key') return [...events];
  return events.map((e) => {
    const { actor, actorRole: _r, actorScope: _s, claimedActor: _c, ...rest } = e.metadata ?? {};
    return {
      ...e,
      metadata: {
        ...rest,
        ...(actor !== undefined ? { claimedActor: actor } : {}),
        actor: `key:${viewer.keyId}`,
        actorRole: viewer.role,
        ...(viewer.scope ? { actorScope: `${viewer.scope.kind}:${viewer.scope.id}` } : {}),
      },
    };
  });
}
