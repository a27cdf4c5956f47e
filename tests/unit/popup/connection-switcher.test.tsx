// The popup header's connection switcher (issue 11): a switch the background refuses is said beside it,
// the popup stays as it was, and the select shows the active connection again.
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { beforeEach, expect, it, vi } from 'vitest';
import { apiError } from '@/entrypoints/background/error-messages';
import { ConnectionSwitcher } from '@/entrypoints/popup/ConnectionSwitcher';
import type { ConnectionSummary } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));
const sendMock = vi.mocked(send);

const A: ConnectionSummary = {
  id: 'a',
  label: 'Client A',
  baseUrl: 'https://a.example',
  keySet: true,
  active: true,
};
const B: ConnectionSummary = {
  ...A,
  id: 'b',
  label: 'Client B',
  baseUrl: 'https://b.example',
  active: false,
};
const REFUSED = 'That connection does not exist any more.';

let reload: ReturnType<typeof vi.fn>;

beforeEach(() => {
  sendMock.mockReset();
  sendMock.mockImplementation(
    async (type) =>
      (type === 'settings.get'
        ? {
            ok: true,
            data: {
              baseUrl: A.baseUrl,
              keySet: true,
              keyLastFour: null,
              hostPermission: true,
              connections: [A, B],
            },
          }
        : { ok: false, error: apiError('invalid_input', { message: REFUSED }) }) as never,
  );
  reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as never);
});

it('says why a switch was refused, keeps the popup, and shows the active connection again', async () => {
  render(<ConnectionSwitcher />);
  const select = (await screen.findByRole('combobox', { name: 'Connection' })) as HTMLSelectElement;
  expect(select.value).toBe('a');
  fireEvent.change(select, { target: { value: 'b' } });
  expect((await screen.findByRole('alert')).textContent).toBe(REFUSED);
  expect(sendMock).toHaveBeenCalledWith('connections.switch', { id: 'b' });
  expect(reload).not.toHaveBeenCalled();
  await waitFor(() => expect(select.disabled).toBe(false));
  expect(select.value).toBe('a');
});

it('starts the popup again once the switch is done, with nothing to say', async () => {
  sendMock.mockImplementation(
    async (type) =>
      (type === 'settings.get'
        ? {
            ok: true,
            data: {
              baseUrl: A.baseUrl,
              keySet: true,
              keyLastFour: null,
              hostPermission: true,
              connections: [A, B],
            },
          }
        : { ok: true, data: {} }) as never,
  );
  render(<ConnectionSwitcher />);
  fireEvent.change(await screen.findByRole('combobox', { name: 'Connection' }), { target: { value: 'b' } });
  await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  expect(screen.queryByRole('alert')).toBeNull();
});
