// Every inbound message passes, in order: sender is one of this extension's own pages → the type is
// known → the payload parses against its strict schema → the handler. Nothing is thrown back to a page.
import { apiError } from '@/entrypoints/background/error-messages';
import type { Result } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import type { MessageInput, MessageOutput, MessageType } from '@/lib/messaging/protocol';
import { inputFieldErrors, isMessageType, messages } from '@/lib/messaging/inputs';
import { StorageFull, storageFullError } from './storage-budget';

export type Handlers = {
  [T in MessageType]: (payload: MessageInput<T>) => Promise<Result<MessageOutput<T>>>;
};

/** Some of the handlers, typed as the router calls them. */
export const handlerPart = <K extends MessageType>(part: Pick<Handlers, K>) => part;

export interface MessageSender {
  id?: string;
  url?: string;
}

/** This extension's id and base URL (`chrome-extension://<id>/`). */
export interface TrustedOrigin {
  extensionId: string;
  extensionBaseUrl: string;
}

function refuse(message: string, detail: string): Result<never> {
  return { ok: false, error: apiError('unexpected', { message, detail }) };
}

/**
 * A payload that failed its schema, said as the service says a 422: each sentence under its field. A
 * refusal of the payload's shape as a whole (a page's bug) stays "received an invalid request".
 */
function refuseFields(fieldErrors: Record<string, string[]>, detail: string): Result<never> {
  if (Object.keys(fieldErrors).every((field) => field === '_form')) {
    return refuse(t('errorInvalidRequest'), detail);
  }
  // No detail: it would only repeat the sentences shown under the fields (the console keeps it).
  return { ok: false, error: apiError('invalid_input', { message: t('errorFieldsInvalid'), fieldErrors }) };
}

export function createMessageRouter(handlers: Handlers, trusted: TrustedOrigin) {
  return async function route(message: unknown, sender: MessageSender): Promise<Result<unknown>> {
    const { id, url } = sender;
    if (id !== trusted.extensionId || typeof url !== 'string' || !url.startsWith(trusted.extensionBaseUrl)) {
      console.warn('Page Reports: refused a message from outside the extension', url);
      return refuse(t('errorForeignSender'), 'forbidden sender');
    }
    if (typeof message !== 'object' || message === null) {
      return refuse(t('errorMalformedRequest'), 'message is not an object');
    }
    const { type, payload } = message as { type?: unknown; payload?: unknown };
    if (!isMessageType(type)) {
      // Named, not echoed: String() throws on some objects, and a page's megabytes need not come back.
      const named = typeof type === 'string' ? type.slice(0, 100) : `a ${typeof type}`;
      console.warn('Page Reports: refused an unknown message type', named);
      return refuse(t('errorUnknownRequest'), `unknown message type: ${named}`);
    }
    // The check is inside the try too: a page must get an answer whatever its payload holds.
    try {
      const parsed = messages[type].safeParse(payload);
      if (!parsed.success) {
        const detail = parsed.error.issues
          .map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`)
          .join('; ');
        console.warn('Page Reports: refused an invalid payload for', type, detail);
        return refuseFields(inputFieldErrors(parsed.error), `${type}: ${detail}`);
      }
      const handler = handlers[type] as (payload: unknown) => Promise<Result<unknown>>;
      return await handler(parsed.data);
    } catch (cause) {
      // A full storage is the user's to read about, not a fault of ours.
      if (cause instanceof StorageFull) return { ok: false, error: storageFullError(cause.area) };
      console.error('Page Reports: handler failed', type, cause);
      return refuse(t('errorInternal'), String(cause));
    }
  };
}
