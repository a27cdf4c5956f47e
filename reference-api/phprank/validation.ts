// phpRank's input rules for creating and updating a report, with Laravel 9's wording (phpRank 1.5.0
// runs on Laravel 9). As in Laravel without `bail`, a field can fail several rules at once.
import type { Input } from '../http';
import { PRIVACIES, type Privacy } from '../types';

export type FieldErrors = Record<string, string[]>;
export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

export interface CreateValues {
  url: string;
  privacy: Privacy;
  password?: string;
}

export interface UpdateValues {
  privacy?: Privacy;
  password?: string;
  regenerate: boolean;
}

const MAX_URL_LENGTH = 2048;
const MAX_PASSWORD_LENGTH = 128;

export function validateCreate(input: Input): Validated<CreateValues> {
  const errors: FieldErrors = {};
  const url = input.url;
  if (url === undefined) {
    add(errors, 'url', 'The url field is required.');
  } else {
    if (!isWebUrl(url)) add(errors, 'url', 'The url must be a valid URL.');
    if (url.length > MAX_URL_LENGTH)
      add(errors, 'url', `The url must not be greater than ${MAX_URL_LENGTH} characters.`);
  }
  const privacy = checkPrivacy(input.privacy, errors);
  checkPassword(input, errors);
  if (url === undefined || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { url, privacy: privacy ?? 0, password: input.password } };
}

/** The same password rule as a create: a request that sets privacy 2 must send one. */
export function validateUpdate(input: Input): Validated<UpdateValues> {
  const errors: FieldErrors = {};
  const privacy = checkPrivacy(input.privacy, errors);
  checkPassword(input, errors);
  const results = input.results;
  if (results !== undefined && results !== '0' && results !== '1') {
    add(errors, 'results', 'The selected results is invalid.');
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { privacy, password: input.password, regenerate: results === '1' } };
}

function add(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** `integer` then `in:0,1,2`: "public" fails both. */
function checkPrivacy(value: string | undefined, errors: FieldErrors): Privacy | undefined {
  if (value === undefined) return undefined;
  if (!/^[-+]?\d+$/.test(value)) add(errors, 'privacy', 'The privacy must be an integer.');
  const privacy = PRIVACIES.find((allowed) => String(allowed) === value);
  if (privacy === undefined) add(errors, 'privacy', 'The selected privacy is invalid.');
  return privacy;
}

function checkPassword(input: Input, errors: FieldErrors): void {
  const password = input.password;
  if (password === undefined) {
    if (input.privacy === '2') add(errors, 'password', 'The password field is required when privacy is 2.');
  } else if (password.length > MAX_PASSWORD_LENGTH) {
    add(errors, 'password', `The password must not be greater than ${MAX_PASSWORD_LENGTH} characters.`);
  }
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
