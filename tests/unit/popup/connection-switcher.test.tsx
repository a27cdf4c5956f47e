// The popup header's connection switcher (issue 11): a switch the background refuses is said beside it,
// the popup stays as it was, and the select shows the active connection again.
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { beforeEach, expect, it, vi } from 'vitest';
import { apiError } from '@/entrypoints/background/error-messages';
import { ConnectionSwitcher } from '@/entrypoints/popup/ConnectionSwitcher';
import type { Result } from '@/lib/api/errors';
import { send } from '@/lib/messaging/send';
import { A, B, settingsWith } from '../connection-fixtures';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));
const sendMock = vi.mocked(send);

const REFUSED = 'That connection does not exist any more.';

let reload: ReturnType<typeof vi.fn>;

/** Two connections saved; a switch answers `switched`. */
function answerSwitch(switched: Result<unknown>) {
  sendMock.mockImplementation(
    async (type) => (type === 'settings.get' ? { ok: true, data: settingsWith([A, B]) } : switched) as never,
  );
}

beforeEach(() => {
  sendMock.mockReset();
  answerSwitch({ ok: false, error: apiError('invalid_input', { message: REFUSED }) });
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
  answerSwitch({ ok: true, data: settingsWith([B, A]) });
  render(<ConnectionSwitcher />);
  fireEvent.change(await screen.findByRole('combobox', { name: 'Connection' }), { target: { value: 'b' } });
  await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  expect(screen.queryByRole('alert')).toBeNull();
});
