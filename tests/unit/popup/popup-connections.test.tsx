// The popup header's connection switcher: loaded after the first frame, shown with two connections.
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { A, B, settingsWith } from '../connection-fixtures';
import { ok } from './fixtures';
import { openPopup, sent } from './render-popup';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

describe('popup: the connection switcher', () => {
  it('offers the saved connections and switches to the one chosen', async () => {
    openPopup({
      'settings.get': () => ok(settingsWith([A, B])),
      'connections.switch': () =>
        ok(
          settingsWith([
            { ...A, active: false },
            { ...B, active: true },
          ]),
        ),
    });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...location, reload });
    try {
      const select = (await screen.findByRole('combobox', { name: 'Connection' })) as HTMLSelectElement;
      expect([...select.options].map((option) => option.text)).toEqual(['Client A', 'Client B']);
      fireEvent.change(select, { target: { value: 'b' } });
      await waitFor(() => expect(reload).toHaveBeenCalled());
      expect(sent('connections.switch')).toEqual([{ id: 'b' }]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
