// The real action popup in a German browser: found by its German names, photographed in its
// fullest states, and checked for overflow in Chrome's 600 px high popup: German words are longer than
// English ones, and a popup that scrolls sideways or past 600 px hides what it says.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { NETWORK_ERRORS } from './faults-helpers';
import { screenshotsDir, untranslatedTexts, useExtension, useReferenceApi, useTestServer } from './harness';
import { checkBothSchemes, configure, creations, openWebPage } from './popup-helpers';

const extension = useExtension({ language: 'de' });
// phpRank (the default dialect): scores and failed tests, so the card shows its issues.
const api = useReferenceApi({ seed: true, analysisDelayMs: 300 });
const web = useTestServer();

/**
 * The action popup over `url`, with Intl in German. `--lang=de` gives it the German messages, but the
 * harness's `locale` (navigator.language, Intl's default) reaches only pages of Playwright's own
 * connection, not the popup it opens over a second one: there Intl would say "Nov 24, 2026". The popup
 * gets the locale a German browser gives every page, then loads again, so its first render is German.
 */
async function openGermanPopup(url: string): Promise<Page> {
  const popup = await extension().openActionPopup(await openWebPage(extension(), url));
  const cdp = await popup.context().newCDPSession(popup);
  await cdp.send('Emulation.setLocaleOverride', { locale: 'de-DE' });
  await popup.reload();
  expect(await popup.evaluate(() => Intl.DateTimeFormat().resolvedOptions().locale)).toBe('de-DE');
  return popup;
}

/**
 * The popup's body as a German user sees it, in test-results/screenshots/NAME.png: its own 380 px,
 * without the window's margin (Chrome may have sized the window for an earlier state).
 */
async function photograph(popup: Page, name: string): Promise<void> {
  await mkdir(screenshotsDir, { recursive: true });
  await popup
    .locator('body')
    .screenshot({ path: join(screenshotsDir, `${name}.png`), animations: 'disabled' });
}

/** Chrome's action popup is at most 600 px high: anything taller scrolls. */
const POPUP_MAX_HEIGHT = 600;

interface Overflow {
  viewportWidth: number;
  scrollWidth: number;
  height: number;
  /** Elements reaching past the popup's sides, or whose own text is cut (a label wider than its button). */
  offenders: string[];
}

/** How the popup fits its window: width, height, and every element that does not fit. */
function measureOverflow(popup: Page): Promise<Overflow> {
  return popup.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const offenders: string[] = [];
    const ancestorsOf = (node: Element) => {
      const found: Element[] = [];
      for (let up = node.parentElement; up && up !== document.body; up = up.parentElement) found.push(up);
      return found;
    };
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      // Shortened on purpose with an ellipsis (the recent list's addresses), or hidden for the eye.
      const clipsByDesign =
        element.closest('.visually-hidden') ||
        [element, ...ancestorsOf(element)].some((node) => getComputedStyle(node).textOverflow === 'ellipsis');
      const name = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).replace(/ /g, '.')}` : ''} "${(element.innerText ?? '').slice(0, 40)}"`;
      if (!clipsByDesign && (box.left < -0.5 || box.right > width + 0.5)) {
        offenders.push(`${name} spans ${box.left.toFixed(0)}–${box.right.toFixed(0)} of ${width}`);
      } else if (!clipsByDesign && element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1) {
        // Text wider than its box: cut off where overflow is hidden, running into its neighbour where not
        // (a label longer than its column).
        offenders.push(`${name} overflows its box: ${element.scrollWidth} in ${element.clientWidth}`);
      }
    }
    return {
      viewportWidth: width,
      scrollWidth: root.scrollWidth,
      // The content's own height: the document's is at least the window's, which Chrome may have sized
      // for an earlier, taller state.
      height: Math.ceil(document.body.getBoundingClientRect().height),
      offenders,
    };
  });
}

/** No sideways scrolling, nothing past the edges or cut, and no taller than the popup may be. */
async function expectToFit(popup: Page): Promise<Overflow> {
  const fit = await measureOverflow(popup);
  expect(fit.offenders).toEqual([]);
  expect(fit.scrollWidth).toBeLessThanOrEqual(fit.viewportWidth);
  // Sideways scrolling moves nothing.
  const scrolledBy = await popup.evaluate(() => {
    window.scrollTo(200, window.scrollY);
    const moved = window.scrollX;
    window.scrollTo(0, window.scrollY);
    return moved;
  });
  expect(scrolledBy).toBe(0);
  expect(fit.height).toBeLessThanOrEqual(POPUP_MAX_HEIGHT);
  return fit;
}

/**
 * German (no English message left), and axe clean in light and dark (`popup-NAME-*.png`). Within 380 ×
 * 600; or, for a state taller than the popup (an error above the kept report), nothing sideways and
 * `firstScreen` (what the state is about) within the 600 px shown before any scrolling.
 */
async function expectGermanView(popup: Page, name: string, firstScreen?: Locator): Promise<void> {
  expect(await untranslatedTexts(popup)).toEqual([]);
  if (firstScreen) {
    const fit = await measureOverflow(popup);
    expect(fit.offenders).toEqual([]);
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.viewportWidth);
    const box = (await firstScreen.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(POPUP_MAX_HEIGHT);
  } else {
    await expectToFit(popup);
  }
  expect((await checkBothSchemes(popup, name)).violations).toEqual([]);
}

describe('the popup in German', () => {
  it('this page’s report with its issues, the form with Password, the recent list: German and within 380 × 600', async () => {
    await configure(extension(), api().url, api().apiKey);
    const url = `${web().url}/article?de`;
    api().store.create({ url, privacy: 1 });
    const popup = await openGermanPopup(url);

    expect(await popup.evaluate(() => document.documentElement.lang)).toBe('de');
    const card = popup.getByRole('article', { name: 'Bericht zu dieser Seite' });
    await card.getByText(/^(Gut|Mittel|Schlecht) · \d{1,3}$/).waitFor();
    expect(await card.getByText('Privat', { exact: true }).count()).toBe(1);
    await card
      .getByText(/^(Probleme: \d+ hoch · \d+ mittel · \d+ niedrig · \d+ bestanden|Keine Probleme)/)
      .waitFor();
    expect(
      await card.getByRole('list', { name: 'Wichtigste Probleme' }).getByRole('listitem').count(),
    ).toBeGreaterThan(0);
    expect(await card.getByRole('button', { name: 'Neu erzeugen' }).isEnabled()).toBe(true);
    expect(await card.getByRole('button', { name: 'Details' }).count()).toBe(1);
    expect(await card.getByRole('link', { name: 'Beim Dienst öffnen' }).count()).toBe(1);
    // The line about the site under the card, once the background has read the project: one line.
    const site = popup.getByRole('link', { name: /^Diese Website: \d+ Seiten · \d+ mit „.+“$/ });
    await site.waitFor({ timeout: 15_000 });
    // Dates in the browser's locale: German months ("24. Nov. 2026").
    expect(await card.locator('time').first().innerText()).toMatch(/^\d{1,2}\. \S+ \d{4}$/);

    const recent = popup.getByRole('list', { name: 'Neueste Berichte' });
    await expect.poll(() => recent.getByRole('listitem').count()).toBe(5);
    // Ages from Intl.RelativeTimeFormat in German ("vor 3 Std.", "gerade eben").
    expect(await recent.locator('.recent-age').allInnerTexts()).toSatisfy((ages: string[]) =>
      ages.every((age) => /^(vor |gerade eben|gestern|vorgestern|\d)/.test(age)),
    );
    expect(await popup.getByRole('checkbox', { name: 'Nur diese Website' }).count()).toBe(1);
    expect(await popup.getByRole('button', { name: 'Alle Berichte' }).count()).toBe(1);
    expect(await popup.getByRole('button', { name: 'Einstellungen' }).count()).toBe(1);

    const form = popup.getByRole('form', { name: 'Weiteren Bericht erstellen' });
    await form.getByRole('combobox', { name: 'Sichtbarkeit' }).selectOption({ label: 'Passwort' });
    await form.getByLabel('Passwort', { exact: true }).waitFor();
    // One column for both labels, also for the longer German "Sichtbarkeit": the fields line up.
    const fieldStarts = await popup.evaluate(() =>
      ['#privacy', '#report-password'].map((id) => document.querySelector(id)!.getBoundingClientRect().left),
    );
    expect(fieldStarts[0]).toBe(fieldStarts[1]);
    expect(await form.getByRole('button', { name: 'Passwort anzeigen' }).innerText()).toBe('Anzeigen');
    await popup.getByText('Zum Öffnen des Berichts nötig. Page Reports speichert es nicht.').waitFor();
    expect(await form.getByRole('button', { name: 'Bericht erstellen' }).isEnabled()).toBe(true);

    await photograph(popup, 'popup-german-report');
    await expectToFit(popup);
  });

  it('the form with Password chosen and its error, on a page without a report', async () => {
    await configure(extension(), api().url, api().apiKey);
    const popup = await openGermanPopup(`${web().url}/article?de-new`);
    await popup.getByText('Zu dieser Seite gibt es noch keinen Bericht.').waitFor();
    const form = popup.getByRole('form', { name: 'Bericht erstellen' });
    await form.getByRole('combobox', { name: 'Sichtbarkeit' }).selectOption({ label: 'Passwort' });
    await form.getByRole('button', { name: 'Bericht erstellen' }).click();
    await popup.getByText('Geben Sie ein Passwort für die Berichtsseite ein.').waitFor();
    await expect
      .poll(() => popup.getByRole('list', { name: 'Neueste Berichte' }).getByRole('listitem').count())
      .toBe(5);

    await photograph(popup, 'popup-german-password');
    await expectToFit(popup);
  });

  it('an error: a rejected key, with "Einstellungen öffnen"', async () => {
    await configure(extension(), api().url, 'wrong-key');
    const popup = await openGermanPopup(`${web().url}/article?de-error`);
    const alert = popup.getByRole('alert').first();
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/^Bericht zu dieser Seite konnte nicht abgerufen werden: /);
    expect(await alert.getByRole('button', { name: 'Einstellungen öffnen' }).count()).toBe(1);
    expect(await popup.getByRole('button', { name: 'Bericht erstellen' }).isEnabled()).toBe(true);

    await photograph(popup, 'popup-german-error');
    await expectToFit(popup);
  });

  it('not set up: one German sentence and "Einstellungen öffnen"', async () => {
    await extension().clearStorage('local');
    await extension().clearStorage('session');
    const popup = await openGermanPopup(`${web().url}/article`);
    await popup.getByRole('button', { name: 'Einstellungen öffnen' }).waitFor();
    await popup.getByText(/^Tragen Sie in den Einstellungen/).waitFor();
    await expectToFit(popup);
  });

  it('the service down on a page with a report: the kept report, the details put away, and a question before a create', async () => {
    await configure(extension(), api().url, api().apiKey);
    extension().allowConsoleErrors(NETWORK_ERRORS);
    const url = `${web().url}/article?de-offline`;
    api().store.create({ url, privacy: 0 });
    const first = await openGermanPopup(url);
    await first
      .getByRole('article', { name: 'Bericht zu dieser Seite' })
      .getByText(/^(Gut|Mittel|Schlecht) · \d{1,3}$/)
      .waitFor();
    await extension().closeActionPopup();

    api().controls.dropNext(10_000);
    try {
      const popup = await openGermanPopup(url);
      const alert = popup.getByRole('alert');
      await alert.getByText(/Der Dienst ist nicht erreichbar\./).waitFor({ timeout: 20_000 });
      const card = popup.getByRole('article', { name: 'Bericht zu dieser Seite' });
      await card.getByText(/^(Gut|Mittel|Schlecht) · \d{1,3}$/).waitFor();
      await popup
        .getByText(/^Gespeicherte Daten \(Stand: .+\)\.$/)
        .first()
        .waitFor();
      await alert.getByText('Technische Details').click();
      await alert.getByText('TypeError: Failed to fetch').waitFor();
      await photograph(popup, 'popup-german-offline');
      // With the details open too, the popup is no taller than Chrome shows: the recent list scrolls in its box.
      await expectGermanView(popup, 'german-offline');

      const created = creations(api()).length;
      await popup
        .getByRole('form', { name: 'Weiteren Bericht erstellen' })
        .getByRole('button', { name: 'Bericht erstellen' })
        .click();
      const asked = popup.getByRole('dialog', { name: 'Diese Seite hat schon einen Bericht' });
      await asked.waitFor();
      expect(await asked.getByRole('button', { name: 'Abbrechen' }).count()).toBe(1);
      expect(await asked.getByRole('button', { name: 'Weiteren erstellen' }).count()).toBe(1);
      await photograph(popup, 'popup-german-asked');
      await expectGermanView(popup, 'german-asked', asked);
      await asked.getByRole('button', { name: 'Abbrechen' }).click();
      await expect.poll(() => popup.getByRole('dialog').count()).toBe(0);
      expect(creations(api())).toHaveLength(created);
    } finally {
      api().controls.reset();
    }
  });

  it('an address with tracking parameters: the offer of the clean address, in German', async () => {
    await configure(extension(), api().url, api().apiKey);
    const popup = await openGermanPopup(`${web().url}/article?id=3&utm_source=x&gclid=y`);
    await popup.getByText('Zu dieser Seite gibt es noch keinen Bericht.').waitFor();
    await popup
      .getByText('Diese Adresse enthält Tracking-Parameter (utm_source, gclid)', { exact: false })
      .waitFor();
    expect(await popup.getByRole('button', { name: 'Adresse ohne sie verwenden' }).count()).toBe(1);
    await photograph(popup, 'popup-german-tracking');
    await expectGermanView(popup, 'german-tracking');
  });
});
