/** GET /api/admin/overview: the installation at a glance over the last `days` days (UTC). */
export type DayCount = { day: string; count: number };

export type AdminOverview = {
  days: number;
  from: string;
  users: {
    total: number;
    /** Null when the auth service's tables are not in this database (a hosted auth service with its own). */
    newPerDay: DayCount[] | null;
    active7: number | null;
    active30: number | null;
  };
  paying: { plan: string; accounts: number }[];
  complimentary: number;
  /** Monthly recurring revenue per currency in minor units (cents, fen); yearly plans count a twelfth. */
  mrr: { currency: string; amount: number }[];
  /** Payments run in the local test mode (no STRIPE_SECRET_KEY) or with a Stripe test key. */
  testMode: boolean;
  ai: { messages: number; tokens: number };
  /** Reference checks are counted per month: the months the period touches. */
  referenceChecks: number;
  searchesPerDay: DayCount[];
  /** Bytes in stored files; null when the storage service's tables are not in this database. */
  storageBytes: number | null;
};
