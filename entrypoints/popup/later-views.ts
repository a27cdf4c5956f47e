// The popup's views loaded after its first frame (after-paint-views.ts), in one chunk: most show on its
// first look, so one load brings them all.
export { ConnectionSwitcher } from '@/components/ConnectionSwitcher';
export { ServiceWait } from '@/components/ServiceWait';
export { RecheckNote } from './RecheckNote';
export { ReportChange } from './ReportChange';
export { SiteLine } from './SiteLine';
