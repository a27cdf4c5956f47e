// The error taxonomy (DESIGN.md "Errors the user can act on") and what a person can do about each kind.
// Plain data: it crosses the message boundary and is kept in storage, checked there with its schema.
import * as z from 'zod/mini';

export type ErrorAction = 'open_settings' | 'retry' | 'grant_permission' | null;

const ACTIONS = {
  not_configured: 'open_settings',
  unauthorized: 'open_settings',
  forbidden: null,
  not_found: null,
  invalid_input: null,
  rate_limited: 'retry',
  server: 'retry',
  network: 'retry',
  timeout: 'retry',
  permission: 'grant_permission',
  unexpected: 'retry',
} as const satisfies Record<string, ErrorAction>;

export type ApiErrorKind = keyof typeof ACTIONS;
export const API_ERROR_KINDS = Object.keys(ACTIONS) as [ApiErrorKind, ...ApiErrorKind[]];

export const apiErrorSchema = z.object({
  kind: z.enum(API_ERROR_KINDS),
  message: z.string(),
  status: z.optional(z.number()),
  /** Per-field messages from a 422 (or from checks made before sending). */
  fieldErrors: z.optional(z.record(z.string(), z.array(z.string()))),
  /** A 429's Retry-After. */
  retryAfterSeconds: z.optional(z.number()),
  /** What the schemas rejected, the server's own message: shown small, never instead of `message`. */
  detail: z.optional(z.string()),
  /** false when trying again could repeat a write that may already have happened. */
  retrySafe: z.optional(z.boolean()),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** What the service's throttle said in its last answer (X-RateLimit-Limit / X-RateLimit-Remaining). */
export interface RateLimit {
  limit: number | null;
  remaining: number | null;
}

/** `rateLimit` rides along with a success, so bulk actions can pace themselves. */
export type Result<T> = { ok: true; data: T; rateLimit?: RateLimit } | { ok: false; error: ApiError };

export function errorAction(error: ApiError): ErrorAction {
  const action = ACTIONS[error.kind];
  // A write that may have happened is not offered again: the person checks first (no duplicates).
  return action === 'retry' && error.retrySafe === false ? null : action;
}
