// Shared steps of the popup's end-to-end tests: settings through storage, a web page to report on,
// accessibility checks with axe-core, screenshots in both colour schemes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { projectRoot, screenshot, type ExtensionHarness, type ReferenceApi } from './harness';

/**
 * A clean extension pointed at the reference API: no cache, no remembered privacy, nothing pending.
 * (The options page path to these settings is tested in settings.test.ts.)
 */
export async function configure(extension: ExtensionHarness, baseUrl: string, apiKey: string): Promise<void> {
  await extension.clearStorage('session');
  await extension.clearStorage('local');
  await extension.setStorage('local', { baseUrl, apiKey });
}

/** Opens a web page in a tab and returns it; the popup is then opened over it. */
export async function openWebPage(extension: ExtensionHarness, url: string): Promise<Page> {
  const page = await extension.context.newPage();
  await page.goto(url);
  return page;
}

/** The report creations that reached the API, with their form bodies. */
export function creations(api: ReferenceApi) {
  return api.requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/reports');
}

const axeSource = readFileSync(join(projectRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Serious and critical axe-core violations of the page. Evaluated over CDP, because the popup's
 * content security policy refuses an inline <script> tag.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: AxeResult[] }> } }).axe;
    interface AxeResult {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: string[] }[];
    }
    const result = await axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Checks accessibility and saves a screenshot, in the light and the dark colour scheme. */
export async function checkBothSchemes(
  page: Page,
  name: string,
): Promise<{ violations: AxeViolation[]; shots: string[] }> {
  const violations: AxeViolation[] = [];
  const shots: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    violations.push(...(await seriousViolations(page)).map((v) => ({ ...v, id: `${colorScheme}: ${v.id}` })));
    shots.push(await screenshot(page, `popup-${name}-${colorScheme}`));
  }
  await page.emulateMedia({ colorScheme: null });
  return { violations, shots };
}
