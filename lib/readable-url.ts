// An address as a person reads it (`…/caf%C3%A9` shows as `…/café`), for showing only. The text never says
// what the address does not: only escapes of non-ASCII characters are decoded (`%2F` is not a path's `/`);
// the host stays as it is (an `xn--` name is never shown in Unicode); and characters that reorder, hide or
// fake text stay escaped, and are escaped where they arrive raw.

/** Controls, format and invisible characters, separators, variation selectors, Hangul fillers, look-alike delimiters. */
const UNSAFE = /[\p{C}\p{Z}\p{VS}\u115F\u1160\u3164\uFFA0\u2044\u2215\u29F8\uFF03\uFF0F\uFF1A\uFF1F\uFF20]/gu;

/** The readable form of an address (or of a report's stored address such as `example.org/caf%C3%A9`). */
export function readableUrl(url: string): string {
  // The scheme and the host (with any user part and port): up to the first `/`, `?` or `#` after them.
  const authority = /^([a-z][\w+.-]*:\/\/)?[^/?#]*/i.exec(url)![0];
  const rest = url.slice(authority.length).replace(/(?:%[0-9A-Fa-f]{2})+/g, decodeRun);
  // Decoding never adds an unsafe character, so this escapes only those that came raw. A lone
  // surrogate has no UTF-8 form: it shows as the escapes of U+FFFD.
  return (authority + rest).replace(UNSAFE, (char) =>
    char === ' ' ? char : encodeURIComponent(char.toWellFormed()),
  );
}

/** A run of escapes: each valid multi-byte UTF-8 sequence of a safe character decoded, the rest kept. */
function decodeRun(run: string): string {
  let shown = '';
  for (let at = 0; at < run.length;) {
    // The sequence's length from its lead byte.
    const lead = Number.parseInt(run.slice(at + 1, at + 3), 16);
    const length = 3 * (lead > 0xf4 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 ? 2 : 1);
    let char = '';
    try {
      // Throws where the bytes are not valid UTF-8: one missing, an overlong form, a surrogate.
      if (length > 3) char = decodeURIComponent(run.slice(at, at + length));
    } catch {
      // Kept as it is.
    }
    // search() ignores the global flag's lastIndex.
    const safe = char !== '' && char.search(UNSAFE) < 0;
    shown += safe ? char : run.slice(at, at + 3);
    at += safe ? length : 3;
  }
  return shown;
}
