import { browser } from '../page-browser';
import { apiError, type Result } from '../api/errors';
import type { MessageInput, MessageOutput, MessageType } from './protocol';

/** Asks the background to do one thing. Never throws: every failure comes back as an error result. */
export async function send<T extends MessageType>(
  type: T,
  payload: MessageInput<T>,
): Promise<Result<MessageOutput<T>>> {
  try {
    const answer = (await browser.runtime.sendMessage({ type, payload })) as
      Result<MessageOutput<T>> | undefined;
    if (answer && typeof answer === 'object' && 'ok' in answer) return answer;
    return {
      ok: false,
      error: apiError('unexpected', {
        message:
          'Page Reports’ background did not answer. Try again; if it keeps happening, reload the extension.',
      }),
    };
  } catch (cause) {
    return {
      ok: false,
      error: apiError('unexpected', {
        message:
          'Page Reports’ background could not be reached. Try again; if it keeps happening, reload the extension.',
        detail: String(cause),
      }),
    };
  }
}
