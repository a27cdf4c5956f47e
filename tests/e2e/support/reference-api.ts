import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type * as ReferenceApiModule from '../../../reference-api/index';
import { referenceApiModule } from './paths';

export type {
  Controls as ReferenceApiControls,
  ForcedRequests,
  RecordedRequest,
  ReferenceApi,
  ReferenceApiOptions,
} from '../../../reference-api/index';

/** Whether reference-api/index.ts exists. */
export function referenceApiAvailable(modulePath = referenceApiModule): boolean {
  return existsSync(modulePath);
}

/**
 * Starts reference-api/ on a free port of 127.0.0.1 (seeded unless `seed: false`). The module is loaded
 * only here, so test files that do not need the API do not load it.
 */
export async function startReferenceApi(
  options: ReferenceApiModule.ReferenceApiOptions = {},
  modulePath = referenceApiModule,
): Promise<ReferenceApiModule.ReferenceApi> {
  if (!referenceApiAvailable(modulePath)) {
    throw new Error(`The reference API is missing: ${modulePath} does not exist.`);
  }
  const module = (await import(/* @vite-ignore */ pathToFileURL(modulePath).href)) as Partial<
    typeof ReferenceApiModule
  >;
  if (typeof module.startReferenceApi !== 'function') {
    throw new Error(`${modulePath} does not export startReferenceApi().`);
  }
  return module.startReferenceApi({ port: 0, ...options });
}
