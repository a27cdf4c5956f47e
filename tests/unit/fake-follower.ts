// The background's part in following, for page tests: the real follower (entrypoints/background/
// follower.ts, writing lib/following's storage in WXT's fake browser, driven by the test's timers),
// told of every report a message hands out, as the background's connection work tells it. Its reads
// go to the test's own `reports.get` answer and are recorded apart from the page's messages.
import { afterEach } from 'vitest';
import { apiError } from '@/entrypoints/background/error-messages';
import type { Result } from '@/lib/api/errors';
import type { Report, ReportId } from '@/lib/api/types';
import type { MessageType } from '@/lib/messaging/protocol';
import { GIVE_UP_AFTER_MS, isGenerating } from '@/lib/report-state';
import { createFollower } from '@/entrypoints/background/follower';

const running: AbortController[] = [];
afterEach(() => {
  for (const follower of running.splice(0)) follower.abort();
});

export interface FakeFollower {
  /** The ids the follower read, in order. */
  reads: ReportId[];
  /** What the background does with a message's answer before handing it to the page. */
  afterAnswer(type: MessageType, payload: unknown, answer: Result<unknown>): Promise<void>;
}

/** `reads`: where to record the follower's reads (a new list by default). */
export function startFakeFollower(
  readReport: ((payload: { id: ReportId }) => Result<Report> | Promise<Result<Report>>) | undefined,
  reads: ReportId[] = [],
): FakeFollower {
  // Pages read the active connection's list: none is active in page tests.
  const worker = new AbortController();
  running.push(worker);
  const follower = createFollower(
    '',
    {
      getReport: async (id) => {
        reads.push(id);
        return readReport ? readReport({ id }) : { ok: false, error: apiError('unexpected') };
      },
    },
    worker.signal,
  );
  return {
    reads,
    async afterAnswer(type, payload, answer) {
      const report = !answer.ok
        ? null
        : type === 'popup.pageReport'
          ? (answer.data as { data: Report | null }).data
          : type === 'reports.create' || type === 'reports.update' || type === 'reports.get'
            ? (answer.data as Report)
            : null;
      if (report && isGenerating(report, Date.now())) {
        const regenerate =
          type === 'reports.update' && (payload as { regenerate?: boolean }).regenerate === true;
        await follower.track(report, { restart: regenerate });
      } else if (report) {
        await follower.settle(report);
      } else if (
        !answer.ok &&
        answer.error.kind === 'not_found' &&
        (type === 'reports.get' || type === 'reports.update')
      ) {
        await follower.forget((payload as { id: ReportId }).id, answer.error);
      } else if (answer.ok && type === 'reports.delete') {
        await follower.forget((payload as { id: ReportId }).id);
      }
    },
  };
}

/** What the follower's job leaves in storage.session after it gave up on `report` without a result. */
export const followerGaveUpOn = (report: Report, now = Date.now()) => ({
  ':followedReports': {
    id: 'followed',
    phase: 'ended',
    stopRequested: false,
    notBefore: 0,
    waitingUntil: null,
    error: null,
    items: [
      {
        id: report.id,
        state: 'done',
        follow: 'no_score',
        report,
        since: now - GIVE_UP_AFTER_MS - 1000,
        attempts: 24,
        endedAt: now - 1000,
      },
    ],
  },
});
