// How the service behaves beyond its data: which release, how numbers go out, what creating a report
// runs into (phprank dialect), and how paths are routed (both). Set from the options at start, changed by the test controls, and
// put back to the options by controls.reset().
import { cleanUrl } from './phprank/address';
import type { Release } from './types';

export const DEFAULT_ANALYSIS_DELAY_MS = 1500;

export interface ServiceOptions {
  /** Default '1.5.0'. In '1.1.0' every `result` is null. */
  release?: Release;
  /** Scores (and project counts) go out as strings, as some PHP/MySQL setups send them. Default false. */
  numericStrings?: boolean;
  /** Address → address it redirects to (followed when a report is created or regenerated). */
  redirects?: Record<string, string>;
  /** Creating more reports than this answers 422. Default null (no limit). */
  planLimit?: number | null;
  /** How long creating or regenerating a report takes (phprank). Default 1500 ms. */
  analysisDelayMs?: number;
  /**
   * Route like Laravel (both dialects): the path is decoded before routing, so `%2F` in a project
   * name becomes a separator and the request reaches no route. Default false.
   */
  laravelRouting?: boolean;
}

export class ServiceSettings {
  release: Release = '1.5.0';
  numericStrings = false;
  /** Keyed by the normalized address (see phprank/address.ts). */
  readonly redirects = new Map<string, string>();
  planLimit: number | null = null;
  analysisDelayMs = DEFAULT_ANALYSIS_DELAY_MS;
  laravelRouting = false;
  /** Keyed by the address as a report's `url` has it (cleanUrl): test name → passed. */
  private readonly outcomes = new Map<string, Readonly<Record<string, boolean>>>();

  constructor(private readonly initial: ServiceOptions = {}) {
    this.reset();
  }

  /** Back to the options given at start. */
  reset(): void {
    this.release = this.initial.release ?? '1.5.0';
    this.numericStrings = this.initial.numericStrings ?? false;
    this.planLimit = this.initial.planLimit ?? null;
    this.analysisDelayMs = this.initial.analysisDelayMs ?? DEFAULT_ANALYSIS_DELAY_MS;
    this.laravelRouting = this.initial.laravelRouting ?? false;
    this.redirects.clear();
    this.outcomes.clear();
    for (const [from, to] of Object.entries(this.initial.redirects ?? {})) this.setRedirect(from, to);
  }

  /** `to` null removes the redirect. */
  setRedirect(from: string, to: string | null): void {
    const key = redirectKey(from);
    if (to === null) this.redirects.delete(key);
    else this.redirects.set(key, to);
  }

  /**
   * From now on every analysis of `address` (a create, or a regeneration of its report) finds these
   * tests passed (true) or failed (false); null forgets it.
   */
  setPageOutcome(address: string, passed: Readonly<Record<string, boolean>> | null): void {
    const key = cleanUrl(address);
    if (passed === null) this.outcomes.delete(key);
    else this.outcomes.set(key, { ...passed });
  }

  /** What setPageOutcome decided for `address`: {} when nothing. */
  pageOutcomeOf(address: string): Readonly<Record<string, boolean>> {
    return this.outcomes.get(cleanUrl(address)) ?? {};
  }

  /** Where `address` redirects to, if anywhere. */
  redirectOf(address: string): string | undefined {
    return this.redirects.get(redirectKey(address));
  }
}

/**
 * WHATWG normalization, so `https://A.example` and `https://a.example/` are one address.
 * Anything that is not a URL is kept as written.
 */
function redirectKey(address: string): string {
  try {
    return new URL(address.trim()).href;
  } catch {
    return address.trim();
  }
}
