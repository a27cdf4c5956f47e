// Accessibility checks with axe-core, for every extension page the tests open.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { projectRoot } from './paths';
import { screenshot } from './screenshot';

const axeSource = readFileSync(join(projectRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Serious and critical axe-core violations on the page as it is now, one readable line each. Injected
 * through evaluate(): an extension page's content security policy refuses inline <script> tags.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Axe = { run(context: Document): Promise<{ violations: AxeViolation[] }> };
    const result = await (globalThis as unknown as { axe: Axe }).axe.run(document);
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const where = violation.nodes.slice(0, 3).map((node) => JSON.stringify(node.target));
      return `${violation.impact} ${violation.id}: ${violation.help} (${where.join(', ')})`;
    });
}

/**
 * Checks accessibility and saves a screenshot (`NAME-light.png`, `NAME-dark.png`) in both colour schemes,
 * then puts the page back in its default scheme. Violations are prefixed with the scheme they were seen in.
 */
export async function checkBothSchemes(
  page: Page,
  name: string,
): Promise<{ violations: string[]; shots: string[] }> {
  const violations: string[] = [];
  const shots: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    violations.push(...(await seriousAxeViolations(page)).map((line) => `${colorScheme}: ${line}`));
    shots.push(await screenshot(page, `${name}-${colorScheme}`));
  }
  await page.emulateMedia({ colorScheme: null });
  return { violations, shots };
}
