import { useEffect, useRef } from 'preact/hooks';

/** No base URL or key yet: one sentence and the way to fix it, nothing else. */
export function NotSetUp({ onOpenSettings }: { onOpenSettings: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <main class="not-set-up">
      <p>Add your API base URL and key in Settings to create reports.</p>
      <button type="button" class="primary" ref={button} onClick={onOpenSettings}>
        Open settings
      </button>
    </main>
  );
}
