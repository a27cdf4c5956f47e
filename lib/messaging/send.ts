import { browser } from '../page-browser';
import type { ApiError, Result } from '../api/errors';
import { t } from '../i18n';
import type { MessageInput, MessageOutput, MessageType } from './protocol';

// Built literally, not with apiError(): that would pull every default sentence into the popup's bundle,
// and the background already phrases every error it sends.
function backgroundError(message: string, detail?: string): { ok: false; error: ApiError } {
  return { ok: false, error: { kind: 'unexpected', message, ...(detail === undefined ? {} : { detail }) } };
}

/** Asks the background to do one thing. Never throws: every failure comes back as an error result. */
export async function send<T extends MessageType>(
  type: T,
  payload: MessageInput<T>,
): Promise<Result<MessageOutput<T>>> {
  try {
    const answer = (await browser.runtime.sendMessage({ type, payload })) as
      Result<MessageOutput<T>> | undefined;
    if (answer && typeof answer === 'object' && 'ok' in answer) return answer;
    return backgroundError(t('errorBackgroundSilent'));
  } catch (cause) {
    return backgroundError(t('errorBackgroundUnreachable'), String(cause));
  }
}
