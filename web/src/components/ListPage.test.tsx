import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Button } from 'antd';
import { renderWithApp } from '../test/helpers';
import { ListPage } from './ListPage';

interface Person {
  id: string;
  name: string;
  account: string;
  department: string;
}

const rows: Person[] = [
  { id: 'u1', name: '张三', account: 'zhangsan', department: '技术部' },
  { id: 'u2', name: '李四', account: 'lisi', department: '财务部' },
];

function renderList() {
  renderWithApp(
    <ListPage<Person>
      queryKey="people"
      rowKey="id"
      rowTestId={(r) => `person-${r.id}`}
      fetch={async () => ({ Rows: rows, Total: rows.length })}
      columns={[
        { title: '姓名', dataIndex: 'name' },
        { title: '账号', dataIndex: 'account' },
        { title: '部门', dataIndex: 'department', render: (v: string) => <b>{v}</b> },
        { title: '操作', key: 'actions', render: (_: unknown, r: Person) => <Button data-testid={`edit-${r.id}`}>编辑</Button> },
      ]}
    />,
  );
}

/** A window as wide as a phone: antd's xs query (max-width) matches, the min-width ones do not. */
function phoneWidth() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width'), media: query })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

afterEach(() => vi.restoreAllMocks());

describe('ListPage', () => {
  it('is a table on a wide screen', async () => {
    renderList();
    const row = await screen.findByTestId('person-u1');
    expect(row.tagName).toBe('TR');
    expect(document.querySelector('.list-phone-card')).toBeNull();
  });

  it('on a phone: a card per row with its name, key fields and actions; the table is hidden', async () => {
    const restore = phoneWidth();
    try {
      renderList();
      const card = await screen.findByTestId('person-u2');
      expect(card.classList.contains('list-phone-card')).toBe(true);
      expect(card.textContent).toContain('李四');
      expect(card.textContent).toContain('账号lisi');
      expect(within(card).getByText('财务部').tagName).toBe('B');
      expect(within(card).getByTestId('edit-u2')).toBeTruthy();
      expect(document.querySelector('.ant-table-wrapper')).toBeNull();
    } finally {
      restore();
    }
  });
});
