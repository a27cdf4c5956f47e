// The account's project names for the Reports "Project" filter: every page of the projects list,
// up to a bound, sorted by name.
import { batch, signal, type ReadonlySignal } from '@preact/signals';
import type { ApiError } from '@/lib/api/errors';
import { send } from '@/lib/messaging/send';
import { latestOnly } from '../list/latest-only';

const PER_PAGE = 100;
/** 1,000 projects: a list that never says it ended must not be read forever. */
const MAX_PAGES = 10;

export function createProjectOptionsModel() {
  const names = signal<readonly string[]>([]);
  const loading = signal(false);
  const error = signal<ApiError | null>(null);
  const truncated = signal(false);

  const fetchAll = latestOnly(async () => {
    const found: string[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const result = await send('projects.list', { perPage: PER_PAGE, sortBy: 'project', sort: 'asc', page });
      if (!result.ok) return { ok: false as const, error: result.error };
      found.push(...result.data.items.map((project) => project.name));
      if (!result.data.hasNext) return { ok: true as const, names: found, truncated: false };
    }
    return { ok: true as const, names: found, truncated: true };
  });

  return {
    names: names as ReadonlySignal<readonly string[]>,
    loading: loading as ReadonlySignal<boolean>,
    error: error as ReadonlySignal<ApiError | null>,
    truncated: truncated as ReadonlySignal<boolean>,
    load() {
      loading.value = true;
      void fetchAll().then(({ current, value }) => {
        if (!current) return;
        batch(() => {
          loading.value = false;
          if (value.ok) {
            names.value = [...new Set(value.names)];
            truncated.value = value.truncated;
            error.value = null;
          } else {
            error.value = value.error;
          }
        });
      });
    },
  };
}

export type ProjectOptionsModel = ReturnType<typeof createProjectOptionsModel>;
