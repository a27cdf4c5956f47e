import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { screenshotsDir } from './paths';

/** Saves a full-page PNG to test-results/screenshots/NAME.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const safeName = name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'screenshot';
  await mkdir(screenshotsDir, { recursive: true });
  const path = join(screenshotsDir, `${safeName}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}
