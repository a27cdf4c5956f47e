// The connection switcher of the popup's and the options page's headers: a switch the background refuses
// is said beside it, the page stays as it was, and the select shows the active connection again.
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { beforeEach, expect, it, vi, type Mock } from 'vitest';
import { apiError } from '@/entrypoints/background/error-messages';
import { ConnectionSwitcher } from '@/components/ConnectionSwitcher';
import type { Result } from '@/lib/api/errors';
import type { ConnectionSummary } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { A, B, settingsWith } from '../connection-fixtures';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));
const sendMock = vi.mocked(send);

const REFUSED = 'That connection does not exist any more.';

let switched: Mock<(connection: ConnectionSummary) => void>;

/** `saved` connections; a switch answers `answer`. */
function answerSwitch(answer: Result<unknown>, saved = [A, B]) {
  sendMock.mockImplementation(
    async (type) => (type === 'settings.get' ? { ok: true, data: settingsWith(saved) } : answer) as never,
  );
}

beforeEach(() => {
  sendMock.mockReset();
  answerSwitch({ ok: false, error: apiError('invalid_input', { message: REFUSED }) });
  switched = vi.fn();
});

it('says why a switch was refused, keeps the page, and shows the active connection again', async () => {
  render(<ConnectionSwitcher onSwitched={switched} />);
  const select = (await screen.findByRole('combobox', { name: 'Connection' })) as HTMLSelectElement;
  expect(select.value).toBe('a');
  fireEvent.change(select, { target: { value: 'b' } });
  expect((await screen.findByRole('alert')).textContent).toBe(REFUSED);
  expect(sendMock).toHaveBeenCalledWith('connections.switch', { id: 'b' });
  expect(switched).not.toHaveBeenCalled();
  await waitFor(() => expect(select.disabled).toBe(false));
  expect(select.value).toBe('a');
});

it('hands the chosen connection on once the switch is done, with nothing to say', async () => {
  answerSwitch({ ok: true, data: settingsWith([B, A]) });
  render(<ConnectionSwitcher onSwitched={switched} />);
  fireEvent.change(await screen.findByRole('combobox', { name: 'Connection' }), { target: { value: 'b' } });
  await waitFor(() => expect(switched).toHaveBeenCalledWith(B));
  expect(screen.queryByRole('alert')).toBeNull();
});

it('shows nothing with one connection', async () => {
  answerSwitch({ ok: true, data: null }, [A]);
  render(<ConnectionSwitcher onSwitched={switched} />);
  await waitFor(() => expect(sendMock).toHaveBeenCalledWith('settings.get', {}));
  expect(screen.queryByRole('combobox')).toBeNull();
});
