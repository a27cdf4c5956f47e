// The export, loaded with import() when someone presses "Export CSV": none of it is on the options page's
// start-up path (its bundle budget is nearly spent, and most people never export).
import type { ReadonlySignal } from '@preact/signals';
import type { JSX } from 'preact';
import { send as sendMessage } from '@/lib/messaging/send';
import { toReportFilters, type ReportsModel, type Send } from '../reports-model';
import { createExportModel, type ExportOptions } from './export-model';
import { ExportPanel } from './ExportPanel';

export interface ExportRun {
  readonly running: ReadonlySignal<boolean>;
  /** Exports the list as it is on screen now (filters, search, sort), every page of it. */
  start(): Promise<void>;
  stop(): void;
  Panel(props: { onOpenSettings?: () => void }): JSX.Element;
}

export function exportRun(
  reports: ReportsModel,
  send: Send = sendMessage,
  options?: ExportOptions,
): ExportRun {
  const model = createExportModel(send, options);
  return {
    running: model.running,
    start: () => model.start(toReportFilters(reports.list.state.peek())),
    stop: model.stop,
    Panel: ({ onOpenSettings }) => <ExportPanel model={model} onOpenSettings={onOpenSettings} />,
  };
}
