// Report passwords are kept only as a hash, so the data file never holds them in plain text.
// A fast hash is enough for a local test server; it is not a pattern for real storage.
import { createHash } from 'node:crypto';

export function hashPassword(password: string): string {
  return createHash('sha256').update(`reference-api:${password}`).digest('hex');
}
