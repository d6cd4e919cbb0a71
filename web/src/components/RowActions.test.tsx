import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { RowActions, RowActionButton } from './RowActions';

describe('RowActions', () => {
  it('shows the visible actions as small link buttons in order, leaving the hidden ones out', () => {
    const edit = vi.fn();
    const del = vi.fn();
    render(
      <RowActions
        actions={[
          { key: 'edit', label: 'Edit', testId: 'row-edit-1', onClick: edit },
          { key: 'secret', label: 'Secret', testId: 'row-secret-1', hidden: true },
          { key: 'delete', label: 'Delete', testId: 'row-delete-1', danger: true, onClick: del },
        ]}
      />,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Edit', 'Delete']);
    expect(buttons.map((b) => b.getAttribute('data-testid'))).toEqual(['row-edit-1', 'row-delete-1']);
    expect(screen.queryByTestId('row-secret-1')).toBeNull();
    expect(buttons[0].className).toContain('ant-btn-link');
    expect(buttons[0].className).toContain('ant-btn-sm');
    expect(buttons[0].className).not.toContain('ant-btn-dangerous');
    expect(buttons[1].className).toContain('ant-btn-dangerous');
    fireEvent.click(screen.getByTestId('row-edit-1'));
    fireEvent.click(screen.getByTestId('row-delete-1'));
    expect(edit).toHaveBeenCalledTimes(1);
    expect(del).toHaveBeenCalledTimes(1);
  });

  it('passes disabled and title through; a disabled action does not run', () => {
    const run = vi.fn();
    render(<RowActions actions={[{ key: 'gen', label: 'Generate', testId: 'gen', disabled: true, title: 'why not', onClick: run }]} />);
    const button = screen.getByTestId('gen');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('title')).toBe('why not');
    fireEvent.click(button);
    expect(run).not.toHaveBeenCalled();
  });

  it('keeps a click on an action from reaching the row when asked', () => {
    const row = vi.fn();
    const act = vi.fn();
    render(
      <div onClick={row}>
        <RowActions stopPropagation actions={[{ key: 'a', label: 'A', testId: 'a', onClick: act }]} />
      </div>,
    );
    fireEvent.click(screen.getByTestId('a'));
    expect(act).toHaveBeenCalled();
    expect(row).not.toHaveBeenCalled();
  });

  it('renders a single action without the wrapper', () => {
    const { container } = render(<RowActionButton action={{ key: 'x', label: 'Delete', danger: true, testId: 'x' }} />);
    expect(container.firstElementChild?.tagName).toBe('BUTTON');
    expect(container.querySelector('.ant-space')).toBeNull();
  });
});
