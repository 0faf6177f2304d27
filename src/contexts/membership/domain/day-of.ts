/** The club date a fact is about, from its data (each fact names its own). */
export function dayOf(type: string, data: Record<string, unknown>): string {
  const field =
    type === 'MembershipApplied'
      ? 'appliedOn'
      : type === 'ExistingMemberRecorded'
        ? 'electedOn'
        : type === 'SessionPlayedAtClub' || type === 'VisitorPartnerAsked'
          ? 'date'
          : type === 'GuestNzcbaNumberChecked'
            ? 'checkedOn'
            : type === 'NzcbaRankRecorded'
              ? 'from'
              : 'on';
  return data[field] as string;
}
