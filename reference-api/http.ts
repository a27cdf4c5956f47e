// Small HTTP helpers: reading bodies the way Laravel does, raw path segments, error bodies.

/** A request's body or query, as flat strings. */
export type Input = Record<string, string>;

/** Laravel's TrimStrings middleware leaves passwords untouched. */
const UNTRIMMED = new Set(['password']);

/**
 * The body as flat strings, or null when there is none. Form-urlencoded (what API.md says),
 * multipart and JSON are accepted; an unreadable JSON body counts as empty, as in Laravel.
 */
export async function readBody(request: Request): Promise<Input | null> {
  if (request.method === 'GET' || request.method === 'HEAD' || request.body === null) return null;
  const type = request.headers.get('content-type')?.toLowerCase() ?? '';
  if (type.includes('multipart/form-data')) {
    const form = await request.formData().catch(() => undefined);
    if (!form) return {};
    return Object.fromEntries(
      [...form].flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])),
    );
  }
  const text = await request.text();
  if (text === '') return null;
  if (type.includes('json')) return flattenJson(text);
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * What the handlers see: strings trimmed and empty ones dropped (Laravel's TrimStrings and
 * ConvertEmptyStringsToNull), so `result=` means "no filter", not "invalid".
 */
export function normalizeInput(raw: Input): Input {
  const input: Input = {};
  for (const [key, value] of Object.entries(raw)) {
    const cleaned = UNTRIMMED.has(key) ? value : value.trim();
    if (cleaned !== '') input[key] = cleaned;
  }
  return input;
}

/**
 * The last path segment, decoded once. Taken from the raw URL on purpose: a router that decodes
 * the path first would turn `%2F` in a project name into a separator. undefined if not decodable.
 */
export function lastPathSegment(url: string): string | undefined {
  const raw = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function flattenJson(text: string): Input {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const input: Input = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (value === null || value === undefined) continue;
    input[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return input;
}
