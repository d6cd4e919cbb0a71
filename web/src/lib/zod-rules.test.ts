import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { roleBody, userCreateBody, departmentBody } from '@app/contracts';
import { fieldConstraints, fieldRules } from './zod-rules';

const t = (key: string, options?: Record<string, unknown>) => `${key} ${JSON.stringify(options ?? {})}`;

describe('fieldConstraints', () => {
  it('reads required, length, regex and email through optional, nullable, default, pipe and or(literal(""))', () => {
    expect(fieldConstraints(z.string().trim().max(50).min(1))).toEqual({ required: true, maxLength: 50, minLength: 1 });
    expect(fieldConstraints(z.string().trim().max(50).default(''))).toEqual({ required: false, maxLength: 50 });
    expect(fieldConstraints(z.string().regex(/^a+$/).optional())).toEqual({ required: false, pattern: /^a+$/ });
    const email = z.string().trim().max(100).pipe(z.email()).or(z.literal('')).nullable().optional();
    expect(fieldConstraints(email)).toEqual({ required: false, maxLength: 100, email: true });
    expect(fieldConstraints(z.number().int())).toEqual({ required: true });
    expect(fieldConstraints(z.number().int().default(0))).toEqual({ required: false });
  });

  it('reads the contract schemas', () => {
    expect(fieldConstraints(roleBody.shape.F_FullName)).toEqual({ required: true, minLength: 1, maxLength: 50 });
    expect(fieldConstraints(userCreateBody.shape.F_Account)).toMatchObject({ required: true, maxLength: 50, pattern: /^[A-Za-z0-9_.@-]+$/ });
    expect(fieldConstraints(departmentBody.shape.F_EnCode)).toEqual({ required: false, maxLength: 50 });
  });
});

describe('fieldRules', () => {
  it('gives antd rules with the common messages, a field message replacing the general one', () => {
    expect(fieldRules(userCreateBody.shape.F_Account, '账号', t, { messages: { pattern: '只能是字母和数字' } })).toEqual([
      { required: true, message: 'common:required {"label":"账号"}' },
      { max: 50, message: 'common:maxLength {"label":"账号","max":50}' },
      { pattern: /^[A-Za-z0-9_.@-]+$/, message: '只能是字母和数字' },
    ]);
    expect(fieldRules(z.string().min(6).max(20), 'PIN', t)).toEqual([
      { required: true, message: 'common:required {"label":"PIN"}' },
      { min: 6, message: 'common:minLength {"label":"PIN","min":6}' },
      { max: 20, message: 'common:maxLength {"label":"PIN","max":20}' },
    ]);
    expect(fieldRules(z.email().optional(), 'Email', t)).toEqual([{ type: 'email', message: 'common:invalidEmail {"label":"Email"}' }]);
  });

  it('leaves out the checks asked to be skipped (a clear-text password whose schema checks its hash)', () => {
    expect(fieldRules(userCreateBody.shape.F_Password, 'Password', t, { skip: ['pattern', 'length'] })).toEqual([
      { required: true, message: 'common:required {"label":"Password"}' },
    ]);
  });
});
