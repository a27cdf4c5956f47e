// A read the background holds back because the service asked it to (429 with Retry-After). The
// background writes when that wait ends into storage.session; pages show it while it lasts, since the
// answer they wait for comes only after it.
import * as z from 'zod/mini';

/** `until`: when the background asks again (epoch ms). */
const serviceWaitSchema = z.object({ until: z.number() });
export type ServiceWait = z.infer<typeof serviceWaitSchema>;

/** The end of a wait from what storage holds, or 0 when there is none (or it is not ours). */
export const waitEnd = (value: unknown): number => serviceWaitSchema.safeParse(value).data?.until ?? 0;
