// The values the service's lists take (API.md): bands, page sizes, sort keys. Apart from ./types so the
// popup, which lists nothing, does not carry them.
export const REPORT_RESULTS = ['good', 'decent', 'bad'] as const;
export const PER_PAGE_VALUES = [10, 25, 50, 100] as const;
export const REPORT_SORT_KEYS = ['id', 'generated_at', 'url', 'result'] as const;
export const PROJECT_SORT_KEYS = ['created_at', 'project'] as const;
