// A wait a connection's service asked for (429 with Retry-After): the background writes when it ends under
// that connection's id, its pages show it.
import * as z from 'zod/mini';

const serviceWaitSchema = z.object({ until: z.number() });
export type ServiceWait = z.infer<typeof serviceWaitSchema>;

/** The end of a wait (epoch ms), or 0 when there is none. */
export const waitEnd = (value: unknown): number => serviceWaitSchema.safeParse(value).data?.until ?? 0;
