// Settings in Firefox: the address and key saved, access to the server asked for from the options page
// (Firefox's own prompt, allowed or refused), and "Test connection" through the background against the
// reference API. The server is reached as http://[::1]:PORT, an origin the test build does not declare.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useReferenceApi } from '../e2e/support/fixtures';
import { activePair, CONNECTION_KEY, type StoredConnections } from '../e2e/support/connection';
import { useFirefox } from './support/fixtures';
import { forwardFromIpv6 } from './support/ipv6-forward';
import { byLabel, byRole, click, count, field, fill, waitForText } from './support/page-queries';

const firefox = useFirefox();
const api = useReferenceApi();
let server: Awaited<ReturnType<typeof forwardFromIpv6>>;
beforeAll(async () => {
  server = await forwardFromIpv6(Number(new URL(api().url).port));
});
afterAll(() => server?.close());

/** The optional permission Save asks for. */
const IPV6_ORIGINS = 'http://[::1]/*';
const STATUS = `${byRole('main')} >>> ${byRole('status')}`;

describe('Settings in Firefox', () => {
  it('saves the address and key after Firefox’s permission prompt is accepted, then connects', async () => {
    await firefox().clearStorage('local');
    await firefox().removeOrigins([IPV6_ORIGINS]);
    expect(await firefox().grantedOrigins()).not.toContain(IPV6_ORIGINS);
    const page = await firefox().openExtensionPage('options.html#/settings');
    await fill(page, byLabel('API base URL'), `${server.url}/api/v1/`);
    await fill(page, byLabel('API key'), api().apiKey);
    await click(page, byRole('button', 'Save'));

    // The request is made in the click's handler on the options page: Firefox shows its prompt there.
    const prompt = await firefox().answerPermissionPrompt('allow');
    expect(prompt).toMatch(/^Page Reports .*\[::1\]/);
    await waitForText(page, STATUS, 'Settings saved.');
    // The first connection: the page starts again on it, and still says how the save went.
    await page.waitForFunction(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type === 'reload',
    );
    await waitForText(page, STATUS, 'Settings saved.');
    expect(await firefox().grantedOrigins()).toContain(IPV6_ORIGINS);
    const stored = await firefox().getStorage<{
      [CONNECTION_KEY]?: StoredConnections;
      connectionKeys?: Record<string, string>;
    }>('local', [CONNECTION_KEY, 'connectionKeys']);
    expect(activePair(stored[CONNECTION_KEY], stored.connectionKeys)).toEqual({
      baseUrl: server.url,
      apiKey: api().apiKey,
    });

    // The key is never shown again: the page only names its last four characters.
    expect(
      await (await field(page, byLabel('API key'))).evaluate((input) => (input as HTMLInputElement).value),
    ).toBe('');
    await waitForText(page, 'body', `ending in ${api().apiKey.slice(-4)}`);

    api().controls.reset();
    await click(page, byRole('button', 'Test connection'));
    const total = api().store.reports().length;
    await waitForText(page, STATUS, new RegExp(`^Connected as .+ — ${total} reports`));
    const account = api().requests.find((request) => request.path === '/api/v1/account');
    expect(account?.headers.authorization).toBe(`Bearer ${api().apiKey}`);
    expect(account?.headers.host).toBe(server.url.replace('http://', ''));
  });

  it('saves but says so when access is refused in Firefox’s prompt', async () => {
    await firefox().clearStorage('local');
    await firefox().removeOrigins([IPV6_ORIGINS]);
    const page = await firefox().openExtensionPage('options.html#/settings');
    await fill(page, byLabel('API base URL'), server.url);
    await fill(page, byLabel('API key'), api().apiKey);
    await click(page, byRole('button', 'Save'));

    await firefox().answerPermissionPrompt('deny');
    await waitForText(page, STATUS, `Settings saved, but access to ${server.url} was not granted.`);
    expect(await firefox().grantedOrigins()).not.toContain(IPV6_ORIGINS);
    const stored = await firefox().getStorage<{
      [CONNECTION_KEY]?: StoredConnections;
      connectionKeys?: Record<string, string>;
    }>('local', [CONNECTION_KEY, 'connectionKeys']);
    expect(activePair(stored[CONNECTION_KEY], stored.connectionKeys)).toEqual({
      baseUrl: server.url,
      apiKey: api().apiKey,
    });
  });

  it('says the key was rejected when it is wrong', async () => {
    const page = await firefox().openExtensionPage('options.html#/settings');
    await fill(page, byLabel('API base URL'), api().url);
    await fill(page, byLabel('API key'), 'not-the-right-key');
    await click(page, byRole('button', 'Test connection'));
    await waitForText(page, STATUS, 'The service rejected this key (401), so it was not saved.');
    expect(await count(page, byRole('button', 'Save'))).toBe(1);
  });
});
