// The error taxonomy (DESIGN.md "Errors the user can act on"). Plain data: it crosses the message boundary
// and is kept in storage (a follower's or a site read's last failure), checked there with its schema.
import * as z from 'zod/mini';

export const API_ERROR_KINDS = [
  'not_configured',
  'unauthorized',
  'forbidden',
  'not_found',
  'invalid_input',
  'rate_limited',
  'server',
  'network',
  'timeout',
  'permission',
  'unexpected',
] as const;
export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

/** An error as the background sends it and keeps it in storage. */
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
