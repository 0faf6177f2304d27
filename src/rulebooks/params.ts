/** A rulebook's parameters: JSON values by name, nested in groups (`pairsSeries.counted`). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Params = { [key: string]: Json };
