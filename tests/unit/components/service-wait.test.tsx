import { render, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ServiceWait } from '@/components/ServiceWait';
import { waitEnd } from '@/lib/service-wait';
import { spaceKey } from '@/lib/connection-space';
import { ACTIVE_CONNECTION_KEY, SERVICE_WAIT_KEY } from '@/lib/storage-keys';

const SLOW_DOWN = /^The service asked to slow down: trying again at /;

describe('ServiceWait', () => {
  beforeEach(() => fakeBrowser.reset());

  // Its appearing and going while a page is open is proved end to end (tests/e2e/faults-options.test.ts).
  it('shows a wait of the active connection already running when it opens, in a live region', async () => {
    await fakeBrowser.storage.session.set({
      [ACTIVE_CONNECTION_KEY]: 'a',
      [spaceKey('a', SERVICE_WAIT_KEY)]: { until: Date.now() + 60_000 },
    });
    render(<ServiceWait />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(SLOW_DOWN));
  });

  it('reads only a well-formed wait', () => {
    expect(waitEnd({ until: 5 })).toBe(5);
    expect(waitEnd({ until: 'soon' })).toBe(0);
    expect(waitEnd(null)).toBe(0);
    expect(waitEnd({ until: Infinity })).toBe(0);
  });
});
