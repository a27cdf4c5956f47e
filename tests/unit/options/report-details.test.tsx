import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Report } from '@/lib/api/types';
import { createReportDetailsModel } from '@/entrypoints/options/reports/report-details-model';
import { callsOf, fail, fakeSend, makePage, makeReport, ok } from './fakes';
import { renderApp } from './render-app';

beforeEach(() => {
  fakeBrowser.reset();
});

const detailed = makeReport(7, {
  url: 'https://seven.example/page',
  privacy: 1,
  fields: {
    id: 7,
    url: 'https://seven.example/page',
    privacy: 1,
    result: 'good',
    password: false,
    results: { score: 91, checks: { https: { passed: true } } },
    screenshot_url: 'javascript:alert(1)',
    owner_note: '<img src=x onerror=alert(1)>',
    views: 12,
    archived: null,
  },
});

function panel() {
  return screen.findByRole('region', { name: 'Report details' });
}

function openDetails(handlers: Parameters<typeof renderApp>[1] = {}) {
  return renderApp('#/reports?details=7', {
    'reports.list': () => ok(makePage([detailed])),
    'reports.get': () => ok(detailed),
    ...handlers,
  });
}

describe('the details panel', () => {
  it('opens from the popup’s link and shows every field the server returned, as text', async () => {
    const { send } = openDetails();
    const details = await panel();
    await within(details).findByText('All fields');
    expect(callsOf(send, 'reports.get')).toEqual([{ id: '7' }]);
    const names = [...details.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(names).toEqual([
      'id',
      'url',
      'privacy',
      'result',
      'password',
      'results',
      'screenshot_url',
      'owner_note',
      'views',
      'archived',
    ]);
    // An object is formatted JSON inside <pre>; markup stays text; only http(s) is a link.
    expect(details.querySelector('pre')!.textContent).toBe(
      JSON.stringify({ score: 91, checks: { https: { passed: true } } }, null, 2),
    );
    expect(within(details).getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(details.querySelector('img')).toBeNull();
    expect(within(details).queryByRole('link', { name: 'javascript:alert(1)' })).toBeNull();
    const link = within(details).getAllByRole('link', { name: 'https://seven.example/page' })[0]!;
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(details).getByText('1 (Private)')).toBeTruthy();
  });

  it('opens from a row’s Details button and gives the focus back on close', async () => {
    renderApp('#/reports', {
      'reports.list': () => ok(makePage([detailed])),
      'reports.get': () => ok(detailed),
    });
    const button = await screen.findByRole('button', { name: 'Details' });
    button.focus();
    fireEvent.click(button);
    const details = await panel();
    expect(window.location.hash).toContain('details=7');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(details).getByRole('heading', { name: 'Report details' })),
    );
    fireEvent.keyDown(within(details).getByRole('button', { name: 'Close details' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Report details' })).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(window.location.hash).not.toContain('details');
  });

  it('asks for a password before saving privacy Password, then sends it once and clears the field', async () => {
    const saved: Report = {
      ...detailed,
      privacy: 2,
      hasPassword: true,
      fields: { ...detailed.fields, privacy: 2, password: true },
    };
    const { send } = openDetails({ 'reports.update': () => ok(saved) });
    const details = await panel();
    fireEvent.change(await within(details).findByLabelText('Privacy'), { target: { value: '2' } });
    fireEvent.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await within(details).findByText(/Enter a password/)).toBeTruthy();
    expect(callsOf(send, 'reports.update')).toEqual([]);

    const password = within(details).getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.input(password, { target: { value: 's3cret pass' } });
    fireEvent.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await within(details).findByText('Changes saved.')).toBeTruthy();
    expect(callsOf(send, 'reports.update')).toEqual([{ id: 7, privacy: 2, password: 's3cret pass' }]);
    expect((within(details).getByLabelText('Password') as HTMLInputElement).value).toBe('');
    // The new data shows, in the panel and in the table.
    expect(within(details).getByText('Set')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Reports' })).getByText('Password')).toBeTruthy();
  });

  it('shows the server’s field message and leaves the table as it was when a save fails', async () => {
    openDetails({
      'reports.update': () =>
        fail('invalid_input', { fieldErrors: { password: ['The password must be at least 8 characters.'] } }),
    });
    const details = await panel();
    fireEvent.change(await within(details).findByLabelText('Privacy'), { target: { value: '2' } });
    fireEvent.input(within(details).getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await within(details).findByText('The password must be at least 8 characters.')).toBeTruthy();
    expect(within(details).getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(within(details).getByRole('alert').textContent).toContain('Could not save changes');
    expect(within(screen.getByRole('table', { name: 'Reports' })).getByText('Private')).toBeTruthy();
  });

  it('regenerates the results (results=1) and shows the new data', async () => {
    const regenerated = { ...detailed, result: null, generatedAt: null };
    const { send } = openDetails({ 'reports.update': () => ok(regenerated) });
    const details = await panel();
    fireEvent.click(await within(details).findByRole('button', { name: 'Regenerate results' }));
    expect(await within(details).findByText('Regenerating the results…')).toBeTruthy();
    expect(callsOf(send, 'reports.update')).toEqual([{ id: 7, regenerate: true }]);
    expect(within(details).getAllByText('Generating…').length).toBeGreaterThan(0);
  });

  it('says where loading the report failed, with a retry', async () => {
    let attempt = 0;
    openDetails({ 'reports.get': () => (++attempt === 1 ? fail('timeout') : ok(detailed)) });
    const details = await panel();
    const alert = await within(details).findByRole('alert');
    expect(alert.textContent).toContain('Could not load report 7');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(details).findByText('All fields')).toBeTruthy();
  });
});

describe('the details model', () => {
  it('reads a report again, less and less often, until its result is ready', async () => {
    vi.useFakeTimers();
    const pending = makeReport(3, { result: null });
    const answers = [pending, pending, makeReport(3, { result: 'decent' })];
    const send = fakeSend({ 'reports.get': () => ok(answers.shift() ?? pending) });
    const changed = vi.fn();
    const model = createReportDetailsModel(send, { onReportChanged: changed, pendingDelaysMs: [100, 200] });
    model.show('3');
    await vi.advanceTimersByTimeAsync(0);
    expect(callsOf(send, 'reports.get')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(callsOf(send, 'reports.get')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(callsOf(send, 'reports.get')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(callsOf(send, 'reports.get')).toHaveLength(3);
    expect(model.report.value?.result).toBe('decent');
    expect(changed).toHaveBeenLastCalledWith(expect.objectContaining({ result: 'decent' }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(callsOf(send, 'reports.get')).toHaveLength(3);
    model.dispose();
    vi.useRealTimers();
  });

  it('stops reading when the panel closes', async () => {
    vi.useFakeTimers();
    const send = fakeSend({ 'reports.get': () => ok(makeReport(3, { result: null })) });
    const model = createReportDetailsModel(send, { pendingDelaysMs: [100] });
    model.show('3');
    await vi.advanceTimersByTimeAsync(0);
    model.show(null);
    await vi.advanceTimersByTimeAsync(1000);
    expect(callsOf(send, 'reports.get')).toHaveLength(1);
    vi.useRealTimers();
  });
});
