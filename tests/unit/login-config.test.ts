// The sign-in options (PcLoginConfig.loginConfig) have a schema in schemas/tenant-settings.ts, with
// the slogan's default (issue 13 point 12): every demo tenant's value must pass it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_SLOGAN, LoginConfig } from '../../schemas/tenant-settings';
import { assertValid } from '../../server/lib/validate';

const DIR = join(import.meta.dirname, '../../templates/tenants');

describe('loginConfig schema', () => {
  it.each(readdirSync(DIR).filter((f) => f.endsWith('.json')))('%s: its loginConfig passes the schema and has a slogan', (file) => {
    const tenant = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as { configList: { paramKey: string; paramValue: string }[] };
    const item = tenant.configList.find((c) => c.paramKey === 'loginConfig');
    expect(item, `${file} has no loginConfig`).toBeDefined();
    const value = assertValid<{ slogan?: string }>(LoginConfig, JSON.parse(item!.paramValue), `${file} loginConfig`);
    expect(value.slogan?.trim()).toBeTruthy();
  });

  it('refuses a bad value and names the field', () => {
    expect(() => assertValid(LoginConfig, { loginTypes: ['fax'] }, 'loginConfig')).toThrow(/loginTypes\/0/);
    expect(() => assertValid(LoginConfig, { slogan: 'x'.repeat(81) }, 'loginConfig')).toThrow(/slogan/);
  });

  it('documents the default slogan in both languages', () => {
    expect((LoginConfig.properties.slogan as { default?: unknown }).default).toBe(DEFAULT_LOGIN_SLOGAN.zh);
    expect(DEFAULT_LOGIN_SLOGAN.en).toBeTruthy();
  });
});
