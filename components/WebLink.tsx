import { parseWebUrl } from '@/lib/web-url';
import { readableUrl } from '@/lib/readable-url';

/**
 * A URL as a link that opens in a new tab, but only for http and https; anything else stays text.
 * `href` links elsewhere than the text says: a report's stored address ("example.com/pricing") shown
 * as the service keeps it, linked to the full address.
 */
export function WebLink({
  url,
  href = url,
  class: className,
}: {
  url: string;
  href?: string | null;
  class?: string;
}) {
  // The text readable (lib/readable-url), the link and its hover text the address as it is.
  const shown = readableUrl(url);
  if (!href || !parseWebUrl(href)) return <span class={className}>{shown}</span>;
  return (
    <a class={className} href={href} target="_blank" rel="noopener noreferrer" title={href}>
      {shown}
    </a>
  );
}
