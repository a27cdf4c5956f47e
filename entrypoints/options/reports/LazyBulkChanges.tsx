// "Bulk changes" is loaded after the Reports section paints: it shows nothing until rows are selected or a
// job runs.
import { lazyComponent } from '../lazy-section';

export const LazyBulkChanges = lazyComponent(() =>
  import('./BulkChanges').then((module) => module.BulkChanges),
);
