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

export interface ApiError {
  kind: ApiErrorKind;
  /** A sentence a person understands. */
  message: string;
  /** HTTP status, when the server answered. */
  status?: number;
  /** Per-field messages from a 422 (or from checks made before sending). */
  fieldErrors?: Record<string, string[]>;
  /** Seconds to wait before trying again (429 Retry-After). */
  retryAfterSeconds?: number;
  /** Technical detail: what the schemas rejected, the server's own message. Shown small, never instead of `message`. */
  detail?: string;
  /** false when trying again could repeat a write that may already have happened. */
  retrySafe?: boolean;
}

/** An error as kept in storage by the background and read back by pages. */
export const apiErrorSchema: z.ZodMiniType<ApiError> = z.object({
  kind: z.enum(API_ERROR_KINDS),
  message: z.string(),
  status: z.optional(z.number()),
  fieldErrors: z.optional(z.record(z.string(), z.array(z.string()))),
  retryAfterSeconds: z.optional(z.number()),
  detail: z.optional(z.string()),
  retrySafe: z.optional(z.boolean()),
});

/** What the service's throttle said in its last answer (X-RateLimit-Limit / X-RateLimit-Remaining). */
export interface RateLimit {
  limit: number | null;
  remaining: number | null;
}

/** `rateLimit` rides along with a success, so bulk actions can pace themselves. */
export type Result<T> = { ok: true; data: T; rateLimit?: RateLimit } | { ok: false; error: ApiError };
