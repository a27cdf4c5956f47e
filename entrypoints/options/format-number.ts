// One formatter made once: Intl builds a new one on every toLocaleString call.
let counts: Intl.NumberFormat | undefined;

/** A count in the page's language ("1,234" in English, "1.234" in German). */
export function formatCount(n: number): string {
  return (counts ??= new Intl.NumberFormat(undefined)).format(n);
}
