import type { EventToAppend } from '../../../kernel/envelope';
import type { Viewer } from './viewer';

/**
 * The key that appends a fact is its `metadata.actor` (`key:<keyId>`), with its role
 * (`actorRole`) and scope (`actorScope`, `club:<id>` or `league:<id>`; none for an admin). What
 * the client said it was is kept as `claimedActor`, not trusted. A club's key also stamps the
 * fact's `metadata.clubId` with its club (the guard has checked the stream is that club's): a
 * different club the client wrote is kept as `claimedClubId`, never read as the fact's club (old
 * versions of a roster fact take their club from that field). Open mode stamps nothing (the
 * client's actor and club stand, as before keys).
 */
export function stampActor(viewer: Viewer, events: readonly EventToAppend[]): EventToAppend[] {
  if (viewer.mode !== 'key') return [...events];
  return events.map((e) => {
    const {
      actor,
      actorRole: _r,
      actorScope: _s,
      claimedActor: _c,
      claimedClubId: _cc,
      ...rest
    } = e.metadata ?? {};
    const club = viewer.scope?.kind === 'club' ? viewer.scope.id : undefined;
    const claimedClub = club !== undefined && rest.clubId !== club ? rest.clubId : undefined;
    return {
      ...e,
      metadata: {
        ...rest,
        ...(club !== undefined ? { clubId: club } : {}),
        ...(claimedClub !== undefined ? { claimedClubId: claimedClub } : {}),
        ...(actor !== undefined ? { claimedActor: actor } : {}),
        actor: `key:${viewer.keyId}`,
        actorRole: viewer.role,
        ...(viewer.scope ? { actorScope: `${viewer.scope.kind}:${viewer.scope.id}` } : {}),
      },
    };
  });
}
