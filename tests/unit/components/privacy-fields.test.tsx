// The privacy fields the create form, bulk changes and the edit form share (components/PrivacyFields.tsx).
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, expect, it } from 'vitest';
import { PrivacyFields } from '@/components/PrivacyFields';
import { PRIVACY, type Privacy } from '@/lib/api/types';

afterEach(cleanup);

function Form({ start, error }: { start: Privacy | null; error?: string }) {
  const [privacy, setPrivacy] = useState<Privacy | null>(start);
  const [password, setPassword] = useState('');
  return (
    <PrivacyFields
      ids={{ privacy: 'p', password: 'pw' }}
      labels={{ privacy: 'Privacy', password: 'Password' }}
      privacy={privacy}
      onPrivacy={setPrivacy}
      password={password}
      onPassword={setPassword}
      passwordRequired
      passwordHint="Needed to open the report."
      errors={{ password: error }}
    />
  );
}

it('asks for a password for Password only, and forgets the field when another privacy is chosen', () => {
  render(<Form start={PRIVACY.public} />);
  const select = screen.getByRole('combobox', { name: 'Privacy' }) as HTMLSelectElement;
  expect([...select.options].map((option) => option.text)).toEqual(['Public', 'Private', 'Password']);
  expect(screen.queryByLabelText('Password')).toBeNull();
  fireEvent.change(select, { target: { value: String(PRIVACY.password) } });
  const password = screen.getByLabelText('Password') as HTMLInputElement;
  expect(password.required).toBe(true);
  expect(document.getElementById(password.getAttribute('aria-describedby')!)!.textContent).toBe(
    'Needed to open the report.',
  );
  fireEvent.change(select, { target: { value: String(PRIVACY.private) } });
  expect(screen.queryByLabelText('Password')).toBeNull();
});

it('says a password error next to the field instead of its hint', () => {
  render(<Form start={PRIVACY.password} error="Enter a password." />);
  const password = screen.getByLabelText('Password');
  expect(password.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(password.getAttribute('aria-describedby')!)!.textContent).toBe(
    'Enter a password.',
  );
});

it('shows a privacy the service did not say as chosen but not choosable', () => {
  render(<Form start={null} />);
  const select = screen.getByRole('combobox', { name: 'Privacy' }) as HTMLSelectElement;
  expect(select.value).toBe('');
  expect(select.options[0]!.disabled).toBe(true);
});
