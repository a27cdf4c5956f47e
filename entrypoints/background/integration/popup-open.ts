// Whether the toolbar popup is open now. A popup's request that ends after it closed is seen by nobody
// until the next popup: that is when a notification is worth showing.
import { browser } from 'wxt/browser';

type Runtime = typeof browser.runtime;
type ExtensionApi = { getViews?(filter: { type: string }): unknown[] };

export async function popupOpen(
  runtime: Partial<Pick<Runtime, 'getContexts'>> = browser.runtime,
  extension: ExtensionApi | undefined = (browser as { extension?: ExtensionApi }).extension,
): Promise<boolean> {
  try {
    if (typeof runtime.getContexts === 'function') {
      return (await runtime.getContexts({ contextTypes: ['POPUP' as never] })).length > 0;
    }
    // An MV2 background page without getContexts (older Firefox).
    if (typeof extension?.getViews === 'function') return extension.getViews({ type: 'popup' }).length > 0;
  } catch {
    // Unknown: counted as closed, so the outcome is said rather than lost.
  }
  return false;
}
