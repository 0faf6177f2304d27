/** The units a list names, in words. */
const names = (units: unknown) => (units as string[]).join(', ');

const cutOf = (cut: unknown) =>
  Array.isArray(cut) && cut.length > 0
    ? ` (cut: ${(cut as Array<{ unit: string; card: string }>).map((c) => `${c.unit} ${c.card}`).join(', ')})`
    : '';

/** One fact of an evening in the duty member's words, for the session's log. */
export function describeFact(type: string, d: Record<string, unknown>): string {
  const table = `table ${String(d.table)}`;
  switch (type) {
    case 'RubberSessionOpened':
      return `${String(d.kind)} session opened at ${String(d.clubId)}, duty member ${String(d.dutyMember)}`;
    case 'RubberUnitArrived':
      return `${String(d.unit)} arrives${(d.players as string[]).length > 1 ? ` (${names(d.players)})` : ''}`;
    case 'RubberTableMadeUp':
      return `${table} made up: ${names(d.units)}${
        d.groupedBy !== undefined ? ` (grouped by ${String(d.groupedBy)})` : cutOf(d.cut)
      }`;
    case 'RubberHandCompleted':
      return `a hand completed at ${table}`;
    case 'RubberCompleted':
      return `rubber completed at ${table}${d.sevenHandRule === true ? ' by the seven-hand rule' : ''}`;
    case 'RubberTableUpCalled':
      return `Table Up at ${table}: ${names(d.leaving)} leave${cutOf(d.cut)}`;
    case 'GameCalled':
      return `Game Call by ${table} for table ${String(d.for)}`;
    case 'FurtherRubberAgreed':
      return `one further rubber at ${table}, agreed by ${names(d.agreedBy)}`;
    case 'RubberTableWaiting':
      return `${table} waits for the next Table Up`;
    case 'RubberTablesExchanged': {
      const [a, b] = d.moves as Array<{ table: string; units: string[]; cut?: unknown }>;
      return `tables ${a!.table} and ${b!.table} exchange: ${names(a!.units)} for ${names(b!.units)}${cutOf(a!.cut)}${cutOf(b!.cut)}`;
    }
    case 'RubberUnitRetired':
      return `${String(d.unit)} retires from the playing room`;
    case 'RubberUnitLeft':
      return `${String(d.unit)} goes home`;
    default:
      return type;
  }
}
