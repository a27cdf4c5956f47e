/** A JSON object (not null, not an array): what a field of a server's answer or of storage must be to be read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
