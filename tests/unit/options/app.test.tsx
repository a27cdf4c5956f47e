import { screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { makePage, makeReport, ok } from './fakes';
import { renderApp, SETTINGS } from './render-app';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the options page', () => {
  it('opens on Reports when there is no hash and a key is set, and writes its full state in place', async () => {
    window.history.replaceState(null, '', window.location.pathname);
    const entries = window.history.length;
    renderApp('', { 'reports.list': () => ok(makePage([makeReport(1)])) });
    expect(await screen.findByRole('table', { name: 'Reports' })).toBeTruthy();
    // A bookmark made now restores this view, and Back does not stop at an address without a hash.
    await waitFor(() => expect(window.location.hash).toBe('#/reports?sort_by=id&sort=desc&per_page=10'));
    expect(window.history.length).toBe(entries);
    expect(screen.getByRole('link', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
  });

  it('writes the full list state of a Projects address in place too', async () => {
    renderApp('#/projects?search=caf', { 'projects.list': () => ok(makePage([])) });
    await screen.findByRole('table', { name: 'Projects' });
    await waitFor(() =>
      expect(window.location.hash).toBe('#/projects?search=caf&sort_by=created_at&sort=desc&per_page=10'),
    );
  });

  it('opens on Settings when there is no hash and no key yet', async () => {
    const { send } = renderApp('', {
      'settings.get': () => ok({ ...SETTINGS, keySet: false, keyLastFour: null }),
    });
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(window.location.hash).toBe('');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    expect(send.mock.calls.some(([type]) => type === 'reports.list')).toBe(false);
  });

  it('opens the section the hash names, whatever the settings', async () => {
    // The settings never come (the header's connection switcher asks for them): the section opens anyway.
    renderApp('#/projects', {
      'projects.list': () => ok(makePage([])),
      'settings.get': () => new Promise(() => {}),
    });
    expect(await screen.findByRole('table', { name: 'Projects' })).toBeTruthy();
  });

  it('keeps each list’s state in the navigation links, so coming back shows the list as it was left', async () => {
    renderApp('#/reports?result=bad&per_page=25', {
      'reports.list': (q) => ok(makePage([makeReport(1)], { perPage: q.perPage })),
      'projects.list': () => ok(makePage([])),
    });
    await screen.findByRole('table', { name: 'Reports' });
    const reports = screen.getByRole('link', { name: 'Reports' });
    expect(reports.getAttribute('href')).toBe('#/reports?result=bad&sort_by=id&sort=desc&per_page=25');
    window.location.hash = screen.getByRole('link', { name: 'Projects' }).getAttribute('href')!;
    expect(await screen.findByRole('table', { name: 'Projects' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Projects' }).getAttribute('aria-current')).toBe('page');
    window.location.hash = reports.getAttribute('href')!;
    await screen.findByRole('table', { name: 'Reports' });
    expect((screen.getByLabelText('Result') as HTMLSelectElement).value).toBe('bad');
  });

  it('shows Reports for an address that names no known section', async () => {
    renderApp('#/nowhere', { 'reports.list': () => ok(makePage([])) });
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeTruthy();
  });

  it('moves the focus to the new section’s heading when the section changes', async () => {
    renderApp('#/reports', { 'reports.list': () => ok(makePage([])) });
    await screen.findByRole('heading', { name: 'Reports' });
    window.location.hash = '#/settings';
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Settings' })),
    );
  });
});
