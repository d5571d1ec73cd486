// The field registry and the inputs, walked over every kind: each has a labelled input, a list cell and a detail value.
import { FIELD_KINDS, ROLES, type FieldKind } from '@bank/domain';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EntityRow } from '../api/entities';
import { account, json, renderRoutes, stubFetch } from '../test/render';
import { codecOf } from './codecs';
import { FieldInput } from './field-inputs';
import { fieldView } from './field-registry';
import { probe, probeField } from './probe-entity';
import type { FormValue } from './types';

const session = account('manager', [ROLES.MANAGER]);
const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    stubFetch({ 'GET /core/api/branches/3': () => json({ id: 3, name: 'Agence Dakar Plateau' }) }).fetchStub,
  );
});

function Input({ kind }: { kind: FieldKind }) {
  const field = probeField(kind);
  const [value, setValue] = useState<FormValue>(codecOf(field).initial(field));
  return <FieldInput field={field} value={value} onChange={setValue} label={`Label of ${kind}`} />;
}

/** The linked-row input of a form that came with a value, as an edit form does. */
function FilledRef() {
  const field = probeField('ref');
  const [value, setValue] = useState<FormValue>(3);
  return <FieldInput field={field} value={value} onChange={setValue} label="Agence" />;
}

function Values({ row, as }: { row: EntityRow; as: 'Cell' | 'Display' }) {
  return (
    <dl>
      {probe.fields.map((field) => {
        const View = fieldView(field)[as];
        return (
          <div key={field.name} data-testid={`value-${field.kind}`}>
            <View field={field} value={row[field.name]} row={row} />
          </div>
        );
      })}
    </dl>
  );
}

const row: EntityRow = {
  id: 1,
  text: 'Agence',
  longText: 'Ligne 1',
  email: 'awa@bank.sn',
  phone: '+221 77 000 00 00',
  rib: 'SN012',
  int: 42,
  decimal: '14.69280000',
  money: '1500000.5',
  bool: true,
  date: '2024-02-29',
  dateTime: null,
  enum: 'PENDING',
  ref: 3,
  refs: [
    { id: 1, label: 'SMS' },
    { id: 2, label: 'Virement' },
  ],
  image: png,
  imageContentType: 'image/png',
};

describe('field registry', () => {
  it.each(FIELD_KINDS.map((kind) => [kind]))('%s has an input named by its label', async (kind) => {
    renderRoutes([{ path: '/', element: <Input kind={kind} /> }], { session });
    // Selects also name their option list by the label: the input is the one that takes text or a file.
    const named = await screen.findAllByLabelText(`Label of ${kind}`);
    expect(named.filter((element) => ['INPUT', 'TEXTAREA'].includes(element.tagName))).toHaveLength(1);
  });

  it("names a form's linked row once its name arrives, after the box showed its bare id", async () => {
    let answer = () => {};
    const arrived = new Promise<void>((resolve) => (answer = resolve));
    const branch = async () => {
      await arrived;
      return json({ id: 3, name: 'Agence Dakar Plateau' });
    };
    vi.stubGlobal('fetch', stubFetch({ 'GET /core/api/branches/3': branch }).fetchStub);
    renderRoutes([{ path: '/', element: <FilledRef /> }], { session });
    const box = (await screen.findAllByLabelText('Agence')).find((element) => element.tagName === 'INPUT')!;
    await waitFor(() => expect((box as HTMLInputElement).value).toBe('#3'));
    answer();
    await waitFor(() => expect((box as HTMLInputElement).value).toBe('#3 · Agence Dakar Plateau'));
  });

  it('shows every kind in a list cell the way the spec formats it', async () => {
    renderRoutes([{ path: '/', element: <Values row={row} as="Cell" /> }], { session });
    const text = (kind: FieldKind) => screen.getByTestId(`value-${kind}`).textContent;
    expect(await screen.findByText('Agence')).toBeTruthy();
    expect(text('money')).toBe('1 500 000,50 XOF');
    expect(text('decimal')).toBe('14.6928');
    expect(text('bool')).toBe('Yes');
    expect(text('date')).toBe('29/02/2024');
    expect(text('dateTime')).toBe('—');
    expect(text('enum')).toBe('Pending');
    expect(text('refs')).toBe('SMS, Virement');
    expect(text('secret')).toBe('');
    // A long text takes two lines at most, cut by an ellipsis, and is whole in the tooltip.
    const longText = screen.getByTestId('value-longText').firstElementChild as HTMLElement;
    expect(longText.title).toBe('Ligne 1');
    expect(longText.getAttribute('data-line-clamp')).not.toBeNull();
    expect(longText.style.getPropertyValue('--text-line-clamp')).toBe('2');
    expect(screen.getByTestId('value-ref').querySelector('a')?.getAttribute('href')).toBe('/entity/branch/3');
    const img = screen.getByTestId('value-image').querySelector('img');
    expect(img?.getAttribute('src')).toBe(`data:image/png;base64,${png}`);
    expect(img?.style.height).toBe('calc(1.875rem * var(--mantine-scale))');
  });

  it('names a linked row in a detail page', async () => {
    renderRoutes([{ path: '/', element: <Values row={row} as="Display" /> }], { session });
    expect(await screen.findByRole('link', { name: '#3 · Agence Dakar Plateau' })).toBeTruthy();
    expect(screen.getByTestId('value-secret').textContent).toBe('(not shown)');
  });

  it('offers an enum translated, with the enum default chosen on a new form', async () => {
    renderRoutes([{ path: '/', element: <Input kind="enum" /> }], { session });
    expect(await screen.findByDisplayValue('In progress')).toBeTruthy();
  });
});
