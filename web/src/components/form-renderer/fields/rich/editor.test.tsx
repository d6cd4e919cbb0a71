import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../../../test/helpers';
import { EditorField } from './EditorField';
import { FieldHost, fakeForm, field } from './test-util';

// TinyMCE needs a real browser; a stand-in with the same props shows the lazy editor gets the value and reports edits.
vi.mock('../../../editor/RichEditor', () => ({
  default: ({ value, onChange }: { value?: string; onChange?: (html: string) => void }) => (
    <textarea data-testid="rich-editor-stub" value={value} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));

describe('editor (editable)', () => {
  it('loads the editor lazily with the value and stores the edited HTML', async () => {
    const f = field('editor', 13, 'F_Body');
    renderWithApp(<FieldHost component={EditorField} field={f} form={fakeForm({ data: [f] }, { values: { F_Body: '<p>旧</p>' } })} />);
    const editor = (await screen.findByTestId('rich-editor-stub')) as HTMLTextAreaElement;
    expect(editor.value).toBe('<p>旧</p>');
    fireEvent.change(editor, { target: { value: '<p>新</p>' } });
    await waitFor(() => expect(screen.getByTestId('value-F_Body').textContent).toBe('<p>新</p>'));
  });
});
