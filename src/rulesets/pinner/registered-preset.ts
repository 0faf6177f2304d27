import { problemOf, type Preset } from '../../rulebooks/rulebook';
import { checkVisitorParams } from '../../contexts/membership/visitors';
import { meetingsProblem } from './meetings';
import { rubberProblem } from './rubber';
import { pinner2018, type PinnerParams } from './preset';

/**
 * The pinner-2018 preset as registered, one object for every context that reads it (the
 * register, meetings, rubber bridge, the duplicate sessions): with the visitor count's, the
 * meetings' and the rotation's own checks of the settings they read.
 */
export const pinnerPreset: Preset<PinnerParams> = {
  ...pinner2018,
  validate: (p: PinnerParams) =>
    problemOf((q: PinnerParams) => checkVisitorParams(q.visitors), 'visitors.')(p) ??
    (p.meetings ? meetingsProblem(p.meetings) : undefined) ??
    (p.rubber ? rubberProblem(p.rubber) : undefined),
};
