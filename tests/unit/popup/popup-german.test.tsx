// The popup in German: every word it writes itself comes from public/_locales/de, found here by the
// names a German screen reader would announce.
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '@/entrypoints/background/error-messages';
import { useTestLanguage } from '../fake-i18n';
import { checksOf, failed, makeReport, ok } from './fixtures';
import { openPopup } from './render-popup';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

const report = makeReport({
  score: 86.4,
  checks: checksOf({
    counts: { high: 1, medium: 0, low: 0, passed: 30 },
    failures: [{ key: 'favicon', name: 'No favicon', category: 'seo', importance: 'high', detail: null }],
  }),
});

describe('popup in German', () => {
  it('names this page’s report, its facts, the form and the recent list in German', async () => {
    useTestLanguage('de');
    openPopup({
      'popup.pageReport': () => ok({ data: report, fetchedAt: Date.now() }),
      'popup.recentReports': () => ok({ data: [report], fetchedAt: Date.now() }),
    });
    const card = await screen.findByRole('article', { name: 'Bericht zu dieser Seite' });
    expect(within(card).getByRole('button', { name: 'Neu erzeugen' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Details' })).toBeTruthy();
    expect(within(card).getByText('Gut · 86')).toBeTruthy();
    expect(within(card).getByText('Öffentlich')).toBeTruthy();
    expect(within(card).getByText('Probleme: 1 hoch · 0 mittel · 0 niedrig · 30 bestanden')).toBeTruthy();
    expect(within(card).getByRole('list', { name: 'Wichtigste Probleme' }).textContent).toContain('hoch');
    expect(within(card).getByRole('link', { name: 'Beim Dienst öffnen' })).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Weiteren Bericht erstellen' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Sichtbarkeit' }), {
      target: { value: '2' },
    });
    expect(within(form).getByLabelText('Passwort')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Passwort anzeigen' }).textContent).toBe('Anzeigen');
    expect(within(form).getByRole('button', { name: 'Bericht erstellen' })).toBeTruthy();

    expect(screen.getByRole('list', { name: 'Neueste Berichte' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Nur diese Website' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Alle Berichte' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Diese Seite' })).toBeTruthy();
  });

  it('says in German what failed, and offers to try again', async () => {
    useTestLanguage('de');
    openPopup({
      'popup.pageReport': () => failed(apiError('network')),
      'popup.recentReports': () => ok({ data: [], fetchedAt: Date.now() }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Bericht zu dieser Seite konnte nicht abgerufen werden: /);
    expect(within(alert).getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    expect(await screen.findByText('Noch keine Berichte.')).toBeTruthy();
  });

  it('asks for a password in German', async () => {
    useTestLanguage('de');
    openPopup();
    const form = await screen.findByRole('form', { name: 'Bericht erstellen' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Sichtbarkeit' }), {
      target: { value: '2' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Bericht erstellen' }));
    expect(await screen.findByText('Geben Sie ein Passwort für die Berichtsseite ein.')).toBeTruthy();
    expect(screen.getByText('Noch keine Berichte.')).toBeTruthy();
  });
});
