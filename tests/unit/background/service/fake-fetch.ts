// A recording stand-in for fetch: answers from a script, one entry per call, and remembers every request.
import type { Report } from '@/lib/api/types';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
  init: RequestInit;
}

/** One scripted answer: a Response, a thrown error, or a function of the request. */
export type Answer =
  Response | Error | ((call: RecordedCall, signal: AbortSignal | undefined) => Promise<Response>);

export interface FakeFetch {
  fetch: typeof fetch;
  calls: RecordedCall[];
}

export function fakeFetch(...script: Answer[]): FakeFetch {
  const calls: RecordedCall[] = [];
  const queue = [...script];
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const call: RecordedCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : init.body == null ? null : String(init.body),
      init,
    };
    calls.push(call);
    const answer = queue.shift();
    if (answer === undefined) throw new Error(`fake fetch: no answer scripted for call ${calls.length}`);
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return answer(call, init.signal ?? undefined);
    return answer;
  };
  return { fetch: fetchFn as typeof fetch, calls };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function html(text: string, status = 200): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/html; charset=UTF-8' } });
}

export function empty(status = 204, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers });
}

/** Never answers by itself; rejects like a real fetch once its signal is aborted. */
export function hang(): Answer {
  return (_call, signal) =>
    new Promise<Response>((_resolve, reject) => {
      signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      );
    });
}

/** Never answers and ignores the abort signal, like a badly behaved stand-in. */
export function hangForever(): Answer {
  return () => new Promise<Response>(() => {});
}

/** A fake sleep that records each wait and returns at once. */
export function fakeSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
    },
  };
}

export const REPORT = {
  id: 42,
  url: 'https://example.com/pricing',
  project: 'Client A / Landing pages',
  result: 'good',
  privacy: 0,
  generated_at: '2025-03-01T10:00:05.000000Z',
  created_at: '2025-03-01T10:00:00.000000Z',
  updated_at: '2025-03-01T10:00:05.000000Z',
};

/** REPORT as the client hands it to pages. */
export const NORMALISED: Report = {
  id: 42,
  url: 'https://example.com/pricing',
  pageUrl: 'https://example.com/pricing',
  serviceUrl: null,
  project: 'Client A / Landing pages',
  result: 'good',
  score: null,
  checks: null,
  privacy: 0,
  hasPassword: null,
  generatedAt: '2025-03-01T10:00:05.000000Z',
  createdAt: '2025-03-01T10:00:00.000000Z',
  updatedAt: '2025-03-01T10:00:05.000000Z',
  fields: { ...REPORT },
};
