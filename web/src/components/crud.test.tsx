import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { FormModal } from './crud';
import { renderWithApp } from '../test/helpers';

function Harness() {
  const [editing, setEditing] = useState<{ name: string } | null | undefined>(undefined);
  return (
    <>
      <Button onClick={() => setEditing(null)}>add</Button>
      <Button onClick={() => setEditing({ name: '原有名称' })}>edit</Button>
      <FormModal<{ name: string }>
        open={editing !== undefined}
        title="t"
        initialValues={editing ?? {}}
        editing={!!editing}
        onSubmit={async () => undefined}
        onClose={() => setEditing(undefined)}
      >
        <Form.Item name="name" label="name">
          <Input data-testid="name-input" />
        </Form.Item>
      </FormModal>
    </>
  );
}

describe('FormModal', () => {
  it('opens an edit with the row values after an abandoned add (no values carried over)', async () => {
    renderWithApp(<Harness />);
    fireEvent.click(screen.getByText('add'));
    fireEvent.change(await screen.findByTestId('name-input'), { target: { value: '未保存的输入' } });
    fireEvent.click(screen.getByRole('button', { name: /取\s*消|Cancel/ }));
    await waitFor(() => expect(screen.queryByTestId('name-input')).toBeNull());
    fireEvent.click(screen.getByText('edit'));
    await waitFor(() => expect((screen.getByTestId('name-input') as HTMLInputElement).value).toBe('原有名称'));
    fireEvent.click(screen.getByRole('button', { name: /取\s*消|Cancel/ }));
    await waitFor(() => expect(screen.queryByTestId('name-input')).toBeNull());
    fireEvent.click(screen.getByText('add'));
    await waitFor(() => expect((screen.getByTestId('name-input') as HTMLInputElement).value).toBe(''));
  });
});
