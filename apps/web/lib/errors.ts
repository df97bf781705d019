/**
 * The product's one error vocabulary, shared by the API (`{ error: { code, message, issues } }`), the pages
 * and the forms. Every code is translated under `errors.<code>` in both message files; the comment on each
 * says when it is thrown. Add a code here (and its two translations) rather than inventing one in a handler.
 */
export const errorStatus = {
  /** The input failed its zod schema; `issues` says which field and why. */
  validation_failed: 400,
  /** The body was not JSON, or the request was malformed beyond field validation. */
  bad_request: 400,
  /** No verified session: signed out, expired or revoked. */
  unauthorized: 401,
  /** Signed in, but the account must first pass its second factor (aal2) for this. */
  mfa_required: 403,
  /** Signed in, but this account may not do this. */
  forbidden: 403,
  /** A state-changing request with this site's cookies came from another site (cross-site.ts). */
  cross_site_request: 403,
  /** The thing does not exist, or belongs to someone else (never 403 for another user's data). */
  not_found: 404,
  /** The API path exists but not with this HTTP method; the answer's `Allow` header lists those it takes. */
  method_not_allowed: 405,
  /**
   * The change conflicts with the current state: it changed in the meantime (a stale version, a race). A situation
   * the user must tell apart from that has a code of its own below (docs/conventions.md §2.1).
   */
  conflict: 409,
  /** The body is larger than the route accepts; refused before it is read (read-body.ts). */
  payload_too_large: 413,
  /** Too many requests; the response carries `Retry-After` and the message says how long to wait. */
  rate_limited: 429,
  /** Wrong email, phone or password (deliberately not saying which). */
  invalid_credentials: 400,
  /** The password was right but the email address is not confirmed yet. */
  email_not_confirmed: 400,
  /** The password was right but the phone number is not confirmed yet. */
  phone_not_confirmed: 400,
  /** The new password breaks the password policy; `issues` lists the auth service's reasons. */
  weak_password: 422,
  /** An account with this email or phone already exists. */
  user_already_exists: 422,
  /** New accounts are switched off on this installation. */
  signup_disabled: 422,
  /** This way of signing in (email, phone, an OAuth provider) is switched off. */
  provider_disabled: 422,
  /** A one-time code is wrong, expired or already used. */
  code_invalid: 400,
  /** A mailed link or sign-in flow has expired or was already used. */
  link_expired: 400,
  /**
   * A mailed link (PKCE) was opened in another browser than the one that asked for it, which holds the flow's
   * verifier: it cannot sign this browser in (docs/protocols/supabase-auth.md §3.6).
   */
  link_other_device: 400,
  /** The account is suspended by an administrator. */
  account_suspended: 403,
  /** The mail or SMS could not be delivered by the provider. */
  delivery_failed: 502,
  /** The authentication service did not answer (down, or unreachable from this server). */
  auth_unavailable: 503,
  /** The plan's AI messages for this month are used up; the answer says when the quota resets. */
  quota_exceeded: 429,
  /**
   * A limit of the user's plan is reached (searches today, reference checks or AI messages this month, papers in
   * the library); the body's `limit` says which, the usage, when it resets and where to upgrade.
   */
  plan_limit_reached: 429,
  /** The payment card was declined (the local test mode's declining test card, or the payment provider). */
  card_declined: 402,
  /** Payments are not set up: no Stripe keys, and the local test mode is off (production without BILLING_TEST_MODE=on). */
  billing_unavailable: 503,
  /** Every seat of the team is taken (members and pending invitations): remove someone or buy more seats. */
  team_full: 409,
  /** A Team plan change to fewer seats than the team fills with members and pending invitations. */
  team_seats_in_use: 409,
  /** The team’s owner invited their own address: the owner is on the team already. */
  team_self_invite: 409,
  /** An invitation to an address that is a member of the team already. */
  team_member_exists: 409,
  /** Accepting an invitation while already on a team: a person is on one team at a time. */
  team_already_joined: 409,
  /** Accepting an invitation to a team whose owner's Team subscription no longer grants the plan. */
  team_inactive: 409,
  /** The team's owner tried to leave it: a team ends with its owner's subscription instead. */
  team_owner_leaving: 409,
  /** An admin tried to delete or ban their own account in the admin area. */
  own_account: 409,
  /** A file attached to a paper that already holds the most files a paper may (MAX_FILES_PER_PAPER). */
  paper_files_full: 409,
  /** The open-access PDF of a library paper was asked for while the paper already has a PDF attached. */
  pdf_already_attached: 409,
  /** A library paper's open-access link was fetched, but what came back does not start as a PDF does (`%PDF-`). */
  not_a_pdf: 422,
  /** A file fetched for the user is larger than the storage bucket takes for one file (or the fetch cap). */
  file_too_large: 413,
  /** Storing a file would pass the storage quota of the user's plan. */
  storage_quota_exceeded: 413,
  /** A link the server was asked to fetch did not answer (down, unknown host, timeout, an error status). */
  source_unreachable: 502,
  /** A link the server was asked to fetch points where the server never fetches (a private or loopback address, not http). */
  source_refused: 422,
  /** A plan change to exactly the plan, interval and seats the subscription has. */
  plan_unchanged: 409,
  /** An admin gave or took a plan by hand on an account whose paid Stripe subscription decides its plan. */
  plan_managed_in_stripe: 409,
  /** An admin took away a plan given by hand from an account that has none. */
  no_complimentary_plan: 409,
  /** The AI runtime (embedded, or the Dify server in DIFY_API_URL) did not answer. */
  ai_unavailable: 503,
  /** Anything unexpected; the cause is logged on the server, never sent. */
  internal_error: 500,
  /** Client side only: the request never got an answer (offline, DNS, connection reset). */
  network_error: 0,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorStatus, value);
}

/**
 * One problem with one input field. `code` is a key under `validation.<code>` in the message files;
 * `message` is that text in the request's language.
 */
export type ErrorIssue = { path: string; code: string; message: string };

/**
 * The one description of a reached plan limit (`plan_limit_reached`, and the AI proxy's `quota_exceeded`):
 * which limit, its value, the usage, when it resets (ISO day; null for totals such as library papers, which go
 * down when the user removes items) and the page to upgrade on.
 */
export type LimitDetail = { feature: string; limit: number; used: number; resets_on: string | null; upgrade_url: string };

/** The body of every failed product API response. */
export type ErrorBody = { error: { code: ErrorCode; message: string; issues: ErrorIssue[]; limit?: LimitDetail } };

export type AppErrorOptions = {
  /**
   * What happened, for the server's log and for tests: never sent (the answer's message is the code's sentence in
   * the request's language). A situation the user must tell apart needs a code of its own (docs/conventions.md §2.1).
   */
  message?: string;
  /** Overrides the code's usual HTTP status. */
  status?: number;
  /** The underlying failure, logged on the server and never sent. */
  cause?: unknown;
  issues?: Omit<ErrorIssue, 'message'>[];
  /** Seconds until a rate-limited request may be retried (sent as `Retry-After`). */
  retryAfter?: number;
  /** With `plan_limit_reached`: the limit, sent as `error.limit`. */
  limit?: LimitDetail;
};

/** The error every server-side use case throws; `route()` turns it into the stable error response. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: Omit<ErrorIssue, 'message'>[];
  readonly retryAfter?: number;
  readonly limit?: LimitDetail;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? errorStatus[code];
    this.issues = options.issues ?? [];
    this.retryAfter = options.retryAfter;
    this.limit = options.limit;
  }
}
