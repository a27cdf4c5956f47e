// api-md input rules for creating and updating reports, with Laravel's wording and error shape, because
// the extension shows the server's per-field messages as they are.
import type { Input } from '../http';
import { PRIVACIES, type ApiMdReport, type Privacy } from '../types';

export type FieldErrors = Record<string, string[]>;

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

export interface StoreValues {
  url: string;
  privacy: Privacy;
  password: string | null;
  /** Not in API.md: accepted so tests can put a new report in a chosen project. */
  project?: string;
}

export interface UpdateValues {
  privacy?: Privacy;
  password?: string;
  regenerate: boolean;
}

const MAX_URL_LENGTH = 2048;
const MAX_PROJECT_LENGTH = 255;

export function validateStore(input: Input): Validated<StoreValues> {
  const errors: FieldErrors = {};
  const url = input.url;
  if (url === undefined) add(errors, 'url', 'The url field is required.');
  else if (!isWebUrl(url)) add(errors, 'url', 'The url field must be a valid URL.');
  else if (url.length > MAX_URL_LENGTH) {
    add(errors, 'url', `The url field must not be greater than ${MAX_URL_LENGTH} characters.`);
  }
  const privacy = checkPrivacy(input.privacy, errors) ?? 0;
  if (privacy === 2 && input.password === undefined) {
    add(errors, 'password', 'The password field is required when privacy is 2.');
  }
  const project = input.project;
  if (project !== undefined && project.length > MAX_PROJECT_LENGTH) {
    add(errors, 'project', `The project field must not be greater than ${MAX_PROJECT_LENGTH} characters.`);
  }
  if (url === undefined || hasErrors(errors)) return { ok: false, errors };
  return { ok: true, value: { url, privacy, password: input.password ?? null, project } };
}

export function validateUpdate(input: Input, current: ApiMdReport): Validated<UpdateValues> {
  const errors: FieldErrors = {};
  const privacy = checkPrivacy(input.privacy, errors);
  // Switching to (or staying at) privacy 2 needs a password, unless one is already set.
  if ((privacy ?? current.privacy) === 2 && !current.password && input.password === undefined) {
    add(errors, 'password', 'The password field is required when privacy is 2.');
  }
  const results = input.results;
  if (results !== undefined && !['0', '1', 'true', 'false'].includes(results)) {
    add(errors, 'results', 'The selected results is invalid.');
  }
  if (hasErrors(errors)) return { ok: false, errors };
  return {
    ok: true,
    value: { privacy, password: input.password, regenerate: results === '1' || results === 'true' },
  };
}

/** Laravel's summary: the first message, plus how many more there are. */
export function summarize(errors: FieldErrors): string {
  const messages = Object.values(errors).flat();
  const first = messages[0] ?? 'The given data was invalid.';
  const more = messages.length - 1;
  if (more <= 0) return first;
  return `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})`;
}

export function add(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

function checkPrivacy(value: string | undefined, errors: FieldErrors): Privacy | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) {
    add(errors, 'privacy', 'The privacy field must be an integer.');
    return undefined;
  }
  const privacy = PRIVACIES.find((allowed) => allowed === Number(value));
  if (privacy === undefined) add(errors, 'privacy', 'The selected privacy is invalid.');
  return privacy;
}

function isWebUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
