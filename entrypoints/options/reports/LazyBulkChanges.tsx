// "Bulk changes" is loaded after the Reports section paints: it is not on the page's start-up path (the
// options budget of scripts/check-bundle-size.mjs counts what the HTML loads), and it shows nothing until
// rows are selected or a job runs.
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { BulkChanges as Component } from './BulkChanges';

type Props = Parameters<typeof Component>[0];

export function LazyBulkChanges(props: Props) {
  const loaded = useSignal<typeof Component | null>(null);
  useEffect(() => {
    void import('./BulkChanges').then((module) => (loaded.value = module.BulkChanges));
  }, []);
  const BulkChanges = loaded.value;
  return BulkChanges ? <BulkChanges {...props} /> : null;
}
