/** The largest team a per-seat plan is sold for (checkout, plan changes; a module without zod, for forms). */
export const MAX_SEATS = 500;
