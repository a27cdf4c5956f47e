// The popup's views loaded after its first frame (after-paint-views.ts), in one chunk: they all show on
// its first look, so one load brings them.
export { ConnectionSwitcher } from '@/components/ConnectionSwitcher';
export { ServiceWait } from '@/components/ServiceWait';
export { ReportChange } from './ReportChange';
export { SiteLine } from './SiteLine';
