// Finding and using elements of a tab by role and accessible name (puppeteer's ARIA selectors, answered
// by Firefox's accessibility tree over BiDi). Puppeteer's Locators wait for a stable box with animation
// frames that a headless Firefox tab does not always give: these use waitForSelector and poll from Node.
import type { ElementHandle, Page } from 'puppeteer-core';
import { waitFor } from '../../e2e/support/wait';

type Scope = Page | ElementHandle<Element>;

const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** `::-p-aria([name="Save"][role="button"])`: by role, and by exact accessible name when given. */
export function byRole(role: string, name?: string): string {
  return `::-p-aria(${name === undefined ? '' : `[name=${quoted(name)}]`}[role=${quoted(role)}])`;
}

/** `::-p-aria(API base URL)`: anything named so (fill() and field() keep the form fields among them). */
export function byLabel(label: string): string {
  return `::-p-aria(${label})`;
}

export async function find(
  scope: Scope,
  selector: string,
  timeout = 15_000,
): Promise<ElementHandle<Element>> {
  const handle = await scope.waitForSelector(selector, { timeout });
  if (!handle) throw new Error(`${selector} was not found`);
  return handle;
}

/** How many elements match now (no waiting). */
export async function count(scope: Scope, selector: string): Promise<number> {
  return (await scope.$$(selector)).length;
}

/** The form field (input, select, textarea) with this accessible name, once it is there. */
export async function field(
  scope: Scope,
  selector: string,
  timeoutMs = 15_000,
): Promise<ElementHandle<Element>> {
  return waitFor(
    async () => {
      for (const handle of await scope.$$(selector)) {
        if (await handle.evaluate((element) => ['INPUT', 'SELECT', 'TEXTAREA'].includes(element.tagName))) {
          return handle;
        }
      }
      return undefined;
    },
    { timeoutMs, message: `a form field ${selector}` },
  );
}

/** Replaces the field's text by typing `value` (real key events). */
export async function fill(scope: Scope, selector: string, value: string): Promise<void> {
  const input = await field(scope, selector);
  await input.evaluate((element) => (element as HTMLInputElement).select());
  if (value === '') await input.press('Backspace');
  else await input.type(value);
}

export async function click(scope: Scope, selector: string): Promise<void> {
  await (await find(scope, selector)).click();
}

/** Picks the option with this visible label in the select `selector`. */
export async function selectOption(scope: Scope, selector: string, label: string): Promise<void> {
  const select = await field(scope, selector);
  const value = await select.evaluate(
    (element, wanted) =>
      [...(element as HTMLSelectElement).options].find((option) => option.text.trim() === wanted)?.value,
    label,
  );
  if (value === undefined) throw new Error(`No option "${label}" in ${selector}`);
  await (select as ElementHandle<HTMLSelectElement>).select(value);
}

export async function innerText(scope: Scope, selector: string): Promise<string> {
  return (await find(scope, selector)).evaluate((element) => (element as HTMLElement).innerText);
}

/** Waits until the element's text matches (`string`: contains it). Returns that text. */
export async function waitForText(
  scope: Scope,
  selector: string,
  expected: string | RegExp,
  timeoutMs = 15_000,
): Promise<string> {
  let last = '';
  return waitFor(
    async () => {
      const handles = await scope.$$(selector);
      for (const handle of handles) {
        last = await handle.evaluate((element) => (element as HTMLElement).innerText);
        if (typeof expected === 'string' ? last.includes(expected) : expected.test(last)) return last;
      }
      return undefined;
    },
    { timeoutMs, message: () => `${selector} to say ${String(expected)} (it says "${last}")` },
  );
}
