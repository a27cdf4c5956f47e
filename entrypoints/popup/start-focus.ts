// Where focus starts: on this page's action (Create report, or Regenerate once a report is found). A later
// answer may move it from where the popup put it; once the person pressed a key or clicked, it stays theirs.
export function createStartFocus() {
  let acted = false;
  let placed: HTMLElement | null = null;
  return {
    place(element: HTMLElement | null | undefined): void {
      const current = document.activeElement;
      const free = !current || current === document.body || current === placed;
      if (acted || !element || !free) return;
      element.focus();
      if (document.activeElement === element) placed = element;
    },
    personActed(): void {
      acted = true;
    },
  };
}

export type StartFocus = ReturnType<typeof createStartFocus>;
