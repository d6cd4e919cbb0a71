import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import { mayAccess, objectRules, requireAccess, type Facts, type ObjectKind } from './object-access.js';

/** Each kind's table: the grounds that hold → whether the caller gets in. Grounds not named are false. */
const tables: { [K in ObjectKind]: { holds: (typeof objectRules)[K]['grounds'][number][]; allowed: boolean }[] } = {
  readInstance: [
    { holds: [], allowed: false },
    { holds: ['isStarter'], allowed: true },
    { holds: ['participates'], allowed: true },
    { holds: ['participatesInRoot'], allowed: true },
    { holds: ['isMonitor'], allowed: true },
  ],
  actOnTask: [
    { holds: [], allowed: false },
    { holds: ['isAssignee'], allowed: true },
    { holds: ['isCandidate'], allowed: true },
  ],
  recomputeCandidates: [
    { holds: [], allowed: false },
    { holds: ['isStarter'], allowed: true },
    { holds: ['isCandidate'], allowed: true },
    { holds: ['isMonitor'], allowed: true },
  ],
  recycleInstance: [
    { holds: [], allowed: false },
    { holds: ['isStarter'], allowed: true },
  ],
  deleteInstance: [
    { holds: [], allowed: false },
    { holds: ['isStarter'], allowed: true },
    { holds: ['isMonitorAdmin'], allowed: true },
  ],
  circulation: [
    { holds: [], allowed: false },
    { holds: ['isRecipient'], allowed: true },
  ],
  draft: [
    { holds: [], allowed: false },
    { holds: ['isOwner'], allowed: true },
  ],
  deleteAttachment: [
    { holds: [], allowed: false },
    { holds: ['isUploader'], allowed: true },
    { holds: ['isTenantAdmin'], allowed: true },
  ],
  changeDelegation: [
    { holds: [], allowed: false },
    { holds: ['isOwner'], allowed: true },
    { holds: ['isAssignAdmin'], allowed: true },
  ],
  delegateFor: [
    { holds: [], allowed: false },
    { holds: ['isSelf'], allowed: true },
    { holds: ['isAssignAdmin'], allowed: true },
  ],
  changeStamp: [
    { holds: [], allowed: false },
    { holds: ['isManager'], allowed: true },
    { holds: ['isMaintainer'], allowed: true },
    { holds: ['hasPermission'], allowed: true },
  ],
  stampImage: [
    { holds: [], allowed: false },
    { holds: ['mayUse'], allowed: true },
    { holds: ['isManager'], allowed: true },
    { holds: ['isMaintainer'], allowed: true },
    { holds: ['mayList'], allowed: true },
  ],
};

/** The facts of a row, as lazy functions that record whether they were asked. */
function factsOf<K extends ObjectKind>(kind: K, holds: readonly string[]) {
  const asked: string[] = [];
  const facts = Object.fromEntries(
    objectRules[kind].grounds.map((g) => [
      g,
      async () => {
        asked.push(g);
        return holds.includes(g);
      },
    ]),
  ) as Facts<K>;
  return { facts, asked };
}

describe('object-level access rules', () => {
  for (const kind of Object.keys(tables) as ObjectKind[]) {
    describe(kind, () => {
      it('every ground of the rule has a row of its own, and no row is missing a verdict', () => {
        const named = new Set(tables[kind].flatMap((row) => row.holds));
        expect([...named].sort()).toEqual([...objectRules[kind].grounds].sort());
      });

      for (const row of tables[kind]) {
        it(`${row.holds.join(' + ') || 'nothing holds'} → ${row.allowed ? 'allowed' : 'refused'}`, async () => {
          const { facts } = factsOf(kind, row.holds);
          expect(await mayAccess(kind, facts)).toBe(row.allowed);
          const attempt = requireAccess(kind, 'x1', factsOf(kind, row.holds).facts);
          if (row.allowed) await expect(attempt).resolves.toBeUndefined();
          else await expect(attempt).rejects.toBeInstanceOf(AppError);
        });
      }

      it('asks no fact after one that holds (the costly facts come last)', async () => {
        const first = objectRules[kind].grounds[0];
        const { facts, asked } = factsOf(kind, [first]);
        expect(await mayAccess(kind, facts)).toBe(true);
        expect(asked).toEqual([first]);
      });
    });
  }

  it('refuses with the status the object calls for: 404 where the object must not be revealed, 403 where the caller sees it', () => {
    const status = Object.fromEntries((Object.keys(objectRules) as ObjectKind[]).map((k) => [k, objectRules[k].refusal('x1').status]));
    expect(status).toEqual({
      readInstance: 403,
      actOnTask: 403,
      recomputeCandidates: 403,
      recycleInstance: 403,
      deleteInstance: 403,
      circulation: 404,
      draft: 404,
      deleteAttachment: 403,
      changeDelegation: 404,
      delegateFor: 403,
      changeStamp: 403,
      stampImage: 404,
    });
  });

  it('accepts facts already known (booleans) beside facts asked for', async () => {
    expect(await mayAccess('deleteAttachment', { isUploader: false, isTenantAdmin: () => true })).toBe(true);
    expect(await mayAccess('deleteAttachment', { isUploader: false, isTenantAdmin: false })).toBe(false);
  });
});
