import { describe, expect, it } from 'vitest';
import { notificationId, reportOfNotification } from '@/entrypoints/background/integration/quick-create';

describe('notification ids', () => {
  it('carry the report a click opens, whatever its id', () => {
    for (const id of [12, '12', 'a:b/c d', 'ä']) {
      expect(reportOfNotification(notificationId(id, 3))).toBe(String(id));
    }
  });

  it('name no report for a failure, a foreign id or a malformed one', () => {
    expect(reportOfNotification(notificationId(null, 3))).toBeNull();
    for (const id of [
      'other:report:12:1',
      'page-reports:report::1',
      'page-reports:report:%E0:1',
      'page-reports:report:12',
    ]) {
      expect(reportOfNotification(id)).toBeNull();
    }
  });
});
