// The connections UI (ConnectionsPanel.tsx) is loaded on demand: most people have one connection, and the
// options page's start-up stays as it was.
import { useEffect, useState } from 'preact/hooks';

type ConnectionsUi = typeof import('./ConnectionsPanel');

let loading: Promise<ConnectionsUi> | undefined;

/** The module once loaded; null until then. */
export function useConnectionsUi(): ConnectionsUi | null {
  const [ui, setUi] = useState<ConnectionsUi | null>(null);
  useEffect(() => {
    let gone = false;
    void (loading ??= import('./ConnectionsPanel')).then((module) => gone || setUi(() => module));
    return () => void (gone = true);
  }, []);
  return ui;
}
