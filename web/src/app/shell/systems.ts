import type { Subsystem } from '@app/contracts';
import { MAIN_SYSTEM_ID } from '@app/contracts';

/** Spec 9: system auto-select delay. */
export const AUTO_SELECT_DELAY_MS = 500;

/** Shown only when at least one system other than the main one exists. */
export function showSystemSwitcher(systems: Subsystem[]): boolean {
  return systems.some((s) => s.F_Id !== MAIN_SYSTEM_ID);
}

/** With no main system and current id '0', the first system is chosen (after 500 ms). */
export function autoSelectTarget(systems: Subsystem[], currentId: string): Subsystem | null {
  if (currentId !== MAIN_SYSTEM_ID) return null;
  if (systems.some((s) => s.F_Id === MAIN_SYSTEM_ID)) return null;
  return systems[0] ?? null;
}

/** The index URL stored for a system: cleared for the main system. */
export function indexUrlOf(system: Subsystem): string {
  return system.F_Id === MAIN_SYSTEM_ID ? '' : system.F_IndexUrl;
}

/** The home page a system opens on (spec 9: main /wel/index, sub-system /wel/hotFunc). */
export function homeOf(system: Subsystem): string {
  if (system.F_Id === MAIN_SYSTEM_ID) return '/wel/index';
  return system.F_IndexUrl || '/wel/hotFunc';
}

export function scheduleAutoSelect(systems: Subsystem[], currentId: string, choose: (s: Subsystem) => void): () => void {
  const target = autoSelectTarget(systems, currentId);
  if (!target) return () => undefined;
  const id = setTimeout(() => choose(target), AUTO_SELECT_DELAY_MS);
  return () => clearTimeout(id);
}
