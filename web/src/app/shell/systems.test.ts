import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Subsystem } from '@app/contracts';
import { autoSelectTarget, homeOf, indexUrlOf, scheduleAutoSelect, showSystemSwitcher } from './systems';

const main: Subsystem = { F_Id: '0', F_Name: '主系统', F_IndexUrl: '', F_Icon: '' };
const oa: Subsystem = { F_Id: 'oa', F_Name: 'OA', F_IndexUrl: '/wel/hotFunc', F_Icon: '' };
const crm: Subsystem = { F_Id: 'crm', F_Name: 'CRM', F_IndexUrl: '', F_Icon: '' };

afterEach(() => vi.useRealTimers());

describe('system switcher rules', () => {
  it('is shown only when a system other than the main one exists', () => {
    expect(showSystemSwitcher([main])).toBe(false);
    expect(showSystemSwitcher([])).toBe(false);
    expect(showSystemSwitcher([main, oa])).toBe(true);
  });
  it('auto-selects the first system only when there is no main system and the current id is 0', () => {
    expect(autoSelectTarget([main, oa], '0')).toBeNull();
    expect(autoSelectTarget([oa, crm], 'oa')).toBeNull();
    expect(autoSelectTarget([oa, crm], '0')).toBe(oa);
  });
  it('chooses after 500 ms', () => {
    vi.useFakeTimers();
    const choose = vi.fn();
    scheduleAutoSelect([oa, crm], '0', choose);
    vi.advanceTimersByTime(499);
    expect(choose).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(choose).toHaveBeenCalledWith(oa);
    const none = vi.fn();
    scheduleAutoSelect([main, oa], '0', none);
    vi.advanceTimersByTime(1000);
    expect(none).not.toHaveBeenCalled();
  });
  it('clears the index URL for the main system', () => {
    expect(indexUrlOf(main)).toBe('');
    expect(indexUrlOf(oa)).toBe('/wel/hotFunc');
    expect(homeOf(main)).toBe('/wel/index');
    expect(homeOf(crm)).toBe('/wel/hotFunc');
  });
});
