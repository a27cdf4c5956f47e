// The one way a field says what is wrong with it (components/fields.tsx): FieldNote under the field,
// fieldAria on it. A search field says its problem as it happens (live): its line is always there.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { FieldNote, fieldAria, SearchField } from '@/components/fields';

afterEach(cleanup);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.tsx') ? [path] : [];
  });
}

describe('field notes', () => {
  it('are written by FieldNote alone: no other markup carries the field-error class', () => {
    const others = ['components', 'entrypoints']
      .flatMap(sources)
      .filter((file) => file !== join('components', 'fields.tsx'))
      .filter((file) => readFileSync(file, 'utf8').includes('field-error'));
    expect(others).toEqual([]);
  });

  it('a live note is a status region before its first message, then describes the field', () => {
    function Search() {
      const [value, setValue] = useState('');
      return (
        <SearchField
          id="search"
          label="Search"
          value={value}
          onInput={setValue}
          problem={value.length > 3 ? 'Too long.' : null}
        />
      );
    }
    render(<Search />);
    const field = screen.getByRole('searchbox', { name: 'Search' });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(field.getAttribute('aria-describedby')).toBeNull();

    fireEvent.input(field, { target: { value: 'abcd' } });
    expect(screen.getByRole('status')).toBe(status); // the same region, now with its text
    expect(status.textContent).toBe('Too long.');
    expect(status.className).toBe('field-error');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(status.id);
  });

  it('a live note still shows the hint while there is no error', () => {
    render(
      <>
        <input id="f" {...fieldAria('f', null, 'A hint.')} />
        <FieldNote id="f" hint="A hint." live />
      </>,
    );
    expect(screen.getByText('A hint.').id).toBe('f-hint');
    expect(document.getElementById('f')!.getAttribute('aria-describedby')).toBe('f-hint');
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
