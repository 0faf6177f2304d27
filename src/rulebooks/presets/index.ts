import type { Preset } from '../rulebook';
import { dsbGroenlo2014 } from './dsb-groenlo-2014';
import { nzClub } from './nz-club';

/** The presets a club can adopt. A new rulebook is one file here and one entry. */
export const PRESETS: Readonly<Record<string, Preset>> = {
  [nzClub.id]: nzClub as unknown as Preset,
  [dsbGroenlo2014.id]: dsbGroenlo2014 as unknown as Preset,
};

export { nzClub, dsbGroenlo2014 };
