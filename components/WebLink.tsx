import { parseWebUrl } from '@/lib/page-url';
import { readableUrl } from '@/lib/readable-url';

/** A link in a new tab, only for http(s); `href` is the full address of a stored one ("example.com/a"). */
export function WebLink({
  url,
  href = url,
  class: className,
}: {
  url: string;
  href?: string | null;
  class?: string;
}) {
  const shown = readableUrl(url);
  if (!href || !parseWebUrl(href)) return <span class={className}>{shown}</span>;
  return (
    <a class={className} href={href} target="_blank" rel="noopener noreferrer" title={href}>
      {shown}
    </a>
  );
}
