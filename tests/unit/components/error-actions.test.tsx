// One rule for what a person can do about an error (lib/api/errors.ts, its own table in
// tests/unit/lib/api/errors.test.ts), the same on every surface: the options page's ErrorBanner,
// the popup's PopupError, the export's failure box, the bulk change's summary and the summary of
// "Delete selected" offer exactly what errorAction names, for every error kind.
import { signal } from '@preact/signals';
import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBanner } from '@/components/ErrorBanner';
import { BulkJobStatus, type BulkJobControls } from '@/entrypoints/options/reports/BulkJobStatus';
import { ExportPanel } from '@/entrypoints/options/reports/ExportReports';
import type { ExportModel, ExportState } from '@/entrypoints/options/reports/export/export-model';
import { PopupError } from '@/entrypoints/popup/PopupError';
import type { ApiError, ApiErrorKind } from '@/lib/api/errors';
import type { BulkJob } from '@/lib/bulk-job';

afterEach(cleanup);

// Every kind, by name: a new kind fails to compile until it has a row here.
const EXPECTED: Record<ApiErrorKind, string[]> = {
  not_configured: ['Open settings'],
  unauthorized: ['Open settings'],
  forbidden: [],
  not_found: [],
  invalid_input: [],
  rate_limited: ['Retry'],
  server: ['Retry'],
  network: ['Retry'],
  timeout: ['Retry'],
  // Settings asks for the permission.
  permission: ['Open settings'],
  unexpected: ['Retry'],
};

const KINDS = Object.keys(EXPECTED) as ApiErrorKind[];

const errorOf = (kind: ApiErrorKind, extra: Partial<ApiError> = {}): ApiError => ({
  kind,
  message: `Something went wrong (${kind}).`,
  ...extra,
});

const noop = () => {};
const ACTIONS = ['Retry', 'Open settings'];

/** The action buttons a surface shows; every other button there must be one the surface always has. */
function offered(box: HTMLElement, always: string[] = []): string[] {
  const names = ACTIONS.filter((name) => within(box).queryByRole('button', { name }) !== null);
  expect(within(box).queryAllByRole('button')).toHaveLength(names.length + always.length);
  for (const name of always) expect(within(box).getByRole('button', { name })).toBeTruthy();
  return names;
}

function exportFailedWith(error: ApiError): HTMLElement {
  const state = signal<ExportState | null>({ phase: 'failed', page: 3, lastPage: 7, error });
  const model = { state, running: signal(false), start: noop, stop: noop, retry: noop, dismiss: noop };
  render(<ExportPanel model={model as unknown as ExportModel} />);
  // The failure is said in full, whatever helps with it.
  const alert = screen.getByRole('alert');
  expect(alert.textContent).toContain(error.message);
  return alert.closest<HTMLElement>('.job-status')!;
}

function bulkEndedWith(error: ApiError): HTMLElement {
  const job: BulkJob = {
    id: 'job-1',
    action: { kind: 'privacy', privacy: 1 },
    phase: 'ended',
    stopRequested: false,
    items: [
      { id: 1, label: 'site.example/a', state: 'done' },
      { id: 2, label: 'site.example/b', state: 'failed', error },
    ],
    notBefore: 0,
    waitingUntil: null,
    error: null,
  };
  const model = { retryFailed: noop, dismiss: noop } as unknown as BulkJobControls;
  render(<BulkJobStatus job={job} model={model} />);
  const summary = screen.getByRole('status');
  // Every failure is listed with its reason, retried or not.
  expect(within(summary).getByText(`site.example/b: ${error.message}`)).toBeTruthy();
  return summary.closest<HTMLElement>('.job-status')!;
}

/** Each surface, as the buttons it offers for one error (Open settings where the surface has it). */
const SURFACES: Record<string, (error: ApiError) => string[]> = {
  ErrorBanner(error) {
    render(<ErrorBanner error={error} context="Could not do it" onRetry={noop} onOpenSettings={noop} />);
    return offered(screen.getByRole('alert'));
  },
  PopupError(error) {
    render(<PopupError error={error} context="Could not do it" onRetry={noop} onOpenSettings={noop} />);
    return offered(screen.getByRole('alert'));
  },
  ExportPanel: (error) => offered(exportFailedWith(error), ['Cancel export']),
  // One failed item: "Retry failed" sends failures again, nothing there opens Settings.
  BulkJobStatus: (error) =>
    within(bulkEndedWith(error)).queryByRole('button', { name: 'Retry failed' }) ? ['Retry'] : [],
};

/** What a surface without Open settings offers: only the Retry. */
const expectedOn = (surface: string, kind: ApiErrorKind): string[] =>
  surface === 'BulkJobStatus' ? EXPECTED[kind].filter((name) => name === 'Retry') : EXPECTED[kind];

describe.each(Object.keys(SURFACES))('%s offers what errorAction says', (surface) => {
  it.each(KINDS)('%s', (kind) => {
    expect(SURFACES[surface]!(errorOf(kind))).toEqual(expectedOn(surface, kind));
  });

  it.each(KINDS)('%s, when trying again could repeat a write', (kind) => {
    const buttons = expectedOn(surface, kind).filter((name) => name !== 'Retry');
    expect(SURFACES[surface]!(errorOf(kind, { retrySafe: false }))).toEqual(buttons);
  });
});
