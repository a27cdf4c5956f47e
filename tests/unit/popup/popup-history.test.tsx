// The report card's change since the previous analysis, read from the history the background keeps in
// storage.local (seeded here as the background leaves it, connection 'a' active).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { checkName } from '@/lib/api/report-checks';
import { bandOfScore } from '@/lib/api/score';
import type { Report } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import type { Snapshot } from '@/lib/history';
import { ACTIVE_CONNECTION_KEY } from '@/lib/storage-keys';
import { useTestLanguage } from '../fake-i18n';
import { makeReport, ok } from './fixtures';
import { openPopup } from './render-popup';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

afterEach(() => {
  vi.useRealTimers();
});

const EARLIER = '2026-11-03T09:00:00Z';
const LATER = '2026-11-20T09:00:00Z';
const active = { [ACTIVE_CONNECTION_KEY]: 'a' };

/** A kept analysis whose failed tests are `failed` (phpRank test keys), named as the background names them. */
function analysis(generatedAt: string, score: number, failed: string[], takenAt = Date.parse(generatedAt)) {
  return {
    generatedAt,
    takenAt,
    score,
    band: bandOfScore(score),
    counts: { high: failed.length, medium: 0, low: 0, passed: 33 - failed.length },
    failed: failed.map((key) => ({
      key,
      name: checkName(key),
      importance: 'high',
      category: 'seo',
      value: null,
    })),
  } satisfies Snapshot;
}

const reportAt = (generatedAt: string, score: number, overrides: Partial<Report> = {}) =>
  makeReport({ id: 3, score, result: bandOfScore(score), generatedAt, updatedAt: generatedAt, ...overrides });

/** Opens the popup on this page's report 3 with its history as the background kept it. */
function openWithHistory(report: Report, history: Snapshot[]) {
  const opened = openPopup(
    { 'popup.pageReport': () => ok({ data: report, fetchedAt: Date.now() }) },
    undefined,
    active,
  );
  void fakeBrowser.storage.local.set({ 'a:history:3': history });
  return opened;
}

const card = () => screen.findByRole('article', { name: 'Report for this page' });
const changeOf = async () =>
  within(await card()).findByRole('group', { name: 'Change since the previous analysis' });

describe('popup: the change since the previous analysis', () => {
  it('says the score went up, since when, and how many tests were fixed and are new, with the score’s line', async () => {
    openWithHistory(reportAt(LATER, 81), [
      analysis(EARLIER, 72, ['title', 'meta_description', 'inline_css']),
      analysis(LATER, 81, ['inline_css', 'deprecated_html_tags']),
    ]);
    const change = await changeOf();
    expect(change.textContent).toContain(`81, ▲ up 9 from 72 on ${formatDate(EARLIER)} · 2 fixed · 1 new`);
    // The arrow repeats the words for the eye; a screen reader hears the words once.
    expect(within(change).getByText('▲').getAttribute('aria-hidden')).toBe('true');
    expect(within(change).getByRole('img', { name: 'Score over 2 analyses: 72 → 81' })).toBeTruthy();
    expect(within(change).getByRole('button', { name: '2 fixed' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(within(change).getByRole('button', { name: '1 new' })).toBeTruthy();
    // First on the card: before its facts.
    const first = (await card()).querySelector('h2 + *');
    expect(first).toBe(change);
  });

  it('says the score went down, by how much and from which score: both ends', async () => {
    openWithHistory(reportAt(LATER, 30), [
      analysis(EARLIER, 72, ['title']),
      analysis(LATER, 30, ['title', 'inline_css']),
    ]);
    const change = await changeOf();
    expect(change.textContent).toContain(`30, ▼ down 42 from 72 on ${formatDate(EARLIER)}`);
    expect(within(change).getByText('▼').className).toBe('change-delta change-delta--down');
    expect(within(change).queryByRole('button', { name: /fixed/ })).toBeNull();
    expect(within(change).getByRole('button', { name: '1 new' })).toBeTruthy();
  });

  it('compares the newest analysis with the one just before it, not with the first', async () => {
    const FIRST = new Date(Date.parse(EARLIER) - 30 * 86_400_000).toISOString();
    openWithHistory(reportAt(LATER, 81), [
      analysis(FIRST, 40, ['title']),
      analysis(EARLIER, 72, ['title', 'meta_description', 'inline_css', 'favicon']),
      analysis(LATER, 81, ['title', 'deprecated_html_tags']),
    ]);
    const change = await changeOf();
    expect(change.textContent).toContain(`81, ▲ up 9 from 72 on ${formatDate(EARLIER)} · 3 fixed · 1 new`);
    expect(within(change).getByRole('img', { name: 'Score over 3 analyses: 40 → 81' })).toBeTruthy();
  });

  it('"fixed" and "new" open the names of the tests they count', async () => {
    openWithHistory(reportAt(LATER, 81), [
      analysis(EARLIER, 72, ['title', 'meta_description', 'inline_css']),
      analysis(LATER, 81, ['inline_css', 'deprecated_html_tags']),
    ]);
    const change = await changeOf();
    const fixed = within(change).getByRole('button', { name: '2 fixed' });
    fireEvent.click(fixed);
    expect(fixed.getAttribute('aria-expanded')).toBe('true');
    const fixedList = within(change).getByRole('list', { name: 'Fixed since the previous analysis' });
    expect(
      within(fixedList)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Title has a problem', 'Meta description has a problem']);

    fireEvent.click(within(change).getByRole('button', { name: '1 new' }));
    expect(within(change).queryByRole('list', { name: 'Fixed since the previous analysis' })).toBeNull();
    const newList = within(change).getByRole('list', { name: 'New failures since the previous analysis' });
    expect(
      within(newList)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['HTML tags have a problem']);
    fireEvent.click(within(change).getByRole('button', { name: '1 new' }));
    expect(within(change).queryByRole('list')).toBeNull();
  });

  it('shows nothing with one analysis, and the change once the background keeps the one shown', async () => {
    const earlier = analysis(EARLIER, 72, ['title']);
    openWithHistory(reportAt(LATER, 81), [earlier]);
    const reads = vi.spyOn(browser.storage.local, 'get');
    const shown = await card();
    await waitFor(() => expect(reads).toHaveBeenCalledWith('a:history:3'));
    await act(async () => void (await reads.mock.results.at(-1)!.value));
    expect(within(shown).queryByRole('group', { name: 'Change since the previous analysis' })).toBeNull();
    expect(within(shown).queryByRole('img')).toBeNull();

    await fakeBrowser.storage.local.set({ 'a:history:3': [earlier, analysis(LATER, 81, [])] });
    const change = await changeOf();
    expect(within(change).getByRole('button', { name: '1 fixed' })).toBeTruthy();
  });
});

describe('popup: right after Regenerate', () => {
  it('announces the change once the new result is in and shows it first on the card', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The fake follower keeps no connection's space (render-popup.tsx): neither does this history.
    const key = ':history:3';
    const before = analysis(EARLIER, 72, ['title', 'inline_css']);
    openPopup({
      'popup.pageReport': () => ok({ data: reportAt(EARLIER, 72), fetchedAt: Date.now() }),
      'reports.update': () => ok(makeReport({ id: 3, result: null })),
      // The background keeps the new analysis before its follower hands the report out.
      'reports.get': async () => {
        await fakeBrowser.storage.local.set({
          [key]: [before, analysis(LATER, 81, ['inline_css'], Date.now())],
        });
        return ok(reportAt(LATER, 81));
      },
    });
    void fakeBrowser.storage.local.set({ [key]: [before] });
    fireEvent.click(within(await card()).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('Generating…')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(1000);

    const said = await screen.findByText(`New result: 81, up 9 from 72 on ${formatDate(EARLIER)} · 1 fixed`);
    expect(said.getAttribute('role')).toBe('status');
    const change = await changeOf();
    expect((await card()).querySelector('h2 + *')).toBe(change);
  });

  it('says nothing on opening for an analysis kept before the popup opened', async () => {
    openWithHistory(reportAt(LATER, 81), [analysis(EARLIER, 72, ['title']), analysis(LATER, 81, [])]);
    await changeOf();
    expect(screen.queryByText(/^New result:/)).toBeNull();
  });
});

describe('popup: the change in German', () => {
  it('says it in German', async () => {
    useTestLanguage('de');
    openWithHistory(reportAt(LATER, 68), [
      analysis(EARLIER, 72, ['title']),
      analysis(LATER, 68, ['inline_css']),
    ]);
    const change = await within(
      await screen.findByRole('article', { name: 'Bericht zu dieser Seite' }),
    ).findByRole('group', { name: 'Änderung seit der vorigen Analyse' });
    expect(change.textContent).toContain(`68, ▼ um 4 gesunken, von 72 am ${formatDate(EARLIER)}`);
    expect(within(change).getByRole('img', { name: 'Bewertung über 2 Analysen: 72 → 68' })).toBeTruthy();
    fireEvent.click(within(change).getByRole('button', { name: '1 behoben' }));
    expect(within(change).getByRole('list', { name: 'Behoben seit der vorigen Analyse' }).textContent).toBe(
      'Problem mit dem Titel',
    );
    expect(within(change).getByRole('button', { name: '1 neu' })).toBeTruthy();
  });
});
