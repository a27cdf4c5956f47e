import { isWebUrl } from '@/lib/format';

/** A URL as a link that opens in a new tab, but only for http and https; anything else stays text. */
export function WebLink({ url, class: className }: { url: string; class?: string }) {
  if (!isWebUrl(url)) return <span class={className}>{url}</span>;
  return (
    <a class={className} href={url} target="_blank" rel="noopener noreferrer" title={url}>
      {url}
    </a>
  );
}
