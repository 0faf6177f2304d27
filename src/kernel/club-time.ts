/**
 * Club time: the wall clock an ISO instant carries in its own offset, `YYYY-MM-DDTHH:MM`.
 * Writers record occurredAt in the club's offset, so deadlines (DSB-3, DSB-9.1, DSB-10.1)
 * compare club times with no time-zone database in the core.
 */
export const clubTime = (instant: string) => instant.slice(0, 16);
