// The whole options page in German: every section, dialog, filter, header and notice is found by its
// German name, and no English sentence of the page is left on screen.
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { BulkJob } from '@/lib/bulk-job';
import { deleteSummary } from '@/entrypoints/options/reports/BulkJobStatus';
import { issueCountsText } from '@/entrypoints/options/reports/check-summary';
import { connectedText } from '@/entrypoints/options/settings/settings-model';
import { readLocale, useTestLanguage } from '../fake-i18n';
import { makePage, makeProject, makeReport, ok } from './fakes';
import { renderApp, SETTINGS } from './render-app';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

const english = readLocale('en');

/** English messages of the options page (its key prefixes) whose fixed words would show if left untranslated. */
function englishSentencesOnScreen(): string[] {
  const text = document.body.textContent ?? '';
  return (
    Object.entries(english)
      .filter(([key]) => /^(options|reports|projects|settings)/.test(key))
      .flatMap(([, entry]) => entry.message.split(/\$[A-Z_]+\$/))
      .map((part) => part.trim())
      // Words of at least two letters and a space: a lone "URL" or "·" says nothing about the language.
      .filter((part) => /[A-Za-z]{2,} [A-Za-z]{2,}/.test(part))
      .filter((part) => text.includes(part))
  );
}

beforeEach(() => {
  fakeBrowser.reset();
  useTestLanguage('de');
});

describe('the options page in German', () => {
  it('names the sections, filters, columns and pages in German', async () => {
    renderApp('#/reports', {
      'reports.list': () =>
        ok(makePage([makeReport(1), makeReport(2, { generatedAt: null })], { total: 12 })),
      'projects.list': () => ok(makePage([makeProject('Kunde A')])),
    });
    const table = await screen.findByRole('table', { name: 'Berichte' });
    expect(screen.getByRole('navigation', { name: 'Bereiche' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Einstellungen' })).toBeTruthy();
    expect(screen.getByRole('search', { name: 'Berichte filtern' })).toBeTruthy();
    for (const label of ['Nach Adresse suchen', 'Ergebnis', 'Projekt', 'Pro Seite']) {
      expect(screen.getByLabelText(label), label).toBeTruthy();
    }
    for (const header of ['Adresse', 'Ergebnis', 'Erstellt', 'Erzeugt']) {
      expect(within(table).getByRole('button', { name: new RegExp(`^${header}`) }), header).toBeTruthy();
    }
    expect(within(table).getByRole('columnheader', { name: 'Sichtbarkeit' })).toBeTruthy();
    expect(within(table).getByRole('checkbox', { name: 'Alle auf dieser Seite auswählen' })).toBeTruthy();
    expect(within(table).getByText('Noch nicht erzeugt')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Alle Ergebnisse' })).toBeTruthy();
    expect(screen.getByText('Keiner ausgewählt')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: /Berichte/ })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Berichte — Page Reports (Optionen)'));
    expect(englishSentencesOnScreen()).toEqual([]);
  });

  it('asks in German before deleting a report', async () => {
    renderApp('#/reports', {
      'reports.list': () => ok(makePage([makeReport(1, { url: 'https://weg.example/a' })])),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Löschen (Bericht für https://weg.example/a)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Bericht löschen?' });
    expect(dialog.textContent).toContain('wird beim Dienst gelöscht');
    expect(within(dialog).getByRole('button', { name: 'Löschen' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(englishSentencesOnScreen()).toEqual([]);
  });

  it('says in German that nothing matches the filters', async () => {
    renderApp('#/reports?result=bad', { 'reports.list': () => ok(makePage([])) });
    expect(
      await screen.findByText(
        'Keine Berichte entsprechen diesen Filtern. Setzen Sie die Filter zurück, um alle Berichte zu sehen.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filter zurücksetzen' })).toBeTruthy();
  });

  it('shows Projects in German, with the typed-name dialog', async () => {
    renderApp('#/projects', {
      'projects.list': () => ok(makePage([makeProject('Kunde A', { averageScore: 82 })])),
    });
    const table = await screen.findByRole('table', { name: 'Projekte' });
    expect(within(table).getByRole('button', { name: /^Projektname/ })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Durchschnittliche Bewertung' })).toBeTruthy();
    expect(screen.getByLabelText('Projekte suchen')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Löschen (Projekt Kunde A)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Projekt löschen?' });
    expect(
      within(dialog).getByLabelText('Geben Sie zur Bestätigung den Namen des Projekts ein'),
    ).toBeTruthy();
    expect(englishSentencesOnScreen()).toEqual([]);
  });

  it('shows Settings in German', async () => {
    renderApp('#/settings', {});
    expect(await screen.findByRole('heading', { name: 'Einstellungen' })).toBeTruthy();
    expect(screen.getByLabelText('API-Basis-URL')).toBeTruthy();
    expect(screen.getByLabelText('API-Schlüssel')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verbindung testen' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Was diesen Browser verlässt' })).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByText(`Ein Schlüssel mit der Endung ${SETTINGS.keyLastFour} ist gespeichert.`, {
          exact: false,
        }),
      ).toBeTruthy(),
    );
    expect(englishSentencesOnScreen()).toEqual([]);
  });

  it('builds its sentences in German', () => {
    expect(issueCountsText({ high: 3, medium: 0, low: 1, passed: 1 })).toBe(
      '4 Probleme (Wichtigkeit: 3 hoch, 1 niedrig) · 1 Test bestanden',
    );
    expect(
      connectedText({ total: 1, count: 1, account: { name: 'Ada', plan: 'Pro' } } as Parameters<
        typeof connectedText
      >[0]),
    ).toBe('Verbunden als Ada (Pro) – 1 Bericht');
    const items = (['done', 'done', 'skipped'] as const).map((state, id) => ({ id, label: '', state }));
    const job = { id: '', action: { kind: 'delete' }, phase: 'ended', items } as unknown as BulkJob;
    expect(deleteSummary(job)).toBe(
      '2 Berichte gelöscht. 1 Bericht wurde nicht gelöscht, weil Sie auf „Anhalten“ geklickt haben.',
    );
  });
});
