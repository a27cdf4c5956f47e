// The real toolbar popup, driven from an extension tab through its window object. BiDi lists no browsing
// context for a popup, but extension pages of one add-on share a process: `browser.extension.getViews(
// { type: 'popup' })` hands the controller tab the popup's window. Elements are found by role and
// accessible name with @testing-library/dom (the same queries the unit tests use), run in that tab.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer-core';
import { waitFor } from '../../e2e/support/wait';

const testingLibrarySource = readFileSync(
  createRequire(import.meta.url).resolve('@testing-library/dom/dist/@testing-library/dom.umd.min.js'),
  'utf8',
);

/** A string matches the whole (trimmed, collapsed) text or name; a RegExp matches part of it. */
export type Matcher = string | RegExp;

/** An element by role and accessible name, or by its text; `within` narrows the search to another one. */
export interface Target {
  role?: string;
  name?: Matcher;
  text?: Matcher;
  within?: Target;
}

type SentMatcher = { exact: string } | { pattern: [string, string] };
interface SentTarget {
  role?: string;
  name?: SentMatcher;
  text?: SentMatcher;
  within?: SentTarget;
}

function send(matcher: Matcher): SentMatcher {
  return typeof matcher === 'string' ? { exact: matcher } : { pattern: [matcher.source, matcher.flags] };
}

function toSent(target: Target): SentTarget {
  return {
    ...(target.role ? { role: target.role } : {}),
    ...(target.name !== undefined ? { name: send(target.name) } : {}),
    ...(target.text !== undefined ? { text: send(target.text) } : {}),
    ...(target.within ? { within: toSent(target.within) } : {}),
  };
}

function describe(target: Target): string {
  const what = target.role
    ? `${target.role}${target.name !== undefined ? ` "${String(target.name)}"` : ''}`
    : `text "${String(target.text)}"`;
  return target.within ? `${what} in ${describe(target.within)}` : what;
}

/** What the helpers installed in the controller page see: the popup's window and testing-library. */
interface PopupGlobals {
  __popupFindAll(target: SentTarget): HTMLElement[];
  __popupWindow(): (Window & typeof globalThis) | undefined;
  TestingLibraryDom: typeof import('@testing-library/dom');
}

export class PopupView {
  private constructor(
    private readonly controller: Page,
    private readonly timeoutMs: number,
  ) {}

  /** Waits until the popup is open and its app has rendered, then returns a driver for it. */
  static async attach(controller: Page, timeoutMs: number): Promise<PopupView> {
    if (!(await controller.evaluate(() => 'TestingLibraryDom' in globalThis))) {
      await controller.evaluate(testingLibrarySource);
    }
    await controller.evaluate(() => {
      const globals = globalThis as unknown as PopupGlobals & {
        browser: { extension: { getViews(filter: { type: string }): Window[] } };
      };
      globals.__popupWindow = () =>
        globals.browser.extension.getViews({ type: 'popup' })[0] as (Window & typeof globalThis) | undefined;
      const matches = (text: string, matcher: SentMatcher) => {
        const clean = text.replace(/\s+/g, ' ').trim();
        return 'exact' in matcher ? clean === matcher.exact : new RegExp(...matcher.pattern).test(clean);
      };
      globals.__popupFindAll = function findAll(target: SentTarget): HTMLElement[] {
        const view = globals.__popupWindow();
        if (!view || view.document.readyState !== 'complete') return [];
        const containers = target.within ? findAll(target.within) : [view.document.body];
        const library = globals.TestingLibraryDom;
        return containers.flatMap((container) => {
          if (target.role) {
            const name = target.name;
            return library.queryAllByRole(container, target.role, {
              ...(name ? { name: (text: string) => matches(text, name) } : {}),
            });
          }
          const text = target.text!;
          return library.queryAllByText(container, (_content, element) =>
            element ? matches(element.textContent ?? '', text) : false,
          );
        });
      };
    });
    const popup = new PopupView(controller, timeoutMs);
    await waitFor(
      () =>
        controller.evaluate(() => {
          const view = (globalThis as unknown as PopupGlobals).__popupWindow();
          const app = view?.document.querySelector('#app');
          return view?.document.readyState === 'complete' && (app?.childElementCount ?? 0) > 0;
        }),
      { timeoutMs, message: 'the toolbar popup to open and render' },
    );
    return popup;
  }

  /** How many elements match now. */
  count(target: Target): Promise<number> {
    return this.controller.evaluate(
      (sent) => (globalThis as unknown as PopupGlobals).__popupFindAll(sent).length,
      toSent(target),
    );
  }

  /** Waits until `target` is there (and visible to assistive technology). */
  async waitFor(target: Target, timeoutMs = this.timeoutMs): Promise<void> {
    await waitFor(async () => (await this.count(target)) > 0, {
      timeoutMs,
      message: () => `${describe(target)} in the popup`,
    });
  }

  /** Waits for `target`, then clicks the first match. */
  async click(target: Target): Promise<void> {
    await this.waitFor(target);
    await this.controller.evaluate((sent) => {
      const [element] = (globalThis as unknown as PopupGlobals).__popupFindAll(sent);
      (globalThis as unknown as PopupGlobals).TestingLibraryDom.fireEvent.click(element!);
    }, toSent(target));
  }

  /** The text of the element that has the focus ('' for none). */
  focused(): Promise<string> {
    return this.controller.evaluate(() => {
      const active = (globalThis as unknown as PopupGlobals).__popupWindow()?.document.activeElement;
      return active && active.tagName !== 'BODY' ? ((active as HTMLElement).innerText ?? '').trim() : '';
    });
  }

  /**
   * What Enter does where the focus is (no key reaches this popup): a button is pressed, a field submits its
   * form. Returns the text of what had the focus.
   */
  pressEnter(): Promise<string> {
    return this.controller.evaluate(() => {
      const view = (globalThis as unknown as PopupGlobals).__popupWindow();
      // Another window's element: not an instance of this window's HTMLElement.
      const active = view?.document.activeElement as HTMLInputElement | null;
      if (!view || !active || active.tagName === 'BODY') return '';
      // The key itself first, as a person's Enter: the popup hears it before the button acts.
      active.dispatchEvent(new view.KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      if (active.tagName === 'BUTTON') active.click();
      else active.form?.requestSubmit();
      return (active.innerText ?? '').trim();
    });
  }

  /** Picks the option labelled `label` in the select `target`, as a person's choice would (input + change). */
  async select(target: Target, label: string): Promise<void> {
    await this.waitFor(target);
    await this.controller.evaluate(
      (sent, wanted) => {
        const [select] = (globalThis as unknown as PopupGlobals).__popupFindAll(sent) as HTMLSelectElement[];
        const option = [...select!.options].find((entry) => entry.text.trim() === wanted);
        if (!option) throw new Error(`No option "${wanted}"`);
        const { fireEvent } = (globalThis as unknown as PopupGlobals).TestingLibraryDom;
        fireEvent.input(select!, { target: { value: option.value } });
        fireEvent.change(select!, { target: { value: option.value } });
      },
      toSent(target),
      label,
    );
  }

  /** The value of the form field `target`. */
  async value(target: Target): Promise<string> {
    await this.waitFor(target);
    return this.controller.evaluate(
      (sent) => ((globalThis as unknown as PopupGlobals).__popupFindAll(sent)[0] as HTMLInputElement).value,
      toSent(target),
    );
  }

  /** The rendered text of `target` (the whole popup without one). */
  async text(target?: Target): Promise<string> {
    if (target) await this.waitFor(target);
    return this.controller.evaluate(
      (sent) => {
        const element = sent
          ? (globalThis as unknown as PopupGlobals).__popupFindAll(sent)[0]
          : (globalThis as unknown as PopupGlobals).__popupWindow()?.document.body;
        return element?.innerText ?? '';
      },
      target ? toSent(target) : null,
    );
  }

  /** Closes the popup (window.close(), as the popup does itself) and waits until it is gone. */
  close(): Promise<void> {
    return PopupView.closeAny(this.controller, this.timeoutMs);
  }

  /** Closes whatever popup is open, attached or not (a test that failed half-way may leave one). */
  static async closeAny(controller: Page, timeoutMs: number): Promise<void> {
    const openPopups = () =>
      controller.evaluate(() => {
        const views = (
          globalThis as unknown as { browser?: WithGetViews['browser'] }
        ).browser?.extension.getViews({
          type: 'popup',
        });
        for (const view of views ?? []) view.close();
        return views?.length ?? 0;
      });
    await waitFor(async () => (await openPopups()) === 0, { timeoutMs, message: 'the popup to close' });
  }
}

type WithGetViews = { browser: { extension: { getViews(filter: { type: string }): Window[] } } };
