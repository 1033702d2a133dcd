/** The planning form's option lists (options.ts says how lists work); the SIP calculator's bands too. */
export const PLANNING_OPTIONS = ['Mutual Funds', 'Insurance', 'PMS', 'AIF', 'Financial Plan'] as const;
/** Monthly investment bands of the planning form (optional; the SIP calculator picks one), in rupees. */
export const SIP_BANDS = ['5000 & below', '5000 to 10000', '10000 to 25000', '25000 to 50000', '50000 & above'] as const;

export type PlanningOption = (typeof PLANNING_OPTIONS)[number];
