import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import type { CodeRulePart } from '@app/contracts';
import { renderWithApp } from '../../test/helpers';
import { CodeRulePartsEditor, previewParts } from './CodeRuleParts';

let last: CodeRulePart[] = [];
function Host({ initial }: { initial: CodeRulePart[] }) {
  const [parts, setParts] = useState(initial);
  last = parts;
  return <CodeRulePartsEditor value={parts} onChange={setParts} />;
}

describe('code rule part editor', () => {
  it('previews text, date and sequence parts', () => {
    const now = new Date(2026, 10, 3);
    expect(
      previewParts(
        [
          { type: 'text', value: 'PO-' },
          { type: 'date', format: 'yyyyMMdd' },
          { type: 'sequence', width: 4, start: 7, step: 1, reset: 'day' },
        ],
        now,
      ),
    ).toBe('PO-202611030007');
    expect(previewParts([{ type: 'date', format: 'yyMM' }, { type: 'company' }], now)).toBe('2611COMPANY');
  });

  it('adds, edits, orders and removes parts; only one sequence', () => {
    renderWithApp(<Host initial={[]} />);
    fireEvent.click(screen.getByTestId('code-rule-add-text'));
    fireEvent.change(screen.getByTestId('code-rule-part-0-text'), { target: { value: 'NO' } });
    fireEvent.click(screen.getByTestId('code-rule-add-sequence'));
    expect((screen.getByTestId('code-rule-add-sequence') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('code-rule-part-1-width'), { target: { value: '3' } });
    fireEvent.blur(screen.getByTestId('code-rule-part-1-width'));
    expect(last).toEqual([
      { type: 'text', value: 'NO' },
      { type: 'sequence', width: 3, start: 1, step: 1, reset: 'never' },
    ]);
    expect(screen.getByTestId('code-rule-preview').textContent).toBe('NO001');
    fireEvent.click(screen.getByTestId('code-rule-add-department'));
    expect(last.map((p) => p.type)).toEqual(['text', 'sequence', 'department']);
    fireEvent.click(screen.getByTestId('code-rule-part-0-remove'));
    expect(last.map((p) => p.type)).toEqual(['sequence', 'department']);
    expect((screen.getByTestId('code-rule-add-sequence') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('code-rule-part-0-remove'));
    expect((screen.getByTestId('code-rule-add-sequence') as HTMLButtonElement).disabled).toBe(false);
  });
});
