// The export, loaded with import() when someone presses "Export CSV": none of it is on the options page's
// start-up path (most people never export).
export { createExportModel } from './export-model';
export { ExportPanel } from './ExportPanel';
