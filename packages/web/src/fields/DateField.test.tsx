// The date input with the real Mantine picker: DD/MM/YYYY typed or shown, whatever the browser's locale,
// a calendar in the app's language, and the value the forms and the API use ('YYYY-MM-DD', with ' HH:mm').
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { renderRoutes } from '../test/render';
import { DateField } from './DateField';

function Field({
  initial = '',
  withTime = false,
  onChange,
}: {
  initial?: string;
  withTime?: boolean;
  onChange(value: string): void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Start date"
      value={value}
      withTime={withTime}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function render(props: Parameters<typeof Field>[0]) {
  renderRoutes([{ path: '/', element: <Field {...props} /> }]);
}

describe('date field', () => {
  it('reads dd/mm/yyyy in English and keeps the ISO day of what is typed', async () => {
    const onChange = vi.fn();
    render({ onChange });
    const input = await screen.findByPlaceholderText('dd/mm/yyyy');
    fireEvent.change(input, { target: { value: '05/03/2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-03-05');
    fireEvent.blur(input);
    expect((input as HTMLInputElement).value).toBe('05/03/2026');
  });

  it('reads jj/mm/aaaa in French with a French calendar', async () => {
    await act(() => i18n.changeLanguage('fr'));
    render({ initial: '2026-03-05', onChange: vi.fn() });
    const input = await screen.findByPlaceholderText('jj/mm/aaaa');
    expect((input as HTMLInputElement).value).toBe('05/03/2026');
    fireEvent.click(input);
    expect(await screen.findByText('mars 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mois suivant', hidden: true })).toBeTruthy();
  });

  it('shows an English calendar in English', async () => {
    render({ initial: '2026-03-05', onChange: vi.fn() });
    fireEvent.click(await screen.findByPlaceholderText('dd/mm/yyyy'));
    expect(await screen.findByText('March 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next month', hidden: true })).toBeTruthy();
  });

  it('takes a date and a time as DD/MM/YYYY HH:mm and keeps YYYY-MM-DD HH:mm', async () => {
    const onChange = vi.fn();
    render({ initial: '2026-03-05 09:15', withTime: true, onChange });
    const input = await screen.findByPlaceholderText('dd/mm/yyyy hh:mm');
    expect((input as HTMLInputElement).value).toBe('05/03/2026 09:15');
    fireEvent.change(input, { target: { value: '06/03/2026 14:30' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-03-06 14:30');
  });

  it('does not take a day that does not exist, nor the browser’s month-first reading', async () => {
    const onChange = vi.fn();
    render({ onChange });
    const input = await screen.findByPlaceholderText('dd/mm/yyyy');
    fireEvent.change(input, { target: { value: '31/02/2026' } });
    fireEvent.change(input, { target: { value: '2026-03-05' } });
    expect(onChange).not.toHaveBeenCalledWith(expect.stringMatching(/^\d{4}/));
  });
});
