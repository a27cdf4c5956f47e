// Following a report while it generates (the background's follower, entrypoints/background/follower.ts)
// ends at once on a failure that waiting cannot fix: the key refused, the account not allowed, no setup,
// no permission.
// Every other report would get the same answer, so all following stops, not only this report's.
import type { ApiError, ApiErrorKind } from '@/lib/api/errors';

const STOPS: readonly ApiErrorKind[] = ['unauthorized', 'forbidden', 'not_configured', 'permission'];

export function stopsFollowing(error: ApiError): boolean {
  return STOPS.includes(error.kind);
}
