import { accessContext } from './access/context';
import { clubContext } from './club/context';
import { correctionsContext } from './corrections/context';
import { leagueContext } from './league/context';
import { meetingsContext } from './meetings/context';
import { membershipContext } from './membership/context';
import { pairsContext } from './pairs/context';
import { registerContext } from './registry';
import { rubberContext } from './rubber/context';
import { teamsContext } from './teams/context';

/**
 * The contexts the ledger ships, one line each: their facts join the catalogue, their deciders
 * judge their streams, their projections are kept live. The app and the CLI load this list
 * (their HTTP modules and commands are theirs to add); a context of its own is one more line.
 */
registerContext(clubContext);
registerContext(pairsContext);
registerContext(correctionsContext);
registerContext(accessContext);
registerContext(leagueContext);
registerContext(membershipContext);
registerContext(teamsContext);
registerContext(meetingsContext);
registerContext(rubberContext);
