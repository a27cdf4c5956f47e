import { browser } from '../page-browser';
import { apiError } from '@/entrypoints/background/error-messages';
import type { Result } from '../api/errors';
import { t } from '../i18n';
import { shownConnection } from '../connection-space';
import type { MessageOutput, MessageType, PageInput } from './protocol';

// A write whose answer was lost may have been done: no Retry, the page looks at the service instead.
const WRITES: readonly MessageType[] = ['reports.create', 'reports.update', 'popup.awaitCreate'];

function backgroundError(type: MessageType, message: string, detail?: string): Result<never> {
  const retrySafe = WRITES.includes(type) ? false : undefined;
  return { ok: false, error: apiError('unexpected', { message, detail, retrySafe }) };
}

/** The messages about the list of connections: every other one names its connection. */
const unnamed = (type: MessageType) => /^(settings\.get|connections\.)/.test(type);

/**
 * Asks the background to do one thing, on the connection this page shows unless the payload names one.
 * Never throws: every failure comes back as an error result.
 */
export async function send<T extends MessageType>(
  type: T,
  payload: PageInput<T>,
): Promise<Result<MessageOutput<T>>> {
  try {
    const named = unnamed(type) ? payload : { connection: await shownConnection(), ...payload };
    const answer = (await browser.runtime.sendMessage({ type, payload: named })) as
      Result<MessageOutput<T>> | undefined;
    if (answer && typeof answer === 'object' && 'ok' in answer) return answer;
    return backgroundError(type, t('errorBackgroundSilent'));
  } catch (cause) {
    return backgroundError(type, t('errorBackgroundUnreachable'), String(cause));
  }
}
